const UNITS: Record<string, number> = {
  ...{ zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8 },
  ...{ nine: 9, ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15 },
  ...{ sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19 },
};
const TENS: Record<string, number> = {
  ...{ twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80 },
  ninety: 90,
};

/** Number words as written in contracts ("sixty", "one hundred eighty", "forty-five"). */
export const NUMBER_WORDS =
  '(?:(?:one|two|three|four|five|six|seven|eight|nine)\\s+hundred(?:\\s+(?:and\\s+)?)?)?' +
  '(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[\\s-]+(?:one|two|three|four|five|six|seven|eight|nine))?' +
  '|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)?';

/** The value of a number written in words or digits; null when it is neither. */
export function parseNumber(written: string): number | null {
  const text = written.toLowerCase().replace(/,/g, '').trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  let total = 0;
  let seen = false;
  for (const word of text.split(/[\s-]+/)) {
    if (word === 'and') continue;
    if (word === 'hundred') {
      total = (total || 1) * 100;
    } else if (word in UNITS) {
      total += UNITS[word]!;
    } else if (word in TENS) {
      total += TENS[word]!;
    } else if (word === 'a' || word === 'an') {
      total += 1;
    } else return null;
    seen = true;
  }
  return seen ? total : null;
}

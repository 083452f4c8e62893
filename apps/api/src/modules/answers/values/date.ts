import type { ExtractedValue } from '../answer.types.js';

/** Expiration dates are read by expiration.ts. */
export type DateKind = 'agreement' | 'effective';

const MONTHS = [
  ...['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september'],
  ...['october', 'november', 'december'],
];
const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const ORDINALS = [
  ...['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth'],
  ...['tenth', 'eleventh', 'twelfth', 'thirteenth', 'fourteenth', 'fifteenth', 'sixteenth'],
  ...['seventeenth', 'eighteenth', 'nineteenth', 'twentieth'],
];
for (const unit of ORDINALS.slice(0, 9)) ORDINALS.push(`twenty-${unit}`);
ORDINALS.push('thirtieth', 'thirty-first');
/** An ordinal in words, longest first so that "twenty-first" is not read as "first". */
const ORDINAL_WORD = `(?:${[...ORDINALS].sort((a, b) => b.length - a.length).join('|')})`;
/** "6th", "6", "6t h" (a PDF's text layer splits letters), "1st", "first". */
const DAY = `(\\d{1,2}|${ORDINAL_WORD})\\s*(?:st|nd|rd|th|t\\s?h|s\\s?t|n\\s?d|r\\s?d)?`;
const YEAR = '((?:19|20)\\d{2})';

const FORMS: { pattern: RegExp; read: (match: RegExpExecArray) => [number, number, number] }[] = [
  {
    // March 6, 2006 · March 6 2006 · _Dec. 8, 2005 (a filled-in blank)
    pattern: new RegExp(`(?<![a-z])${MONTH}\\s+${DAY}\\s*,?\\s*${YEAR}\\b`, 'gi'),
    read: (m) => [Number(m[3]), monthOf(m[1]!), dayOf(m[2]!)],
  },
  {
    // 6th day of March, 2006 · 6 March 2006 · first day of July, 2017
    pattern: new RegExp(
      `\\b${DAY}\\s*(?:day\\s+of\\s+)?${MONTH}\\s*,?\\s*(?:in\\s+the\\s+year\\s+)?${YEAR}\\b`,
      'gi',
    ),
    read: (m) => [Number(m[3]), monthOf(m[2]!), dayOf(m[1]!)],
  },
  {
    // 2006-03-06
    pattern: /\b((?:19|20)\d{2})-(\d{1,2})-(\d{1,2})\b/g,
    read: (m) => [Number(m[1]), Number(m[2]), Number(m[3])],
  },
  {
    // 03/06/2006 · 3/6/06 · 3-14-18 (month first, as in US filings) · 29/3/18 (day first when it must be)
    pattern: /\b(\d{1,2})([/.-])(\d{1,2})\2((?:19|20)?\d{2})\b/g,
    read: (m) => {
      const [first, second] = [Number(m[1]), Number(m[3])];
      return first > 12 && second <= 12
        ? [fullYear(m[4]!), second, first]
        : [fullYear(m[4]!), first, second];
    },
  },
  {
    // March 2006 · the ___ day of March, 2006 (day left blank): month and year only
    pattern: new RegExp(`(?<![a-z])${MONTH}\\s*,?\\s*${YEAR}\\b`, 'gi'),
    read: (m) => [Number(m[2]), monthOf(m[1]!), 0],
  },
  {
    // "dated as of ____, 2020", "[ ] day of [ ], 2020", "as of , 2020" (day and month left blank): the year only
    pattern: new RegExp(
      `(?:_{2,}|\\[[^\\]\\n]{0,6}\\]|\\bday\\s+of|\\b(?:as\\s+of|dated)\\s*(?=,))[\\s_,[\\]·•*]*${YEAR}\\b`,
      'gi',
    ),
    read: (m) => [Number(m[1]), 0, 0],
  },
];

type FoundDate = { iso: string; asWritten: string; index: number };

/** Every date written in `text`, as ISO (`2006-03-06`, or `2006-03` without a day), in order. */
export function findDates(text: string): FoundDate[] {
  const found: FoundDate[] = [];
  for (const form of FORMS) {
    for (const match of text.matchAll(form.pattern)) {
      const index = match.index;
      if (
        found.some(
          (date) =>
            index < date.index + date.asWritten.length && date.index < index + match[0].length,
        )
      )
        continue;
      const [year, month, day] = form.read(match);
      if (month < 0 || month > 12 || day < 0 || day > 31 || (month === 0 && day > 0)) continue;
      found.push({ iso: isoOf(year, month, day), asWritten: match[0], index });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

const CUES: Record<DateKind, RegExp> = {
  agreement: /\b(?:dated|made|entered|executed|as\s+of|day\s+of)\b/i,
  effective: /\beffective\b|\bcommenc|\bas\s+of\b|\bstart/i,
};

/** The date a clause states, ISO-normalised with the words as written: the date nearest the kind's cue words. */
export function extractDate(quote: string, kind: DateKind): ExtractedValue | null {
  const dates = findDates(quote);
  if (dates.length === 0) return null;
  if (kind === 'agreement' || dates.length === 1)
    return { value: dates[0]!.iso, asWritten: dates[0]!.asWritten };
  const nearest = nearestToCue(dates, quote, new RegExp(CUES[kind].source, 'gi'));
  return { value: nearest.iso, asWritten: nearest.asWritten };
}

/**
 * The date closest to a cue word of the quote (a cue before the date counts at its distance, one
 * after it at three times: "expires on <date>" rather than "<date>, after which it expires").
 */
export function nearestToCue<T extends { index: number }>(
  dates: T[],
  quote: string,
  cue: RegExp,
): T {
  const cues = [...quote.matchAll(cue)].map((match) => match.index);
  return dates
    .map((date) => ({
      date,
      distance: Math.min(
        ...cues.map((at) => (at <= date.index ? date.index - at : 3 * (at - date.index))),
      ),
    }))
    .sort((a, b) => a.distance - b.distance)[0]!.date;
}

/**
 * A date as CUAD's annotators write it ("3/6/06", "[]/[]/2016") or any form above, as ISO; null
 * when none, or when its year is left blank ("09/14/20[]").
 */
export function normaliseDate(text: string): string | null {
  if (/\/\s*\d{0,3}\s*\[\s*\]\s*$/.test(text)) return null;
  const partial = /^\s*\[\s*\]\s*\/\s*\[\s*\]\s*\/\s*((?:19|20)\d{2})\s*$/.exec(text);
  if (partial) return partial[1]!;
  const monthOnly = /^\s*(\d{1,2})\s*\/\s*\[\s*\]\s*\/\s*((?:19|20)\d{2})\s*$/.exec(text);
  if (monthOnly) return `${monthOnly[2]}-${monthOnly[1]!.padStart(2, '0')}`;
  return findDates(text)[0]?.iso ?? null;
}

/**
 * True when two ISO dates agree: equal, or one is the other without its day or month (a
 * redacted or blank day leaves "2016-03"). A term ending the day before an anniversary matches
 * the anniversary.
 */
export function sameDate(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return a.startsWith(b) || b.startsWith(a);
  const x = Date.parse(a);
  const y = Date.parse(b);
  return !Number.isNaN(x) && !Number.isNaN(y) && Math.abs(x - y) <= 86_400_000;
}

function dayOf(written: string): number {
  const word = ORDINALS.indexOf(written.toLowerCase());
  return word >= 0 ? word + 1 : Number(written);
}

function monthOf(name: string): number {
  const lower = name.toLowerCase().replace('.', '');
  return MONTHS.findIndex((month) => month.startsWith(lower.slice(0, 3))) + 1;
}

function fullYear(written: string): number {
  const year = Number(written);
  if (written.length === 4) return year;
  return year < 50 ? 2000 + year : 1900 + year;
}

function isoOf(year: number, month: number, day: number): string {
  if (month === 0) return String(year);
  const mm = String(month).padStart(2, '0');
  return day === 0 ? `${year}-${mm}` : `${year}-${mm}-${String(day).padStart(2, '0')}`;
}

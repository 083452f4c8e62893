import type { ReviewColumnType } from '@clearroom/contracts';

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH = `(${MONTHS.join('|')}|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\\.?`;
const MONTH_DAY_YEAR = new RegExp(
  `\\b${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`,
  'i',
);
const DAY_MONTH_YEAR = new RegExp(
  `\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:day\\s+of\\s+)?${MONTH},?\\s+(\\d{4})\\b`,
  'i',
);
const NUMERIC_DATE = /\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/;
const ISO_DATE = /\b(\d{4})-(\d{2})-(\d{2})\b/;
const DURATION =
  /\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty-five|sixty|ninety)(?:\s*\(\d+\))?\s*(?:calendar\s+|business\s+)?(?:days?|weeks?|months?|years?)\b/i;
const MONEY =
  /(?:US\$|\$|USD\s?|€|EUR\s?|£|GBP\s?)\s?\d[\d,]*(?:\.\d+)?(?:\s*(?:million|billion|thousand|[MK])\b)?/i;
const PLACE =
  /\blaws?\s+of\s+(?:the\s+)?(?:(?:State|Commonwealth|Province|Republic|Kingdom)\s+of\s+)?([A-Z][\p{L}.]*(?:\s+(?:of\s+)?[A-Z][\p{L}.]*)*)/u;

/**
 * The value a cell of `type` shows, read from the answer's sentence by pattern (a date as
 * YYYY-MM-DD, "60 days", "$2,000,000", the place named by "laws of …"). When the pattern finds
 * nothing the sentence itself is the value: it is what the document says.
 */
export function typedValue(type: ReviewColumnType, sentence: string): string {
  switch (type) {
    case 'yes_no':
      return 'Yes';
    case 'date':
      return readDate(sentence) ?? sentence;
    case 'duration':
      return sentence.match(DURATION)?.[0].replace(/\s+/g, ' ') ?? sentence;
    case 'money':
      return sentence.match(MONEY)?.[0].trim() ?? sentence;
    case 'place':
      return sentence.match(PLACE)?.[1]?.replace(/\s+/g, ' ').replace(/\.$/, '') ?? sentence;
    case 'parties':
    case 'text':
    case 'clause':
      return sentence;
  }
}

/** The first date of the sentence as YYYY-MM-DD, or null. */
export function readDate(sentence: string): string | null {
  let match = sentence.match(MONTH_DAY_YEAR);
  if (match) return iso(match[3]!, monthNumber(match[1]!), match[2]!);
  match = sentence.match(DAY_MONTH_YEAR);
  if (match) return iso(match[3]!, monthNumber(match[2]!), match[1]!);
  match = sentence.match(NUMERIC_DATE);
  if (match) return iso(match[3]!, Number(match[1]), match[2]!);
  match = sentence.match(ISO_DATE);
  if (match) return iso(match[1]!, Number(match[2]), match[3]!);
  return null;
}

function monthNumber(name: string): number {
  const prefix = name.toLowerCase().replace('.', '').slice(0, 3);
  return MONTHS.findIndex((month) => month.startsWith(prefix)) + 1;
}

function iso(year: string, month: number, day: string): string | null {
  const date = new Date(Date.UTC(Number(year), month - 1, Number(day)));
  if (month < 1 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== Number(day))
    return null;
  return date.toISOString().slice(0, 10);
}

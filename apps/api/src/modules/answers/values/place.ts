import type { ExtractedValue } from '../answer.types.js';

const US_STATES = [
  ...['Alabama', 'Alaska', 'Arizona', 'Arkansas', 'California', 'Colorado', 'Connecticut'],
  ...['Delaware', 'Florida', 'Georgia', 'Hawaii', 'Idaho', 'Illinois', 'Indiana', 'Iowa'],
  ...['Kansas', 'Kentucky', 'Louisiana', 'Maine', 'Maryland', 'Massachusetts', 'Michigan'],
  ...['Minnesota', 'Mississippi', 'Missouri', 'Montana', 'Nebraska', 'Nevada', 'New Hampshire'],
  ...['New Jersey', 'New Mexico', 'New York', 'North Carolina', 'North Dakota', 'Ohio'],
  ...['Oklahoma', 'Oregon', 'Pennsylvania', 'Rhode Island', 'South Carolina', 'South Dakota'],
  ...['Tennessee', 'Texas', 'Utah', 'Vermont', 'Virginia', 'Washington', 'West Virginia'],
  ...['Wisconsin', 'Wyoming', 'District of Columbia'],
];
const PROVINCES = [
  ...['Ontario', 'British Columbia', 'Alberta', 'Quebec', 'Nova Scotia', 'Manitoba'],
  ...['Saskatchewan', 'New Brunswick'],
];
const COUNTRIES = [
  ...["People's Republic of China", 'PRC', 'China', 'Hong Kong', 'Singapore', 'Taiwan', 'Japan'],
  ...['Korea', 'India', 'Israel', 'England and Wales', 'England', 'Scotland', 'United Kingdom'],
  ...['Ireland', 'Germany', 'France', 'Netherlands', 'Belgium', 'Switzerland', 'Italy', 'Spain'],
  ...['Sweden', 'Denmark', 'Norway', 'Finland', 'Luxembourg', 'Austria', 'Australia'],
  ...['New Zealand', 'Canada', 'Mexico', 'Brazil', 'Colombia', 'Kazakhstan', 'South Africa'],
  ...['Papua New Guinea', 'Cayman Islands', 'Bermuda', 'United States'],
];

/** Laws named by their adjective ("English law"). */
const ADJECTIVES: Record<string, string> = {
  English: 'England',
  Israeli: 'Israel',
  German: 'Germany',
  Swiss: 'Switzerland',
  Dutch: 'Netherlands',
  French: 'France',
  Japanese: 'Japan',
  Chinese: 'China',
  Canadian: 'Canada',
  Singaporean: 'Singapore',
  Italian: 'Italy',
  Spanish: 'Spain',
  Irish: 'Ireland',
  Scottish: 'Scotland',
  British: 'United Kingdom',
  Swedish: 'Sweden',
  Danish: 'Denmark',
  Norwegian: 'Norway',
  Finnish: 'Finland',
  Belgian: 'Belgium',
  Austrian: 'Austria',
  Australian: 'Australia',
  Korean: 'Korea',
  Mexican: 'Mexico',
  Brazilian: 'Brazil',
};

/** Longest names first, so "West Virginia" wins over "Virginia" and "New York" is one place. */
const PLACES = [...US_STATES, ...PROVINCES, ...COUNTRIES].sort((a, b) => b.length - a.length);
const NAMES = [...PLACES, ...Object.keys(ADJECTIVES).map((adjective) => `${adjective}(?= law)`)];
const PLACE = new RegExp(
  `\\b(${NAMES.map((place) => place.replace(/[.*+^${}|[\]\\']/g, '\\$&').replace(/ /g, '\\s+')).join('|')})\\b`,
  'gi',
);
/** Where a governing-law clause names its law: "laws of", "law of", "governed by … law". */
const LAW_CUE = /\b(?:laws?|statutes)\s+(?:of|in)\b|\bgoverned\b|\bconstrued\b|\bgoverning\b/i;
const CONFLICT_RULES =
  /\b(?:without\s+(?:regard|reference|giving\s+effect)|excluding|exclusive\s+of|other\s+than|notwithstanding|except)\b[^.;]{0,80}?\b(?:conflicts?|choice)[\s-]+of[\s-]+laws?\b(?:\s+(?:rules|principles|provisions))?/i;

/**
 * The state or country whose law governs, read from a governing-law clause: the first known place
 * after the clause's cue words ("laws of the State of California"), with a note when the clause
 * excludes that law's conflict-of-laws rules. Null when the clause names no known place.
 */
export function extractPlace(quote: string): ExtractedValue | null {
  const cue = LAW_CUE.exec(quote);
  const from = cue ? cue.index : 0;
  const matches = [...quote.slice(from).matchAll(PLACE)];
  // "the laws of the United States and the State of Florida": the state's law is the one chosen.
  const state = matches[1] && US_STATES.includes(canonicalPlace(matches[1][0])) ? matches[1] : null;
  const first =
    (matches[0] && canonicalPlace(matches[0][0]) === 'United States' ? state : null) ??
    matches[0] ??
    [...quote.matchAll(PLACE)][0];
  if (!first) return null;
  const asWritten = first[0];
  const value = canonicalPlace(asWritten);
  const conflict = CONFLICT_RULES.exec(quote);
  return conflict ? { value, asWritten, detail: conflict[0] } : { value, asWritten };
}

function canonicalPlace(written: string): string {
  const flat = written.replace(/\s+/g, ' ');
  if (flat.toUpperCase() === 'PRC') return "People's Republic of China";
  const adjective = Object.keys(ADJECTIVES).find(
    (name) => name.toLowerCase() === flat.toLowerCase(),
  );
  if (adjective) return ADJECTIVES[adjective]!;
  return PLACES.find((place) => place.toLowerCase() === flat.toLowerCase()) ?? flat;
}

/** The known places named in `text`, canonical, in order ("which agreements are governed by Delaware law"). */
export function findPlaces(text: string): string[] {
  return [...text.matchAll(PLACE)].map((match) => canonicalPlace(match[0]));
}

/**
 * True when two place names refer to the same place: equal once "the State of" and the like are
 * dropped, or one is the other followed by its country ("Ontario" and "Ontario, Canada"); a
 * law of two places ("England and Wales") is the same as either.
 */
export function samePlace(a: string, b: string): boolean {
  const parts = (text: string) => text.split(/\s+and\s+(?!the\s+laws?\b)/i);
  if (/\s+and\s+/i.test(a) || /\s+and\s+/i.test(b))
    return parts(a).some((x) => parts(b).some((y) => oneSamePlace(x, y)));
  return oneSamePlace(a, b);
}

function oneSamePlace(a: string, b: string): boolean {
  const norm = (text: string) =>
    text
      .toLowerCase()
      .replace(/\bpeople's republic of\b|\bprc\b/g, 'china')
      .replace(/\b(the|state|commonwealth|province|republic|of|laws?)\b/g, ' ')
      .replace(/[^a-z']+/g, ' ')
      .trim();
  const x = norm(a);
  const y = norm(b);
  if (!x || !y) return false;
  return x === y || y.startsWith(`${x} `) || x.startsWith(`${y} `);
}

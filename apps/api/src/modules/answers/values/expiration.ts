import type { ExtractedValue } from '../answer.types.js';
import { findDates, nearestToCue } from './date.js';
import { findDurations } from './duration.js';

/** Words right before a date that make it the day the term ends ("until", "expire on", "to"). */
const ENDS_BEFORE =
  /\b(?:until|through|thru|till|to|expir\w*|end\w*|terminat\w*|conclud\w*)(?:\s+date)?\s*[:,]?\s*(?:on\s+|at\s+|as\s+of\s+)?(?:and\s+including\s+)?$/i;
/** Words right before a date that make it the day the term starts ("commence on", "effective as of"). */
const STARTS_BEFORE =
  /\b(?:commenc\w*|begin\w*|began|start\w*|effective|from|as\s+of|into\s+(?:force|effect)|dated|made|entered\s+into|executed|signed)(?:\s+(?:on|as\s+of|from|this|the))*\s*$/i;
/** "until the end of 2006", "through the end of calendar year 2020". */
const END_OF_YEAR =
  /\b(?:until|through|to|till)\s+the\s+end\s+of\s+(?:(?:the\s+)?(?:calendar|fiscal)\s+year\s+)?((?:19|20)\d{2})\b/i;
/** "until the end of the current calendar year": the end of the year the term starts in. */
const END_OF_CURRENT_YEAR =
  /\b(?:until|through|to|till)\s+the\s+end\s+of\s+the\s+(?:current|then[-\s]current|same)\s+(?:calendar\s+)?year\b/i;
/** "the fifth (5th) anniversary", "the day prior to the second anniversary", "the 3rd anniversary". */
const ANNIVERSARY_ORDINALS: Record<string, number> = {
  ...{ first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8 },
  ...{ ninth: 9, tenth: 10, fifteenth: 15, twentieth: 20, 'twenty-fifth': 25, thirtieth: 30 },
};
const ANNIVERSARY = new RegExp(
  `\\b(?:(the\\s+day\\s+(?:prior|before)\\s+(?:to\\s+)?)?the\\s+)?(${Object.keys(ANNIVERSARY_ORDINALS).join('|')}|\\d+\\s*(?:st|nd|rd|th))\\s*(?:\\(\\s*\\d+\\s*[a-z ]{0,4}\\)\\s*)?anniversary\\b`,
  'i',
);
/** "the end of Year 3", "the end of the fifteenth (15th) Contract Year": a term of that many years. */
const END_OF_YEAR_N = new RegExp(
  `\\bend\\s+of\\s+(?:the\\s+)?(?:(${Object.keys(ANNIVERSARY_ORDINALS).join('|')}|\\d+\\s*(?:st|nd|rd|th))\\s*(?:\\(\\s*\\d+\\s*[a-z ]{0,4}\\)\\s*)?(?:contract|agreement|license|lease)\\s+year|(?:contract\\s+|agreement\\s+)?year\\s+(\\d{1,2})\\b)`,
  'i',
);
/**
 * A term with no fixed end: it runs until terminated ("until terminated", "in perpetuity",
 * "indefinitely") or until an event with no date of its own ("through the completion of the
 * services", "until the expiration of the last patent", "shall expire if the adviser ceases to
 * serve"), which CUAD's annotators also answer "perpetual".
 */
/** The end of something other than the agreement's term ("the expiration of the Support Period"). */
const OTHER_END =
  '(?:the\\s+)?(?:completion|expiration|expiry|termination|cessation)(?:\\s+date)?\\s+of\\s+(?!(?:the\\s+|this\\s+|its\\s+)?(?:initial\\s+|then[-\\s]current\\s+|renewal\\s+|original\\s+)?(?:term|agreement)\\b)';
const PERPETUAL = new RegExp(
  [
    'perpetu(?:al(?:ly)?|ity)',
    'indefinite(?:ly)?',
    'unlimited\\s+period',
    'until\\s+(?:it\\s+is\\s+|so\\s+)?terminated',
    'until\\s+(?:the\\s+)?termination',
    '(?:end|expire|continue)\\w*\\s+(?:only\\s+)?when\\s+terminated',
    'until\\s+(?:either|one|a|any)\\s+party\\b[^.;]{0,80}\\bterminat\\w*',
    'not\\s+(?:be\\s+)?terminable',
    '(?:until|through|till)\\s+(?:the\\s+)?(?:completion|expiration|expiry|termination|cessation|last\\s+(?:date|day)\\s+of\\s+(?:the\\s+)?expiration)(?:\\s+or\\s+\\w+)?\\s+of\\b',
    '\\b(?:expire|terminate|end)s?\\s+(?:if|when(?:ever)?)\\b',
    // Ends with something else's end ("terminate on the expiry of the Cooperation Period"), not the term's own.
    `\\b(?:end|terminate|expire)s?\\s+(?:(?:automatically|immediately)\\s+)?(?:on|upon)\\s+${OTHER_END}`,
    `\\bupon\\s+${OTHER_END}[^.;]{0,120}\\bagreement\\s+shall\\s+(?:\\w+\\s+){0,4}(?:terminate|expire|end)\\b`,
    '\\b(?:for\\s+)?(?:so|as)\\s+long\\s+as\\b',
  ].join('|'),
  'i',
);
/** What comes after the initial term ("After the Initial Term, … month to month until terminated"): no term of its own. */
const AFTER_THE_TERM =
  /\b(?:after|following|upon\s+(?:the\s+)?(?:expiration|expiry|end)\s+of)\s+the\s+(?:initial|original|first)\s+term\b|\b(?:month|year)[-\s]to[-\s](?:month|year)\b/i;
/** A term counted "from the date hereof" (or of this Agreement, of its execution): the agreement's own date. */
export const FROM_THE_DATE_HEREOF =
  /\b(?:date\s+hereof|date\s+of\s+(?:this\s+agreement|its\s+execution|execution)|date\s+first\s+(?:above\s+)?(?:written|set\s+forth|stated))\b/i;
/** A duration that is a notice period ("upon thirty (30) days' prior written notice"), not the term. */
const NOTICE_AFTER =
  /^[^.;]{0,25}?\b(?:notice|prior\s+(?:written|to|notice)|before|advance|in\s+writing)\b/i;
const NOTICE_BEFORE = /\b(?:upon|giving|with|on|by|than|within)\s*$/i;
/** A duration that is a renewal ("successive one-year terms", "automatic 2 year extensions"). */
const RENEWAL_BEFORE =
  /\b(?:renew\w*|successive|additional|further|automatic\w*|extension)\b[^.;]*$/i;
const RENEWAL_AFTER = /^[\s-]*(?:renewal|extension)/i;

type Term = { years: number; months: number; days: number; asWritten: string; exact: boolean };

/**
 * The day an agreement's term ends, read from its term clause, as ISO (`2011-03-05`, `2025`
 * when only the year is known) or "perpetual", with the words it was read from:
 * - a date the clause ends on ("until", "expire on", "to May 3, 2018"), or the end of a year;
 * - else its term ("five (5) years", "until the fifth anniversary of the Effective Date") counted
 *   from the date the clause starts on ("commence on September 10, 2015"), else from `startIso`
 *   (the agreement's effective date, read elsewhere); a notice or renewal period is not the term;
 * - else another date of the clause, nearest its words of ending;
 * - else "perpetual" when it has no fixed end (until terminated, or until an event); else null
 *   (the clause answers).
 */
export function extractExpiration(quote: string, startIso?: string): ExtractedValue | null {
  const dates = findDates(quote);
  const before = (index: number) => quote.slice(Math.max(0, index - 40), index);
  const end = dates.find((date) => ENDS_BEFORE.test(before(date.index)));
  if (end) return { value: end.iso, asWritten: end.asWritten };
  const endOfYear = END_OF_YEAR.exec(quote);
  if (endOfYear) return { value: `${endOfYear[1]}-12-31`, asWritten: endOfYear[0] };
  const starts = dates.filter((date) => STARTS_BEFORE.test(before(date.index)));
  const term = termOf(quote);
  // A term "from the date hereof" runs from the agreement's date, given as `startIso`, not from
  // the date the clause starts on ("begin on February 1, 1998 and end on the first anniversary of
  // the date of this Agreement").
  const from =
    startIso && FROM_THE_DATE_HEREOF.test(quote) ? startIso : (starts[0]?.iso ?? startIso);
  const endOfCurrentYear = END_OF_CURRENT_YEAR.exec(quote);
  if (endOfCurrentYear && from)
    return { value: `${from.slice(0, 4)}-12-31`, asWritten: endOfCurrentYear[0] };
  if (term && from) {
    const value = addTerm(from, term);
    // The term is shown beside the date it was counted to: "2016-09-09 (One (1) Year)".
    if (value) return { value, asWritten: term.asWritten, detail: term.asWritten };
  }
  const others = dates.filter((date) => !starts.includes(date));
  if (others.length > 0) {
    const nearest = nearestToCue(others, quote, /\bexpir|\bterminat|\buntil\b|\bthrough\b|\bend/gi);
    return { value: nearest.iso, asWritten: nearest.asWritten };
  }
  const perpetual = term || AFTER_THE_TERM.test(quote) ? null : PERPETUAL.exec(quote);
  return perpetual ? { value: 'perpetual', asWritten: perpetual[0] } : null;
}

/** The clause's term: its first anniversary or duration that is neither a notice nor a renewal period. */
export function termOf(quote: string): Term | null {
  const anniversary = ANNIVERSARY.exec(quote);
  const durations = findDurations(quote).filter((duration) => {
    const before = quote.slice(Math.max(0, duration.index - 40), duration.index);
    const after = quote.slice(duration.index + duration.asWritten.length);
    return (
      !NOTICE_AFTER.test(after) &&
      !NOTICE_BEFORE.test(before) &&
      !RENEWAL_BEFORE.test(before) &&
      !RENEWAL_AFTER.test(after)
    );
  });
  const duration = durations[0];
  const yearEnd = END_OF_YEAR_N.exec(quote);
  if (yearEnd && (!duration || yearEnd.index < duration.index)) {
    const written = (yearEnd[1] ?? yearEnd[2]!).toLowerCase();
    const years = ANNIVERSARY_ORDINALS[written] ?? parseInt(written, 10);
    if (years) return { years, months: 0, days: 0, asWritten: yearEnd[0], exact: false };
  }
  if (anniversary && (!duration || anniversary.index < duration.index)) {
    const written = anniversary[2]!.toLowerCase();
    const years = ANNIVERSARY_ORDINALS[written] ?? parseInt(written, 10);
    if (years)
      return {
        years,
        months: 0,
        days: anniversary[1] ? -1 : 0,
        asWritten: anniversary[0],
        exact: true,
      };
  }
  if (!duration) return null;
  const [count, unit] = duration.value.split(' ') as [string, string];
  const n = Number(count);
  return {
    years: unit.startsWith('year') ? n : 0,
    months: unit.startsWith('month') ? n : 0,
    days: unit.startsWith('week') ? 7 * n : unit.startsWith('day') ? n : 0,
    asWritten: duration.asWritten,
    exact: false,
  };
}

/**
 * The start date plus the term: a term of N years from `2006-03-06` ends on `2011-03-05` (the day
 * before the anniversary), the anniversary itself on `2011-03-06`. From a start known to the year
 * (`2020`) or month only, a term in whole years (or months) keeps that precision; else null.
 */
function addTerm(startIso: string, term: Term): string | null {
  const [year, month, day] = startIso.split('-').map(Number) as [number, number?, number?];
  if (day === undefined) {
    if (term.days !== 0 && !term.exact) return null;
    if (month === undefined) return term.months === 0 ? String(year + term.years) : null;
    const months = month - 1 + term.months + 12 * term.years;
    return `${year + Math.floor(months / 12)}-${String((months % 12) + 1).padStart(2, '0')}`;
  }
  const date = new Date(Date.UTC(year + term.years, month! - 1 + term.months, day + term.days));
  if (!term.exact) date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

import type { ExtractedValue } from '../answer.types.js';
import { NUMBER_WORDS, parseNumber } from './numbers.js';

export type DurationKind = 'notice' | 'renewal' | 'term' | 'warranty';

const UNIT_DAYS: Record<string, number> = { day: 1, week: 7, month: 30, year: 365 };

/**
 * "sixty (60) days", "60 days", "six months", "one (1) year", "a 30-day", "twelve (12)-month",
 * "twelve (12) full calendar months", "one (I) year" (a text layer's I for 1: the words count).
 */
const DURATION = new RegExp(
  `\\b(?:(${NUMBER_WORDS}|an?)\\s*)?(?:\\(\\s*(\\d+)\\s*\\)|\\(\\s*[il]\\s*\\)|(\\d+))?[\\s-]*(?:full\\s+)?(?:calendar\\s+|business\\s+|working\\s+)?(day|week|month|year)s?\\b`,
  'gi',
);
const YEAR_TO_YEAR =
  /\b(?:year[\s-]to[\s-]year|annual(?:ly)?\s+renew|renew(?:s|ed)?\s+annually)\b/i;
const PERPETUAL = /\b(?:perpetu(?:al|ity)|in\s+perpetuity|indefinite(?:ly)?)\b/i;
const SUCCESSIVE = /\b(?:successive|additional|consecutive|renewal|further|subsequent)\b/i;

/** What each kind of duration is near: the words that make one duration the answer. */
const CUES: Record<DurationKind, RegExp> = {
  notice: /\bnotice\b|\bprior\s+to\b|\bbefore\b|\bin\s+advance\b/i,
  renewal: /\brenew|\bsuccessive\b|\bextend|\badditional\b|\bautomatic/i,
  term: /\bterm\b|\bexpire|\bcontinue|\bperiod\b|\buntil\b/i,
  warranty: /\bwarrant|\bdefect|\bfrom\s+(?:the\s+)?(?:date|delivery|shipment|acceptance)/i,
};

type Found = { value: string; asWritten: string; index: number; days: number };

/** Every duration written in `quote`, normalised ("sixty (60) days" → "60 days"). */
export function findDurations(quote: string): Found[] {
  const found: Found[] = [];
  for (const match of quote.matchAll(DURATION)) {
    const [whole, words, bracketed, digits, unit] = match;
    const number = parseNumber(bracketed ?? digits ?? words ?? '');
    if (number === null || number === 0 || !unit) continue;
    const singular = unit.toLowerCase();
    const value = `${number} ${singular}${number === 1 ? '' : 's'}`;
    found.push({
      value,
      asWritten: whole.trim(),
      index: match.index + whole.indexOf(whole.trim()),
      days: number * UNIT_DAYS[singular]!,
    });
  }
  return found;
}

/**
 * The duration a clause of the given kind states: the duration closest to the kind's cue words
 * (a notice period is written next to "notice"; a renewal term next to "renew" or "successive").
 * Renewal terms keep "successive" when the clause renews more than once; "year to year" is one
 * year; "perpetual" is stated as such.
 */
export function extractDuration(quote: string, kind: DurationKind): ExtractedValue | null {
  const durations = findDurations(quote);
  if (kind === 'renewal' || kind === 'term') {
    const yearly = YEAR_TO_YEAR.exec(quote);
    if (yearly && durations.length === 0)
      return { value: kind === 'renewal' ? 'successive 1 year' : '1 year', asWritten: yearly[0] };
    const perpetual = PERPETUAL.exec(quote);
    if (perpetual && durations.length === 0) return { value: 'perpetual', asWritten: perpetual[0] };
  }
  if (durations.length === 0) return null;
  const cue = CUES[kind];
  const best = durations
    .map((duration) => ({ duration, distance: cueDistance(quote, duration.index, cue) }))
    .sort((a, b) => a.distance - b.distance)[0]!.duration;
  if (kind === 'renewal') {
    const before = quote.slice(Math.max(0, best.index - 40), best.index);
    if (SUCCESSIVE.test(before) || /\bsuccessive\b/i.test(quote))
      return { value: `successive ${best.value}`, asWritten: best.asWritten };
  }
  return { value: best.value, asWritten: best.asWritten };
}

function cueDistance(text: string, index: number, cue: RegExp): number {
  const global = new RegExp(cue.source, 'gi');
  let best = Number.POSITIVE_INFINITY;
  for (const match of text.matchAll(global)) {
    // A cue usually follows its duration ("60 days' prior written notice"); one before counts less.
    const distance = match.index >= index ? match.index - index : (index - match.index) * 1.5;
    best = Math.min(best, distance);
  }
  return best;
}

/**
 * True when two durations are the same length ("12 months" and "1 year", "successive 1 year" and
 * "1 year"): compared in days, a month as 30 and a year as 365, within 3 %.
 */
export function sameDuration(a: string, b: string): boolean {
  const x = durationDays(a);
  const y = durationDays(b);
  if (x === null || y === null) return a.trim().toLowerCase() === b.trim().toLowerCase();
  return x === y || Math.abs(x - y) / Math.max(x, y) < 0.03;
}

function durationDays(text: string): number | null {
  if (PERPETUAL.test(text)) return Number.POSITIVE_INFINITY;
  const durations = findDurations(text);
  return durations.length === 0 ? null : durations.reduce((sum, each) => sum + each.days, 0);
}

import type { Category, Evidence } from './answer.types.js';
import { sentencesIn } from './sentence-cut.js';
import { findDates } from './values/date.js';
import { extractValue } from './values/extract-value.js';

/** Where an agreement's terms run from: its effective date, else its agreement date. */
export const START_DATE_CATEGORIES: readonly Category[] = ['Effective Date', 'Agreement Date'];

/**
 * The date a document's terms run from (ISO, or its year or month only) and the passage that
 * states it; with the agreement's own date when that is another (a term "from the date hereof"
 * runs from it).
 */
export type StartDate = { iso: string; evidence: Evidence; agreement?: StartDate };

/**
 * The date a document's terms run from, read from its evidence: the best-scoring passage at or
 * above `threshold` of its effective date, else of its agreement date, that states a whole date;
 * else the first that states its month or year only ("dated as of ____, 2020" → `2020`); else
 * the best-scoring candidate under `threshold` that states a whole date (a preamble "as of the
 * Effective Date" leaves the date to a line the clause model scored lower).
 * Lets "expires three years after the Effective Date" be answered as a date (`2023`).
 */
export function startOf(
  evidence: readonly Evidence[],
  documentId: number,
  threshold: number,
): StartDate | undefined {
  const own = evidence.filter(
    (each) => each.documentId === documentId && START_DATE_CATEGORIES.includes(each.category),
  );
  const found = own.filter((each) => each.score >= threshold);
  const start =
    definedIn(
      evidence.filter(
        (each) => each.documentId === documentId && DEFINITION_PAGES.includes(each.category),
      ),
    ) ??
    statedIn(found, WHOLE_DATE) ??
    statedIn(found, /^\d{4}(?:-\d{2})?$/) ??
    statedIn(
      own.filter((each) => each.score < threshold),
      WHOLE_DATE,
      'best first',
    );
  const agreement = statedIn(
    found.filter((each) => each.category === 'Agreement Date'),
    WHOLE_DATE,
  );
  return start && agreement && agreement.iso !== start.iso ? { ...start, agreement } : start;
}

const WHOLE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The pages searched for a definition of the effective date: those of the start's and the term's clauses. */
const DEFINITION_PAGES: readonly Category[] = [...START_DATE_CATEGORIES, 'Expiration Date'];
/** Words that define the effective date as the date that follows ("Effective Date" means, … shall be:). */
const DEFINES_EFFECTIVE_DATE =
  /\beffective\s+date\b["”’']?(?:\s+of\s+this\s+(?:\w+\s+){0,2}agreement)?\s*[),]?\s*(?:means|shall\s+mean|shall\s+be|is|will\s+be|:)\s*:?\s*(?:the\s+)?$/i;

/**
 * Words right after a date that name it the effective date, as drafters define a term in a
 * parenthesis after it: "April 1, 2018 (the “Effective Date”)", "26th day of May, 2017
 * (hereinafter referred to as the effective date of the Agreement)".
 */
const NAMED_EFFECTIVE_DATE =
  /^\s*,?\s*\(\s*(?:the\s+|this\s+)?(?:hereinafter\s+(?:referred\s+to\s+as\s+|called\s+)?(?:the\s+)?)?["“”'’]?\s*effective\s+date\b[^)]{0,40}\)/i;
/**
 * Words right before a date that make the agreement effective on it ("This Agreement, dated May 1,
 * 2005, effective as of"), not some other arrangement ("the maturity will, effective …, be adjusted").
 */
const EFFECTIVE_ON =
  /\b(?:agreement|amendment|contract)\b[^.;]{0,120}\beffective\s+(?:as\s+of\s+|on\s+|from\s+)?(?:this\s+|the\s+)?$/i;

/**
 * The effective date where the document states it in so many words, on a page of the passages
 * given: defined ("“Effective Date” means 1 May 2020"), named in a parenthesis after the date
 * ("April 1, 2018 (the “Effective Date”)") or made effective on it ("dated January 28, 2005,
 * effective as of October 15, 2004"). It outranks the clause model's choice among the dates of the
 * preamble and signatures, which often hold the date of signing beside it. The passage cited is
 * the words that state it.
 */
function definedIn(passages: readonly Evidence[]): StartDate | undefined {
  const pages = new Map(passages.map((each) => [each.pageNumber, each]));
  for (const pageNumber of [...pages.keys()].sort((a, b) => a - b)) {
    const passage = pages.get(pageNumber)!;
    for (const date of findDates(passage.pageText)) {
      if (!WHOLE_DATE.test(date.iso)) continue;
      const from = Math.max(0, date.index - 80);
      const before = passage.pageText.slice(from, date.index);
      const end = date.index + date.asWritten.length;
      const effectiveOn = EFFECTIVE_ON.exec(
        passage.pageText.slice(Math.max(0, date.index - 160), date.index),
      );
      const words = DEFINES_EFFECTIVE_DATE.exec(before);
      const named = NAMED_EFFECTIVE_DATE.exec(passage.pageText.slice(end, end + 120));
      if (!words && !named && !effectiveOn) continue;
      const sentence = words
        ? { start: from + words.index, end }
        : sentencesIn(passage.pageText, 0, passage.pageText.length).find(
            (each) => each.start <= date.index && end <= each.end,
          );
      return {
        iso: date.iso,
        evidence: {
          ...passage,
          category: 'Effective Date',
          start: sentence?.start ?? date.index,
          end: sentence?.end ?? end,
        },
      };
    }
  }
  return undefined;
}

/** The first passage stating a date of the form, the effective date's before the agreement date's unless `best first`. */
function statedIn(
  passages: readonly Evidence[],
  form: RegExp,
  order: 'by category' | 'best first' = 'by category',
): StartDate | undefined {
  const rank = (each: Evidence) =>
    order === 'by category' ? START_DATE_CATEGORIES.indexOf(each.category) : 0;
  const sorted = [...passages].sort((a, b) => rank(a) - rank(b) || b.score - a.score);
  for (const passage of sorted) {
    const value = extractValue(
      'date',
      passage.category,
      passage.pageText.slice(passage.start, passage.end),
    );
    if (value && form.test(value.value)) return { iso: value.value, evidence: passage };
  }
  return undefined;
}

/** The ISO date of `startOf`. */
export function startDateOf(
  evidence: readonly Evidence[],
  documentId: number,
  threshold: number,
): string | undefined {
  return startOf(evidence, documentId, threshold)?.iso;
}

import type { AnswerType, Category, ExtractedValue, Redaction } from '../answer.types.js';
import { extractDate, type DateKind } from './date.js';
import { extractDuration, type DurationKind } from './duration.js';
import { extractExpiration } from './expiration.js';
import { extractMoney } from './money.js';
import { extractParties } from './parties.js';
import { extractPlace } from './place.js';
import { findRedactions } from './redaction.js';

export type ValueContext = {
  /** The agreement's effective (or signature) date, ISO, for terms counted from it. */
  startIso?: string;
};

const DURATION_KIND: Partial<Record<Category, DurationKind>> = {
  'Notice Period To Terminate Renewal': 'notice',
  'Renewal Term': 'renewal',
  'Warranty Duration': 'warranty',
  'Expiration Date': 'term',
};
const DATE_KIND: Partial<Record<Category, DateKind>> = {
  'Agreement Date': 'agreement',
  'Effective Date': 'effective',
};

/**
 * The typed value a clause states, by transparent rules per type (see each extractor), or null
 * when no rule can state it (then the clause itself answers). Yes/no, text and clause questions
 * have no value to read.
 */
export function extractValue(
  type: AnswerType,
  category: Category,
  quote: string,
  context: ValueContext = {},
): ExtractedValue | null {
  switch (type) {
    case 'place':
      return extractPlace(quote);
    case 'duration':
      return extractDuration(quote, DURATION_KIND[category] ?? 'term');
    case 'date':
      return category === 'Expiration Date'
        ? extractExpiration(quote, context.startIso)
        : extractDate(quote, DATE_KIND[category] ?? 'agreement');
    case 'money':
      return extractMoney(quote);
    case 'parties':
      return extractParties(quote);
    case 'yes_no':
    case 'text':
    case 'clause':
      return null;
  }
}

/**
 * The redaction that hides a typed value: when no rule reads the value and the clause has a
 * redaction mark, the value is taken to be what was cut ("shall not exceed [***]").
 */
export function redactedValue(
  type: AnswerType,
  quote: string,
  value: ExtractedValue | null,
): Redaction | null {
  if (value || type === 'yes_no' || type === 'text' || type === 'clause') return null;
  return findRedactions(quote)[0] ?? null;
}

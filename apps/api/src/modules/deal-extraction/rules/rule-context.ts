import type { FoundDealValue } from '../../../infra/deal-extractor/deal-extractor.port.js';
import type { PageText, Span } from './page-text.js';
import { type Party, partiesIn, partyNear } from './parties.js';

/** What every rule reads: the pages, the parties they name, and the company the deal is about. */
export type RuleContext = {
  pages: PageText[];
  parties: Party[];
  company: Party | null;
};

export type FieldRule = (context: RuleContext) => FoundDealValue | null;

/**
 * Whether a figure or a person read in `span` may be the company's: not when the passage names
 * other parties and not the company (a licensee's sales, the other side's CEO).
 */
export function aboutCompany(context: RuleContext, page: PageText, span: Span): boolean {
  if (!context.company) return true;
  const named = partiesIn(page, span, context.parties).map((entry) => entry.party);
  return named.length === 0 || named.includes(context.company);
}

/**
 * Whose title or figure is at `index`: 'company', 'other' (another party's), or 'unknown' when
 * no party is named nearby.
 */
export function ownerAt(
  context: RuleContext,
  page: PageText,
  index: number,
): 'company' | 'other' | 'unknown' {
  const party = partyNear(page, index, context.parties);
  if (!party) return 'unknown';
  return party === context.company ? 'company' : 'other';
}

/** Whether a word at `index` is capitalised in the middle of a sentence: a defined term ("Net Sales"). */
export function isDefinedTermAt(page: PageText, index: number): boolean {
  if (!/\p{Lu}/u.test(page.text[index] ?? '')) return false;
  const from = Math.max(0, index - 40);
  const before = (from === 0 ? '\n' : '') + page.text.slice(from, index);
  // At the start of a line or a sentence, or after a label, capitals mean nothing.
  return !/(?:\n|[.:;!?]["”’)]?)[\s\d().-]*$/.test(before);
}

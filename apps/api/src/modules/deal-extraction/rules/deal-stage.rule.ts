import type { DealStage } from '@clearroom/contracts';
import type { FoundDealValue } from '../../../infra/deal-extractor/deal-extractor.port.js';
import { matchesOf, type PageText } from './page-text.js';
import { partiesIn } from './parties.js';
import type { RuleContext } from './rule-context.js';

/**
 * The deal stage, only where the pages state it of this deal (a wrong stage is worse than none):
 * - a document that is itself a letter of intent, term sheet or indication of interest ("This
 *   Letter of Intent …", or such a title on its first page) → Initial Review;
 * - "<the company> has signed a definitive (merger) agreement" → Closing;
 * - "completed its acquisition of <the company>" → Completed.
 * The most advanced stage found wins. "Closing" in a contract's boilerplate says nothing.
 */
export function findDealStage(context: RuleContext): FoundDealValue | null {
  let best: { found: FoundDealValue; rank: number } | null = null;
  for (const page of context.pages) {
    for (const { stage, pattern, needsCompany } of STAGE_EVIDENCE) {
      for (const match of matchesOf(pattern, page.text)) {
        if (pattern === TITLE && page.page.pageNumber !== 1) continue;
        const quote = page.sentenceAround(match.index, match.index + match[0].length);
        if (needsCompany && !namesCompany(context, page, quote)) continue;
        const rank = STAGE_ORDER.indexOf(stage);
        if (!best || rank > best.rank) best = { found: page.found(stage, quote), rank };
      }
    }
  }
  return best?.found ?? null;
}

const STAGE_ORDER: DealStage[] = ['Initial Review', 'Closing', 'Completed'];

const PRELIMINARY = String.raw`(?:letter\s+of\s+intent|term\s+sheet|indication\s+of\s+interest)`;
const SELF_REFERENCE = new RegExp(
  String.raw`\bthis\s+(?:non-binding\s+|binding\s+|confidential\s+)?${PRELIMINARY}\b`,
  'gi',
);
const TITLE = new RegExp(
  String.raw`^[ \t]*(?:non-binding\s+|confidential\s+)?${PRELIMINARY}[ \t]*$`,
  'gim',
);
const SIGNED =
  /\b(?:has|have|had)\s+(?:signed|executed|entered\s+into)\s+(?:a|the)\s+definitive\s+(?:(?:merger|purchase|acquisition|stock\s+purchase|asset\s+purchase|share\s+purchase)\s+)?agreement\b/gi;
const COMPLETED =
  /\b(?:completed|closed|consummated)\s+(?:its|the|their)\s+(?:acquisition|purchase)\s+of\b|\b(?:acquisition|purchase)\s+of\s+[^.;]{2,80}?\s+(?:was|has\s+been)\s+(?:completed|closed|consummated)\b/gi;

const STAGE_EVIDENCE: { stage: DealStage; pattern: RegExp; needsCompany: boolean }[] = [
  { stage: 'Initial Review', pattern: SELF_REFERENCE, needsCompany: false },
  { stage: 'Initial Review', pattern: TITLE, needsCompany: false },
  { stage: 'Closing', pattern: SIGNED, needsCompany: true },
  { stage: 'Completed', pattern: COMPLETED, needsCompany: true },
];

function namesCompany(
  context: RuleContext,
  page: PageText,
  quote: { start: number; end: number },
): boolean {
  const company = context.company;
  return company !== null && partiesIn(page, quote, [company]).length > 0;
}

import type { FoundDealValue } from '../../../infra/deal-extractor/deal-extractor.port.js';
import type { RuleContext } from './rule-context.js';

/** The company's name as the pages write it where they define it (see parties.ts for which company). */
export function findCompanyName(context: RuleContext): FoundDealValue | null {
  const company = context.company;
  if (!company) return null;
  const { page, start, end } = company.name;
  return page.found(page.text.slice(start, end), page.sentenceAround(start, end));
}

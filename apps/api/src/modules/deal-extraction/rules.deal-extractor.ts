import { setImmediate } from 'node:timers/promises';
import type { ExtractableDealField } from '@clearroom/contracts';
import type {
  DealExtractionRequest,
  DealExtractor,
  FoundDealValue,
} from '../../infra/deal-extractor/deal-extractor.port.js';
import { findChiefExecutive } from './rules/chief-executive.rule.js';
import { findCompanyName } from './rules/company-name.rule.js';
import { findDealStage } from './rules/deal-stage.rule.js';
import {
  findEmployeeCount,
  findProfitMargin,
  findRevenue,
  findValuation,
} from './rules/figures.rule.js';
import { findIndustry } from './rules/industry.rule.js';
import { PageText } from './rules/page-text.js';
import { chooseCompany, findParties } from './rules/parties.js';
import type { FieldRule, RuleContext } from './rules/rule-context.js';

/** One documented rule per field (see each rule's file for what it reads and what it refuses). */
const RULES: Record<ExtractableDealField, FieldRule> = {
  companyName: findCompanyName,
  industry: findIndustry,
  ceoName: findChiefExecutive,
  revenue: findRevenue,
  profitMargin: findProfitMargin,
  employeeCount: findEmployeeCount,
  valuation: findValuation,
  dealStage: findDealStage,
};

/**
 * The built-in extractor: transparent rules over the pages' text, no model. Every value is
 * copied from a page (whitespace normalised) with the sentence or lines it was read from; a
 * field the rules do not find is left out.
 */
export class RulesDealExtractor implements DealExtractor {
  readonly method = 'rules' as const;

  async extract({
    pages,
    companyName,
    signal,
  }: DealExtractionRequest): Promise<Partial<Record<ExtractableDealField, FoundDealValue>>> {
    signal.throwIfAborted();
    const texts = pages.map((page) => new PageText(page));
    const parties = findParties(texts);
    const context: RuleContext = {
      pages: texts,
      parties,
      company: chooseCompany(parties, companyName),
    };
    const found: Partial<Record<ExtractableDealField, FoundDealValue>> = {};
    for (const [field, rule] of Object.entries(RULES) as [ExtractableDealField, FieldRule][]) {
      // Between rules, let other requests run and notice a client that has gone.
      await setImmediate(undefined, { signal });
      const value = rule(context);
      if (value) found[field] = value;
    }
    return found;
  }

  /** The rules read only the project's documents: without them there is nothing to read. */
  extractFromCompanyName(): Promise<null> {
    return Promise.resolve(null);
  }
}

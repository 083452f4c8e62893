import { parseValuation } from '../../projects/valuation-parser.js';
import type { FoundDealValue } from '../../../infra/deal-extractor/deal-extractor.port.js';
import { matchesOf, type PageText } from './page-text.js';
import { aboutCompany, isDefinedTermAt, type RuleContext } from './rule-context.js';

/**
 * Revenue, profit margin, employees and valuation: a figure counts only when the sentence says
 * what it is ("total revenue of $48.2 million", "approximately 1,200 employees", "an EBITDA
 * margin of 21%", "a purchase price of $250 million"). Nothing is computed from other figures.
 * A figure is left out when its sentence is about a payment or a threshold (royalties, fees,
 * milestones, "Net Sales" of licensed products), a forecast, another party, or a loan margin.
 */

const CURRENCY = String.raw`(?:US\$|USD|EUR|GBP|CHF|\$|€|£)`;
const SCALE = String.raw`(?:million|billion|thousand|bn|mm|mn|m|k|M|B|K)(?![\p{L}\p{N}])`;
const MONEY = String.raw`(?:${CURRENCY}[ \t]?\d{1,3}(?:,\d{3})+(?:\.\d+)?|${CURRENCY}[ \t]?\d+(?:\.\d+)?)(?:[ \t]?${SCALE})?|\d{1,3}(?:,\d{3})*(?:\.\d+)?[ \t]?(?:million|billion)(?:[ \t]+(?:dollars|euros|pounds|USD|EUR|GBP))?(?![\p{L}\p{N}])`;
const HAS_SCALE = new RegExp(String.raw`\d[ \t]?${SCALE}`, 'u');
const PERCENT = String.raw`\d{1,3}(?:\.\d+)?[ \t]?(?:%|percent(?![\p{L}])|per[ \t]cent(?![\p{L}]))`;
const ABOUT = String.raw`(?:(?:approximately|about|around|roughly|nearly|almost|over|more\s+than|some|circa|c\.|~)\s*)`;

/** Sentences about money owed or promised, not earned: their figures are never the company's. */
const PAYMENT_TALK =
  /royalt|milestone|licen[cs]ed\s+products?|licen[cs]e\s+fees?|threshold|in\s+excess\s+of|exceed|minimum|shall\s+pay|payable|forecast|projected|budget|guidance|expected|anticipated|\bif\b|at\s+least|no\s+less\s+than|not\s+less\s+than/i;
/** Tables "in thousands" hold numbers without their scale: a bare "$48,213" there is not $48,213. */
const SCALED_TABLE = /\(?\s*in\s+(?:thousands|millions)\b|\(\s*000s?\s*\)|\$\s*000s?\b/i;

const REVENUE_WORDS = String.raw`(?:(?:total|net|annual|consolidated|gross|group)\s+)*(?:revenues?|net\s+sales|turnover)`;
const REVENUE = [
  // "total revenue of $48.2 million", "Revenue for fiscal 2023 was $48.2 million", "Revenue: $48.2M"
  new RegExp(
    String.raw`(?<![\p{L}\p{N}])(?<words>${REVENUE_WORDS})(?![\p{L}])(?<gap>[^.;$€£]{0,50}?)(?:\s(?:of|was|were|totall?ed|totall?ing|amounted\s+to|reached|grew\s+to|increased\s+to|rose\s+to)|:|\s[-–—])\s*${ABOUT}?(?<money>${MONEY})`,
    'giu',
  ),
  // "generated $48.2 million in revenue"
  new RegExp(
    String.raw`(?<money>${MONEY})\s+(?:in|of)\s+(?<words>${REVENUE_WORDS})(?![\p{L}])`,
    'giu',
  ),
];
/** Between "revenue" and its amount: words that make the amount something else. */
const NOT_REVENUE_GAP =
  /income|profit|ebitda|earnings|loss|cost|expense|cash|debt|fee|price|per\b|share/i;

export function findRevenue(context: RuleContext): FoundDealValue | null {
  for (const pattern of REVENUE) {
    for (const page of context.pages) {
      for (const match of matchesOf(pattern, page.text)) {
        const wordsAt = match.index + match[0].indexOf(match.groups!['words']!);
        if (NOT_REVENUE_GAP.test(match.groups!['gap'] ?? '')) continue;
        if (isDefinedTermAt(page, wordsAt)) continue;
        const found = figure(context, page, match, match.groups!['money']!, {
          money: true,
          earned: true,
        });
        if (found) return found;
      }
    }
  }
  return null;
}

const MARGIN_KIND = String.raw`(?<kind>(?:adjusted\s+)?(?:net\s+profit|net|operating|gross|EBITDA|EBIT|pre-tax|profit)\s+)?`;
const MARGIN = [
  // "net margin of 12.5%", "EBITDA margin was 21%", "Profit margin: 18%"
  new RegExp(
    String.raw`(?<![\p{L}\p{N}])(?<phrase>${MARGIN_KIND}(?:profit\s+)?margins?(?:\s+(?:of|was|were|is|stood\s+at|reached|amounted\s+to|equal\s+to)|:|\s[-–—])?\s*${ABOUT}?(?<percent>${PERCENT}))`,
    'giu',
  ),
  // "a 12% net margin"
  new RegExp(
    String.raw`(?<phrase>(?<percent>${PERCENT})\s+${MARGIN_KIND}(?:profit\s+)?margin)(?![\p{L}])`,
    'giu',
  ),
];
/** Margins of a loan, a reseller or a discount: not the company's profitability. */
const NOT_PROFIT_MARGIN =
  /interest|libor|sofr|euribor|per\s+annum|applicable\s+margin|basis\s+points|loan|borrow|credit|spread|discount|distributor|reseller|dealer|mark-?up|royalt/i;
/** Net profit first, then operating profit, then gross. */
const MARGIN_RANK = (kind: string | undefined): number =>
  !kind || /net|profit|pre-tax/i.test(kind) ? 0 : /gross/i.test(kind) ? 2 : 1;

export function findProfitMargin(context: RuleContext): FoundDealValue | null {
  const candidates: { found: FoundDealValue; rank: number }[] = [];
  for (const pattern of MARGIN) {
    for (const page of context.pages) {
      for (const match of matchesOf(pattern, page.text)) {
        const phrase = match.groups!['phrase']!;
        const phraseAt = match.index + match[0].indexOf(phrase);
        const marginAt = phraseAt + phrase.search(/margin/i);
        if (isDefinedTermAt(page, marginAt)) continue;
        const quote = page.sentenceAround(match.index, match.index + match[0].length);
        if (NOT_PROFIT_MARGIN.test(page.text.slice(quote.start, quote.end))) continue;
        const rank = MARGIN_RANK(match.groups!['kind']);
        // A gross or EBITDA margin says which it is; a net margin is the profit margin itself.
        const value = rank === 0 ? match.groups!['percent']! : phrase;
        const found = figure(context, page, match, value, { money: false, earned: true });
        if (found) candidates.push({ found, rank });
      }
    }
  }
  return candidates.sort((a, b) => a.rank - b.rank)[0]?.found ?? null;
}

const COUNT = String.raw`(?<count>${ABOUT}?\d{1,3}(?:,\d{3})+|${ABOUT}?\d{1,6})`;
const STAFF = String.raw`(?:(?:full[- ]time|part[- ]time|permanent|salaried|total|active)(?:[- ]equivalent)?\s+)?(?:employees|staff|people|personnel|team\s+members|FTEs?|workers)(?![\p{L}])`;
const EMPLOYEES = [
  // "has approximately 1,200 employees", "employs 350 people", "with 1,200 full-time employees"
  new RegExp(
    String.raw`(?<![\p{L}])(?:has|had|have|employs|employed|employ|employing|with|totall?ing)\s+(?:a\s+(?:total|workforce|staff|team)\s+of\s+)?${COUNT}\s+${STAFF}`,
    'giu',
  ),
  // "a workforce of approximately 1,200", "headcount was 1,200"
  new RegExp(
    String.raw`(?<![\p{L}])(?:workforce|headcount|employees)\s+(?:of|was|were|is|totall?ed|numbered|stood\s+at)\s+${COUNT}(?![\d,]*\s*(?:%|percent))`,
    'giu',
  ),
  // "Employees: 1,200"
  new RegExp(
    String.raw`^[ \t]*(?:Number\s+of\s+employees|Employees|Headcount|FTEs?)[ \t]*:[ \t]*${COUNT}`,
    'gmu',
  ),
];
const NOT_A_HEADCOUNT =
  /up\s+to|no\s+more\s+than|not\s+more\s+than|at\s+least|maximum|minimum|each|per\b/i;

export function findEmployeeCount(context: RuleContext): FoundDealValue | null {
  for (const pattern of EMPLOYEES) {
    for (const page of context.pages) {
      for (const match of matchesOf(pattern, page.text)) {
        const count = match.groups!['count']!;
        if (
          NOT_A_HEADCOUNT.test(
            page.text.slice(Math.max(0, match.index - 20), match.index + match[0].length),
          )
        ) {
          continue;
        }
        const quote = page.sentenceAround(match.index, match.index + match[0].length);
        if (!aboutCompany(context, page, quote)) continue;
        return page.found(count, quote);
      }
    }
  }
  return null;
}

const VALUATION = new RegExp(
  String.raw`(?<![\p{L}])(?<kind>(?:pre-money\s+|post-money\s+|implied\s+|equity\s+)?valuation|enterprise\s+value|equity\s+value|(?:aggregate\s+|total\s+|base\s+)?purchase\s+price|(?:aggregate|total)\s+(?:merger\s+)?consideration|merger\s+consideration|transaction\s+value|deal\s+value)(?![\p{L}])(?<gap>[^.;\d$€£]{0,40}?)(?:\s(?:of|is|was|will\s+be|shall\s+be|equal\s+to|equals|in\s+the\s+amount\s+of)|:|\s[-–—])\s*${ABOUT}?(?<money>${MONEY})`,
  'giu',
);
const NOT_A_DEAL_PRICE =
  /\bper\b|\beach\b|\bunits?\b|\bproducts?\b|liabilit|damages|insurance|indemnif|not\s+to\s+exceed|deductible|royalt|license\s+fee/i;
/** Below this, a "purchase price" is the price of goods, not of a company. */
const SMALLEST_DEAL = 100_000;
/** Valuation and enterprise value say what the company is worth; a price says what is paid. */
const VALUATION_RANK = (kind: string): number => (/valu/i.test(kind) ? 0 : 1);

export function findValuation(context: RuleContext): FoundDealValue | null {
  const candidates: { found: FoundDealValue; rank: number }[] = [];
  for (const page of context.pages) {
    for (const match of matchesOf(VALUATION, page.text)) {
      const money = match.groups!['money']!;
      if ((parseValuation(money)?.amount ?? 0) < SMALLEST_DEAL) continue;
      const quote = page.sentenceAround(match.index, match.index + match[0].length);
      if (
        NOT_A_DEAL_PRICE.test(match.groups!['gap']!) ||
        NOT_A_DEAL_PRICE.test(page.text.slice(quote.start, quote.end))
      ) {
        continue;
      }
      const found = figure(context, page, match, money, { money: true, earned: false });
      if (found) candidates.push({ found, rank: VALUATION_RANK(match.groups!['kind']!) });
    }
  }
  return candidates.sort((a, b) => a.rank - b.rank)[0]?.found ?? null;
}

/** The figure of `match`, quoted by its sentence, unless the sentence disqualifies it. */
function figure(
  context: RuleContext,
  page: PageText,
  match: RegExpExecArray,
  value: string,
  kind: { money: boolean; earned: boolean },
): FoundDealValue | null {
  const quote = page.sentenceAround(match.index, match.index + match[0].length);
  const sentence = page.text.slice(quote.start, quote.end);
  if (kind.earned && PAYMENT_TALK.test(sentence)) return null;
  if (!aboutCompany(context, page, quote)) return null;
  if (kind.money && !HAS_SCALE.test(value) && SCALED_TABLE.test(page.text)) return null;
  return page.found(value, quote);
}

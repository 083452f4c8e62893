import type { FoundDealValue } from '../../../infra/deal-extractor/deal-extractor.port.js';
import { escapeRegExp, matchesOf, type PageText, WORD_EDGE_BEFORE } from './page-text.js';
import type { RuleContext } from './rule-context.js';

/**
 * The industry, in the pages' own words, from the first of these that a page states:
 * 1. a label: "Industry: Industrial automation";
 * 2. the company described: "Acme, Inc. is an industrial automation company" → "industrial
 *    automation"; "ENERGOUS is a supplier of uncoupled wirefree charging systems" → "supplier of
 *    uncoupled wirefree charging systems"; "Acme is engaged in the mining business" → "mining";
 * 3. an industry word in a sentence whose subject is the company ("Inktomi develops and markets
 *    computer software products" → "software").
 * Sentences about another party ("Vyera is a pharmaceutical company") say nothing of this one.
 */
export function findIndustry(context: RuleContext): FoundDealValue | null {
  const subject = subjectPattern(context);
  const patterns = subject ? [LABEL, ...describing(subject)] : [LABEL];
  for (const pattern of patterns) {
    for (const page of context.pages) {
      const found = firstIndustry(page, pattern);
      if (found) return found;
    }
  }
  return subject ? keywordInSentenceAbout(context.pages, subject) : null;
}

const LABEL =
  /^[ \t]*(?:Industry|Sector|Industry\s+sector)[ \t]*:[ \t]*(?<industry>[^\n]{2,60}?)[ \t.]*$/gmu;

/** Praise and size, not industry: left out of the value. */
const DESCRIPTORS = String.raw`(?:leading|global|premier|growing|diversified|established|international|national|regional|independent|innovative|major|large|small|mid-sized|privately[- ]held|publicly[- ]traded|vertically[- ]integrated|fast[- ]growing|full[- ]service|world[- ]class|U\.S\.[- ]based)`;
const INDUSTRY_WORDS = String.raw`\p{Ll}[\p{L}\p{N}/&-]*(?:\s+(?:and\s+|&\s+)?\p{L}[\p{L}\p{N}/&-]*){0,4}?`;
const KIND_OF_BUSINESS = String.raw`(?:company|corporation|business|firm|group|provider|manufacturer|developer|producer|maker|franchisor|operator|platform|enterprise|distributor|supplier|retailer|consultancy)`;
const ROLE = String.raw`(?:supplier|provider|developer|manufacturer|maker|producer|distributor|designer|operator|franchisor|marketer|owner\s+and\s+operator)`;
/** Up to a comma, a full stop, a bracket, or a word that starts a clause ("including", "that"). */
const UNTIL_CLAUSE = String.raw`[^,;.()]{3,100}?(?=\s*[,;.()]|\s+(?:including|that|which|who|whose|to|for|with|in|under|pursuant|through)\b)`;

function describing(subject: string): RegExp[] {
  const opening = String.raw`${subject}\s+(?:is|was|operates\s+as|has\s+been)\s+(?:a|an)\s+(?:${DESCRIPTORS}\s+)*`;
  return [
    new RegExp(
      String.raw`${opening}(?<industry>${INDUSTRY_WORDS})\s+${KIND_OF_BUSINESS}(?![\p{L}\p{N}])`,
      'gu',
    ),
    new RegExp(String.raw`${opening}(?<industry>${ROLE}\s+of\s+${UNTIL_CLAUSE})`, 'gu'),
    new RegExp(
      String.raw`${subject}\s+(?:is|are)\s+(?:primarily\s+)?(?:engaged|active)\s+in\s+the\s+(?:business\s+of\s+(?<activity>${UNTIL_CLAUSE})|(?<industry>${INDUSTRY_WORDS})\s+(?:business|industry|sector))`,
      'gu',
    ),
    new RegExp(
      String.raw`${subject}\s+operates\s+in\s+the\s+(?<industry>${INDUSTRY_WORDS})\s+(?:industry|sector|market)`,
      'gu',
    ),
  ];
}

/** Words that describe a legal form or a place, not an industry ("a Delaware corporation"). */
const NOT_AN_INDUSTRY =
  /\b(?:limited|liability|holding|holdings|shell|subsidiary|public|private|privately|publicly|joint|stock|parent|successor|duly|organized|organised|incorporated|registered|party|member|non-profit|nonprofit|charity)\b/i;

function firstIndustry(page: PageText, pattern: RegExp): FoundDealValue | null {
  for (const match of matchesOf(pattern, page.text)) {
    const industry = match.groups!['industry'] ?? match.groups!['activity'];
    // A label says outright what the industry is; a description must be vetted.
    if (!industry || (pattern !== LABEL && !isIndustry(industry))) continue;
    const quote = page.sentenceAround(match.index, match.index + match[0].length);
    return page.found(industry.replace(/[\s.,;:]+$/, ''), quote);
  }
  return null;
}

/** Lower-case words (acronyms allowed), none naming a legal form, and not praise alone. */
function isIndustry(text: string): boolean {
  const words = text.trim().split(/\s+/);
  if (NOT_AN_INDUSTRY.test(text)) return false;
  if (words.some((word) => /^\p{Lu}\p{Ll}/u.test(word))) return false;
  return !new RegExp(`^(?:${DESCRIPTORS}\\s*)+$`, 'i').test(text.trim());
}

/** Industry words, as a deal analyst would file a company under them (SIC-like headings). */
const INDUSTRY_KEYWORDS =
  /(?<![\p{L}\p{N}])(?:biopharmaceutical|pharmaceutical|biotechnology|biotech|medical\s+devices?|diagnostics|software|semiconductors?|franchis(?:e|ing)|reinsurance|insurance|banking|asset\s+management|financial\s+services|mining|oil\s+and\s+gas|renewable\s+energy|energy|telecommunications|real\s+estate|e-commerce|retail|logistics|chiropractic|health\s?care|hospitality|restaurants?|automotive|aerospace|agricultur(?:e|al)|chemicals?|construction|education|media|advertising|gaming|consulting|manufacturing|biofuels?|robotics|cybersecurity|fintech)(?![\p{L}\p{N}])/u;
/** What a company does, said of it: "Inktomi develops and markets …", "Acme is …". */
const DOES = String.raw`(?:is|was|develops|designs|manufactures|makes|markets|sells|provides|offers|operates|owns|produces|distributes|specializes|specialises)`;

/**
 * A sentence opening with the company (after "WHEREAS," or a recital letter) and saying what it
 * does, with an industry word (lower case: a capitalised one is a defined term) soon after.
 */
function keywordInSentenceAbout(pages: PageText[], subject: string): FoundDealValue | null {
  const opening = new RegExp(
    String.raw`(?:^|[.;:]\s+|\n[ \t]*(?=WHEREAS|\(?[A-Ha-h]\)?[.)]\s))(?:WHEREAS,?\s+|\(?[A-Ha-h]\)?[.)]\s+)?${subject}(?<rest>\s+${DOES}\b[^.;]{0,120})`,
    'gu',
  );
  for (const page of pages) {
    for (const match of matchesOf(opening, page.text)) {
      const rest = match.groups!['rest']!;
      const keyword = INDUSTRY_KEYWORDS.exec(rest);
      if (!keyword) continue;
      const at = match.index + match[0].length - rest.length + keyword.index;
      return page.found(keyword[0], page.sentenceAround(at, at + keyword[0].length));
    }
  }
  return null;
}

/** The company's names as a sentence's subject, or null when no company was identified. */
function subjectPattern(context: RuleContext): string | null {
  const company = context.company;
  if (!company) return null;
  const names = [...company.aliases, ...company.aliases.map((alias) => alias.toUpperCase())];
  if (company.definedAsCompany) names.push('The Company', 'the Company');
  const forms = [...new Set(names)]
    .sort((a, b) => b.length - a.length)
    .map((name) => escapeRegExp(name).replace(/ /g, String.raw`\s+`));
  return `${WORD_EDGE_BEFORE}(?:${forms.join('|')})`;
}

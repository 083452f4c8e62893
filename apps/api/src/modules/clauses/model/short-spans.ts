import type { Segment, SegmentPiece } from './segment.js';

/**
 * A few categories are short phrases inside a sentence, not whole clauses: a contract's name, its
 * parties, its date. Once the model has found the sentence, these extractors narrow it to the
 * phrase(s) an annotator would mark. Each returns [start, end) ranges in `segment.text`; none
 * found → the whole segment stays the span.
 */
type Extractor = (text: string) => [number, number][];

const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
/** A blank left to be filled in: "____", "[ ]", "[•]", "[___]". */
const BLANK = '(?:_{2,}|\\[[^\\]\\n]{0,5}\\])';
const DAY_NUMBER =
  '(?:\\d{1,2}\\s*(?:st|nd|rd|th|s\\s*t|n\\s*d|r\\s*d|t\\s*h)?|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)';
/** A year, also one left partly blank ("20__", "200_"). */
const YEAR = '(?:\\d{4}|\\d{2,3}_+|_{2,})';
const DATE = new RegExp(
  [
    `\\b${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?\\s*,?\\s*\\d{4}`,
    `\\b${DAY_NUMBER}\\s+day\\s+of\\s+${MONTH}(?:\\s*,?\\s*${YEAR})?`,
    `\\b\\d{1,2}\\s*(?:st|nd|rd|th|s\\s*t|n\\s*d|r\\s*d|t\\s*h)?\\s+${MONTH},?\\s+\\d{4}`,
    // Dates left blank to be filled in: "____ day of ________, 2015", "[ ] day of [ ], 2020",
    // "day of , 2009", "June ___, 2010", "__________, 2015".
    `(?:${BLANK}\\s*)?\\bday\\s+of\\s+(?:${MONTH}|${BLANK})?\\s*,?\\s*(?:in\\s+the\\s+year\\s+)?(?:${YEAR}|20\\b)`,
    `\\b${MONTH}\\s*(?:${BLANK})?\\s*,\\s*${YEAR}`,
    `${BLANK}\\s*,\\s*${YEAR}`,
    `\\b${MONTH}\\s+\\d{4}\\b`,
    `\\b\\d{1,2}/\\d{1,2}/\\d{2,4}\\b`,
    `\\b\\d{1,2}-\\d{1,2}-\\d{2,4}\\b`,
    `\\b\\d{1,2}\\.\\d{1,2}\\.\\d{4}\\b`,
  ].join('|'),
  'gi',
);
const DOCUMENT_KIND =
  '(?:Agreement|Contract|Amendment|License|Licence|Lease|Plan|Terms and Conditions|Addendum|Memorandum of Understanding|Arrangement|Deed|Charter)';
const DOCUMENT_KIND_UPPER =
  '(?:AGREEMENT|CONTRACT|AMENDMENT|LICENSE|LICENCE|LEASE|PLAN|TERMS AND CONDITIONS|ADDENDUM|MEMORANDUM OF UNDERSTANDING|ARRANGEMENT|DEED|CHARTER)';
/** "This Commercialization and License Agreement", "THIS CO-BRANDING AGREEMENT": the name, not "this". */
const DOCUMENT_NAME = new RegExp(
  [
    `\\b(?:[Tt]his|THIS|[Tt]he|THE)\\s+((?:[A-Z0-9][\\w&'’/.-]*\\s+(?:(?:and|of|for|to|on)\\s+)?){1,8}${DOCUMENT_KIND})\\b`,
    `\\b(?:THIS|THE)\\s+((?:[A-Z0-9][A-Z0-9&'’/.-]*,?\\s+(?:(?:AND|OF|FOR|TO|ON)\\s+)?){1,8}${DOCUMENT_KIND_UPPER})\\b`,
  ].join('|'),
  'g',
);
/** A title line in capitals: "CO-BRANDING AND ADVERTISING AGREEMENT", "FRANCHISE AGREEMENT (Exclusive)". */
const TITLE_LINE = new RegExp(
  `^[ \\t]*((?:[A-Z0-9][A-Z0-9&'’®/.,-]*[ \\t]+){0,9}${DOCUMENT_KIND_UPPER}S?(?:[ \\t]*\\([^)\\n]{1,40}\\))?)[ \\t]*$`,
  'gm',
);
/** Company names by their suffix, in any case ("Acme Holdings, Inc.", "2THEMART.COM, INC."). */
const COMPANY =
  /\b[A-Z0-9][\w&'’.-]*(?:\s+(?:[A-Z0-9][\w&'’.-]*|of|and|&|de)){0,6},?\s+(?:Inc\.?|INC\.?|Incorporated|INCORPORATED|LLC|L\.L\.C\.|Ltd\.?|LTD\.?|Ltda\.?|Limited|LIMITED|Corporation|CORPORATION|Corp\.?|CORP\.?|Company|COMPANY|Co\.|CO\.|N\.A\.|GmbH|GMBH|S\.A\.|plc|PLC|LP|L\.P\.|LLP|L\.L\.P\.|AG|B\.V\.|N\.V\.|S\.p\.A\.|S\.A\.S\.|Pty\.? Ltd\.?|SE|SA|AB|AS|A\/S|Oy|KK|K\.K\.)(?![\w])/g;
const DEFINED_TERM = /[“"]\s*([A-Z][^”"]{0,60}?)\s*[”"]/g;
/** "…are referred to individually as a "Party" and collectively as the "Parties"": annotators mark it whole. */
const PARTIES_SENTENCE =
  /\b(?:referred to|each|individually|collectively|together)\b[^.]{0,120}[“"']Part(?:y|ies)\b/;

function matches(pattern: RegExp, text: string, group = 0): [number, number][] {
  const found: [number, number][] = [];
  for (const match of text.matchAll(pattern)) {
    const value = match[group];
    if (value === undefined) continue;
    const start = match.index + match[0].indexOf(value);
    found.push([start, start + value.length]);
  }
  return found;
}

/** Ranges of whichever group of `pattern` took part in each match. */
function matchAll(pattern: RegExp, text: string): [number, number][] {
  const found: [number, number][] = [];
  for (const match of text.matchAll(pattern)) {
    const value = match.slice(1).find((group) => group !== undefined);
    if (value === undefined) continue;
    const start = match.index + match[0].indexOf(value);
    found.push([start, start + value.length]);
  }
  return found;
}

/** A party's term in parentheses without quotes: "(Developer)", "(the COMPANY)", "(hereinafter ITS)". */
const BARE_TERM =
  /\(\s*(?:the\s+|hereinafter\s+(?:referred\s+to\s+as\s+)?(?:the\s+)?)?([A-Z][A-Za-z]+(?:\s+[A-Z][A-Za-z]+)?)\s*\)/g;
/**
 * A party named without a company suffix but described as one: "SUNWAI Technology, a Taiwanese
 * company", "Alan Crane, an individual", "The Right Solution, a Nevada Corporation".
 */
const DESCRIBED_PARTY =
  /\b(?:between|and|by|with|BETWEEN|AND|BY|WITH)\s+([A-Z][\w&'’.-]*(?:\s+(?:[A-Z0-9][\w&'’.-]*|of|&)){0,5}),\s+(?:an?\s+)?(?:[A-Z][A-Za-z]+\s+){0,3}(?:[Cc]orporation|[Cc]ompany|[Ii]ndividual|[Pp]artnership|[Ee]ntity|[Bb]ank|[Tt]rust)\b/g;
/** The parenthesis naming the parties' collective term: "(each a "Party", collectively, the "Parties")". */
const PARTIES_PARENTHESIS = /\([^()]{0,120}[“"']Part(?:y|ies)\b[^()]{0,80}\)/g;

function dedupe(ranges: [number, number][]): [number, number][] {
  const unique = new Map(ranges.map((range) => [range.join(':'), range]));
  return [...unique.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

const NOT_A_PARTY =
  /^(?:Agreement|AGREEMENT|Party|Parties|Effective Date|Term|Territory|Affiliates?|Products?|Services?|Confidential Information|Commission|Program|Addendum|Amendment|Exhibit|Schedule)$/;

const TAKES_EFFECT = /effective|commenc|come into (?:force|effect)|begin|start/i;

export const SHORT_SPAN_EXTRACTORS: Record<string, Extractor> = {
  'Agreement Date': (text) => matches(DATE, text),
  // The date, and the sentence itself when it says when the agreement takes effect (annotators
  // mark "This Agreement shall commence on the date of its execution" whole). A contract that
  // names no effective date takes effect on its date: a date elsewhere is a weaker candidate.
  'Effective Date': (text) => {
    const dates = matches(DATE, text);
    if (!TAKES_EFFECT.test(text)) return dates;
    const sentence: [number, number][] =
      /(?:shall|will|is to)\s+(?:be(?:come)?\s+effective|commence|begin|come into)|effective\s+(?:as\s+of|on|upon|from)|(?:term|agreement)\s+(?:shall|will)\s+(?:commence|begin|start)/i.test(
        text,
      ) &&
      text.length <= 400 &&
      !/\b(?:between|entered into)\b/i.test(text)
        ? [[0, text.length]]
        : [];
    return [...dates, ...sentence];
  },
  'Document Name': (text) => {
    const titles = matches(TITLE_LINE, text, 1);
    const named = [...matchAll(DOCUMENT_NAME, text)];
    return [...titles, ...named].sort((a, b) => a[0] - b[0]);
  },
  Parties: (text) => {
    const terms = [...matches(DEFINED_TERM, text, 1), ...matches(BARE_TERM, text, 1)].filter(
      ([start, end]) => !NOT_A_PARTY.test(text.slice(start, end)),
    );
    const whole: [number, number][] = PARTIES_SENTENCE.test(text) ? [[0, text.length]] : [];
    const collective = whole.length > 0 ? matches(PARTIES_PARENTHESIS, text) : [];
    const described = matches(DESCRIBED_PARTY, text, 1).filter(
      ([start, end]) => !NOT_A_PARTY.test(text.slice(start, end)),
    );
    return dedupe([...matches(COMPANY, text), ...described, ...terms, ...collective, ...whole]);
  },
};

/** The pieces of `segment.text.slice(from, to)` (the text joins its pieces with one space). */
export function piecesOfRange(segment: Segment, from: number, to: number): SegmentPiece[] {
  const pieces: SegmentPiece[] = [];
  let offset = 0;
  for (const piece of segment.pieces) {
    const length = piece.end - piece.start;
    const start = Math.max(from, offset);
    const end = Math.min(to, offset + length);
    if (end > start)
      pieces.push({
        pageNumber: piece.pageNumber,
        start: piece.start + start - offset,
        end: piece.start + end - offset,
      });
    offset += length + 1;
  }
  return pieces;
}

/**
 * How much of its sentence's score a phrase keeps. Every sentence of a contract is a candidate
 * for every category, so every defined term and every agreement a sentence names is a Parties or
 * Document Name candidate; most are not. A defined term right after a company name ("Acme, Inc.
 * ("Acme")") names a party, a term defined elsewhere ("Confidential Information") rarely does;
 * "This Supply Agreement" names the contract, "the Supply Agreement" often another one.
 */
export const WEAK_PHRASE = 0.2;
/** A date in a sentence that does not say it takes effect: the contract's date, a weak Effective Date. */
export const DATE_WITHOUT_EFFECT = 0.05;
/** How far after a company name its defined term may start ("Acme, Inc., a Delaware corporation ("Acme")"). */
const TERM_AFTER_COMPANY = 150;

export function phraseWeight(category: string, text: string, [from, to]: [number, number]): number {
  if (category === 'Parties') {
    if (from === 0 && to === text.length) return 1;
    const companies = [...matches(COMPANY, text), ...matches(DESCRIBED_PARTY, text, 1)];
    if (companies.some(([start, end]) => start === from && end === to)) return 1;
    if (matches(PARTIES_PARENTHESIS, text).some(([start, end]) => start === from && end === to))
      return 1;
    const afterCompany = companies.some(
      ([, end]) => end <= from && from - end <= TERM_AFTER_COMPANY,
    );
    return afterCompany ? 1 : WEAK_PHRASE;
  }
  if (category === 'Effective Date') return TAKES_EFFECT.test(text) ? 1 : DATE_WITHOUT_EFFECT;
  if (category === 'Document Name') {
    return /\b(?:the|The|THE)\s+$/.test(text.slice(Math.max(0, from - 6), from)) ? WEAK_PHRASE : 1;
  }
  return 1;
}

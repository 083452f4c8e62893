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
const DATE = new RegExp(
  [
    `\\b${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?\\s*,?\\s*\\d{4}`,
    `\\b\\d{1,2}\\s*(?:st|nd|rd|th|s\\s*t|n\\s*d|r\\s*d|t\\s*h)?\\s+(?:day\\s+of\\s+)?${MONTH},?\\s+\\d{4}`,
    `\\b\\d{1,2}/\\d{1,2}/\\d{2,4}\\b`,
  ].join('|'),
  'gi',
);
const DOCUMENT_KIND =
  '(?:Agreement|Contract|Amendment|License|Licence|Lease|Plan|Terms and Conditions|Addendum|Memorandum of Understanding|Arrangement|Deed|Charter)';
const DOCUMENT_NAME = new RegExp(
  `\\b(?:[Tt]his|[Tt]he)\\s+((?:[A-Z0-9][\\w&'’/-]*\\s+(?:(?:and|of|for|to|on)\\s+)?){0,8}${DOCUMENT_KIND})\\b`,
  'g',
);
const COMPANY =
  /\b[A-Z][\w&'’.-]*(?:\s+(?:[A-Z][\w&'’.-]*|of|and|&)){0,6},?\s+(?:Inc\.?|Incorporated|LLC|L\.L\.C\.|Ltd\.?|Limited|Corporation|Corp\.?|Company|Co\.|N\.A\.|GmbH|S\.A\.|plc|PLC|LP|L\.P\.|LLP|AG|B\.V\.|N\.V\.|S\.p\.A\.|Pty\.? Ltd\.?|SE)(?![\w])/g;
const DEFINED_TERM = /[“"]([A-Z][^”"]{0,60})[”"]/g;

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

const NOT_A_PARTY =
  /^(?:Agreement|Party|Parties|Effective Date|Term|Territory|Affiliate|Products?|Services?)$/;

export const SHORT_SPAN_EXTRACTORS: Record<string, Extractor> = {
  'Agreement Date': (text) => matches(DATE, text),
  'Effective Date': (text) => (/effective|commence/i.test(text) ? matches(DATE, text) : []),
  'Document Name': (text) => (text === text.toUpperCase() ? [] : matches(DOCUMENT_NAME, text, 1)),
  Parties: (text) => {
    const terms = matches(DEFINED_TERM, text, 1).filter(
      ([start, end]) => !NOT_A_PARTY.test(text.slice(start, end)),
    );
    return [...matches(COMPANY, text), ...terms].sort((a, b) => a[0] - b[0]);
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

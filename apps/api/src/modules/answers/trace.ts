import { CUAD_CATEGORIES } from '../../cuad/labels.js';
import type { AnswerPart, ComposedAnswer } from './answer.types.js';
import { clauseName } from './categories.js';

/** Page texts by `pageLookupKey(documentId, pageNumber)`. */
export type PageLookup = ReadonlyMap<string, string>;

export const pageLookupKey = (documentId: number, pageNumber: number) =>
  `${documentId}:${pageNumber}`;

const WORD = /[\p{L}\p{N}]+/gu;
const MARKER = /\[(\d+)\]/g;
const QUOTED = /"([^"]+)"/g;

/** The short phrases an answer may write around its quotes and values. */
const CONNECTIVES = new Set(
  (
    'yes no not the a an of in is are was were have has and or other found searched page pages ' +
    'document documents qualified by redacted filed copy amount cap period date governing law ' +
    'governed clause names party parties matching scope possibly'
  ).split(' '),
);
const CLAUSE_WORDS = new Set(CUAD_CATEGORIES.flatMap((category) => wordsOf(clauseName(category))));

/**
 * What in an answer cannot be traced to its cited pages; [] when everything can:
 * - each citation's quote is exactly its page's text at its offsets;
 * - markers name existing citations, numbered 1, 2, 3 in order of first appearance, none unused;
 * - every quoted passage of the text is one of the citations' quotes, word for word;
 * - every extracted value was read from words inside its citation's quote;
 * - what is left (outside quotes, values, document names and the question's own `echoed` words,
 *   such as its value filter) is short connective words only.
 */
export function traceProblems(
  answer: ComposedAnswer,
  pages: PageLookup,
  echoed: readonly string[] = [],
): string[] {
  const problems: string[] = [];
  const byNumber = new Map(answer.citations.map((citation) => [citation.number, citation]));
  for (const citation of answer.citations) {
    const page = pages.get(pageLookupKey(citation.documentId, citation.pageNumber));
    if (page === undefined || page.slice(citation.start, citation.end) !== citation.quote)
      problems.push(`citation [${citation.number}] is not the text of its page`);
  }
  const order = [...new Set([...answer.text.matchAll(MARKER)].map((match) => Number(match[1])))];
  if (order.some((n, index) => n !== index + 1))
    problems.push(`markers out of order: ${order.join(',')}`);
  for (const n of order) if (!byNumber.has(n)) problems.push(`marker [${n}] has no citation`);
  for (const citation of answer.citations)
    if (!order.includes(citation.number)) problems.push(`citation [${citation.number}] unused`);

  let rest = answer.text;
  for (const citation of answer.citations) rest = rest.split(`"${flat(citation.quote)}"`).join(' ');
  // Values first: a parties value quotes its defined terms (`Ingram Micro ("Distributor")`).
  const written: string[] = [];
  for (const part of answer.parts) {
    const value = valueOf(part);
    if (!value || !('citation' in part)) continue;
    const quote = flat(byNumber.get(part.citation)?.quote ?? '');
    for (const words of [value.asWritten, value.detail ?? ''])
      if (words && !quote.includes(flat(words)))
        problems.push(
          `value "${value.value}" not read from citation [${part.citation}] ("${words}" is not in it)`,
        );
    written.push(value.value, value.detail ?? '');
  }
  // All at once, longest first: "England" must not eat the start of another line's "England and Wales".
  rest = removeAll(rest, written);
  for (const match of rest.matchAll(QUOTED))
    problems.push(`quoted text not in a cited quote: "${match[1]!.slice(0, 60)}"`);
  rest = rest.replace(QUOTED, ' ');
  rest = removeAll(rest.replace(MARKER, ' '), [
    ...answer.documents.map((d) => d.documentName),
    ...echoed,
  ]);
  const unknown = wordsOf(rest).filter(
    (word) => !CONNECTIVES.has(word) && !CLAUSE_WORDS.has(word) && !/^\d+$/.test(word),
  );
  if (unknown.length > 0) problems.push(`untraceable words: ${[...new Set(unknown)].join(' ')}`);
  return problems;
}

function valueOf(part: AnswerPart) {
  return part.kind === 'direct' || part.kind === 'document' ? part.value : undefined;
}

function removeAll(text: string, phrases: readonly string[]): string {
  return phrases
    .filter(Boolean)
    .sort((a, b) => b.length - a.length)
    .reduce((rest, phrase) => rest.split(phrase).join(' '), text);
}

function flat(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

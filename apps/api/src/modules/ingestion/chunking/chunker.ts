import {
  findRepeatedLines,
  lineKeys,
  type PageText,
  type RepeatedLines,
} from './repeated-lines.js';
import { timeSlices } from '../../../common/time-slices.js';
import {
  type Sentence,
  type SentenceLimits,
  splitSentences,
} from '../../../common/text/sentences.js';

/** A passage of one page: `pageText.slice(start, end) === text`. */
export type PageChunk = { start: number; end: number; text: string };

export type DocumentChunk = PageChunk & { pageNumber: number };

/** A few hundred words at most, so a passage is specific enough to cite and rank. */
const LIMITS: SentenceLimits = { maxWords: 200, maxChars: 3000 };
/** The last sentence of a chunk opens the next one too (the overlap), unless it is longer. */
const MAX_OVERLAP_WORDS = 50;
const NO_LINES: RepeatedLines = new Set();

/**
 * Cuts one page into sentence-aligned chunks. Lines in `skip` (running headers and footers)
 * stay out of every chunk: the text on either side of one is chunked separately.
 */
export function chunkPage(pageText: string, skip: RepeatedLines = NO_LINES): PageChunk[] {
  const chunks: PageChunk[] = [];
  for (const [from, to] of keptRegions(pageText, skip)) {
    for (const [start, end] of packSentences(splitSentences(pageText, from, to, LIMITS))) {
      chunks.push({ start, end, text: pageText.slice(start, end) });
    }
  }
  return chunks;
}

/**
 * Chunks every page of a document, leaving out the headers and footers its pages repeat (unless
 * `tabular`: rows of a sheet repeat their shape, and every page opens with the sheet's header).
 * A page at a time, in time slices: a 50 MB document must not hold the event loop.
 */
export async function chunkDocument(
  pages: readonly PageText[],
  { tabular = false }: { tabular?: boolean } = {},
): Promise<DocumentChunk[]> {
  const pause = timeSlices();
  const chunkAll = async (skip: RepeatedLines) => {
    const chunks: DocumentChunk[] = [];
    for (const page of pages) {
      for (const chunk of chunkPage(page.text, skip))
        chunks.push({ pageNumber: page.number, ...chunk });
      await pause();
    }
    return chunks;
  };
  const chunks = await chunkAll(tabular ? NO_LINES : await findRepeatedLines(pages, pause));
  // Pages made only of one repeated line (a form, a generated file) are content, not a footer.
  return chunks.length > 0 ? chunks : chunkAll(NO_LINES);
}

/** The spans of the page between skipped lines. */
function keptRegions(text: string, skip: RepeatedLines): [number, number][] {
  if (skip.size === 0) return [[0, text.length]];
  const regions: [number, number][] = [];
  let regionStart = 0;
  let lineStart = 0;
  for (const key of lineKeys(text)) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline < 0 ? text.length : newline;
    if (skip.has(key)) {
      if (lineStart > regionStart) regions.push([regionStart, lineStart]);
      regionStart = lineEnd;
    }
    lineStart = lineEnd + 1;
  }
  if (regionStart < text.length) regions.push([regionStart, text.length]);
  return regions;
}

/** Groups consecutive sentences into spans within the limits, overlapping by one sentence. */
function packSentences(sentences: Sentence[]): [number, number][] {
  const spans: [number, number][] = [];
  let first = 0;
  while (first < sentences.length) {
    let next = first + 1;
    let words = sentences[first]!.words;
    while (next < sentences.length && fits(sentences[first]!, sentences[next]!, words)) {
      words += sentences[next]!.words;
      next++;
    }
    spans.push([sentences[first]!.start, sentences[next - 1]!.end]);
    if (next === sentences.length) break;
    const last = sentences[next - 1]!;
    const overlap =
      next - 1 > first &&
      last.words <= MAX_OVERLAP_WORDS &&
      fits(last, sentences[next]!, last.words);
    first = overlap ? next - 1 : next;
  }
  return spans;
}

function fits(first: Sentence, next: Sentence, wordsSoFar: number): boolean {
  return wordsSoFar + next.words <= LIMITS.maxWords && next.end - first.start <= LIMITS.maxChars;
}

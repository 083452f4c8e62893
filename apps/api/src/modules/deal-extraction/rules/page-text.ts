import { splitSentences, type Sentence } from '../../../common/text/sentences.js';
import type {
  CandidatePage,
  FoundDealValue,
} from '../../../infra/deal-extractor/deal-extractor.port.js';

export type Span = { start: number; end: number };

const SENTENCE_LIMITS = { maxWords: 150, maxChars: 900 };
/** Shorter lines before a sentence's first long one are headings, not part of it. */
const HEADING_CHARS = 40;
/** A longer sentence (a preamble, a page without periods) is quoted by its lines instead. */
const LONGEST_QUOTE = 600;

/** Runs of whitespace as one space: how a value copied from a page is written. */
export const clean = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** A candidate page with the sentence and line boundaries that rules quote from. */
export class PageText {
  private sentences: Sentence[] | null = null;
  private lineStarts: number[] | null = null;

  constructor(readonly page: CandidatePage) {}

  get text(): string {
    return this.page.text;
  }

  /** The sentence(s) containing `text.slice(start, end)`, or its lines when that is too long. */
  sentenceAround(start: number, end: number): Span {
    this.sentences ??= splitSentences(this.text, 0, this.text.length, SENTENCE_LIMITS);
    const covering = this.sentences.filter((s) => s.end > start && s.start < end);
    const first = covering[0];
    const last = covering.at(-1);
    if (!first || !last || last.end - first.start > LONGEST_QUOTE) {
      return this.linesAround(start, end);
    }
    const sentence = {
      start: this.afterHeadings(Math.min(first.start, start), start),
      end: Math.max(last.end, end),
    };
    const isBlock = isBlockOfLines(this.text.slice(sentence.start, sentence.end));
    return isBlock ? this.linesAround(start, end) : sentence;
  }

  /** Where a sentence starting at `from` begins once the short lines (headings) before `index` are left out. */
  private afterHeadings(from: number, index: number): number {
    const indexLine = this.text.lastIndexOf('\n', index - 1) + 1;
    let start = from;
    while (start < indexLine) {
      const lineEnd = this.text.indexOf('\n', start);
      if (lineEnd - start >= HEADING_CHARS) break;
      start = lineEnd + 1;
      while (start < indexLine && /\s/.test(this.text[start]!)) start++;
    }
    return start;
  }

  /** The whole lines containing `text.slice(start, end)`, without surrounding whitespace. */
  linesAround(start: number, end: number): Span {
    const from = this.text.lastIndexOf('\n', start - 1) + 1;
    const newline = this.text.indexOf('\n', Math.max(end - 1, start));
    return trimSpan(this.text, from, newline < 0 ? this.text.length : newline);
  }

  /** The number (0-based) of the line holding `index`. */
  lineOf(index: number): number {
    const starts = this.starts();
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= index) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  /** Line `number` as a span (without its line break); null past the page. */
  line(number: number): Span | null {
    const starts = this.starts();
    const start = starts[number];
    if (start === undefined || number < 0) return null;
    const next = starts[number + 1];
    return { start, end: next === undefined ? this.text.length : next - 1 };
  }

  /** A value found on this page, quoted by `quote`. */
  found(value: string, quote: Span): FoundDealValue {
    return {
      value: clean(value),
      documentId: this.page.documentId,
      pageNumber: this.page.pageNumber,
      start: quote.start,
      end: quote.end,
    };
  }

  private starts(): number[] {
    if (this.lineStarts) return this.lineStarts;
    const starts = [0];
    for (
      let index = this.text.indexOf('\n');
      index >= 0;
      index = this.text.indexOf('\n', index + 1)
    ) {
      starts.push(index + 1);
    }
    this.lineStarts = starts;
    return starts;
  }
}

/**
 * Short lines without a full stop (an address, a signature block, a table) are not a sentence:
 * there the lines of the match are the passage.
 */
function isBlockOfLines(text: string): boolean {
  const lines = text.split('\n');
  if (lines.length < 3) return false;
  // Prose wraps mid-sentence, so most of its lines go on in lower case.
  const continued = lines.slice(1).filter((line) => /^\s*\p{Ll}/u.test(line)).length;
  return text.length / lines.length < 45 || continued < (lines.length - 1) / 3;
}

function trimSpan(text: string, start: number, end: number): Span {
  let from = start;
  let to = end;
  while (from < to && /\s/.test(text[from]!)) from++;
  while (to > from && /\s/.test(text[to - 1]!)) to--;
  return { start: from, end: to };
}

/** Every match of `pattern` in `text` (on a copy: a shared pattern's lastIndex stays untouched). */
export function* matchesOf(pattern: RegExp, text: string): Generator<RegExpExecArray> {
  const global = new RegExp(pattern, pattern.global ? pattern.flags : `${pattern.flags}g`);
  for (let match = global.exec(text); match; match = global.exec(text)) {
    yield match;
    if (match[0] === '') global.lastIndex++;
  }
}

/** `\b` for any script: no letter or digit on that side. */
export const WORD_EDGE_BEFORE = String.raw`(?<![\p{L}\p{N}])`;
export const WORD_EDGE_AFTER = String.raw`(?![\p{L}\p{N}])`;

export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

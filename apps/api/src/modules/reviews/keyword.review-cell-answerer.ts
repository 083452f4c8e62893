import { SqlEntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import type { ReviewColumnType } from '@clearroom/contracts';
import { splitSentences } from '../../common/text/sentences.js';
import { meaningfulTerms, stem, TERM } from '../../common/text/terms.js';
import { DocumentPage } from '../documents/document-page.entity.js';
import { typedValue } from './typed-value.js';
import type {
  CellAnswer,
  ReviewCellAnswerer,
  ReviewColumnQuestion,
  ReviewDocument,
} from './review-cell-answerer.port.js';

const SENTENCE_LIMITS = { maxWords: 120, maxChars: 1200 };
/** Prepared documents kept: a job answers every column of one document in a row. */
const CACHED_DOCUMENTS = 8;
/** A sentence must hold at least this share of the question's key words to count as the answer. */
const MIN_SHARE = 0.5;
/** Shorter sentences are headings ("Governing law."): they name a clause but say nothing. */
const MIN_WORDS = 4;
const REDACTED = /\[\s*\*+\s*\]|\*{3,}|\[redacted\]/i;

/** Stems of words seen: the same few thousand words fill every contract. */
const stems = new Map<string, string>();
const STEMS_KEPT = 200_000;
function cachedStem(word: string): string {
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    stemmed = stem(word);
    if (stems.size >= STEMS_KEPT) stems.clear();
    stems.set(word, stemmed);
  }
  return stemmed;
}

type PreparedSentence = { pageNumber: number; start: number; end: number; stems: Set<string> };

/**
 * A plain, honest stand-in for the answers library: the sentence of the document that holds most
 * of the question's key words (stemmed) is the answer, its typed value read from it by pattern,
 * cited with its exact place on the page. "Not found" when no sentence holds half of them.
 */
@Injectable()
export class KeywordReviewCellAnswerer implements ReviewCellAnswerer {
  private readonly prepared = new Map<
    number,
    { pages: Map<number, string>; sentences: PreparedSentence[] }
  >();

  constructor(private readonly em: SqlEntityManager) {}

  async answerRow(
    columns: readonly ReviewColumnQuestion[],
    document: ReviewDocument,
    pause: () => Promise<void> = () => Promise.resolve(),
  ): Promise<CellAnswer[]> {
    const answers: CellAnswer[] = [];
    for (const column of columns) {
      await pause();
      answers.push(await this.answer(column, document));
    }
    return answers;
  }

  async answer(
    column: { question: string; type: ReviewColumnType },
    document: ReviewDocument,
  ): Promise<CellAnswer> {
    const keys = [...new Set(meaningfulTerms(column.question).map(stem))];
    const { pages, sentences } = await this.prepare(document.documentId);
    let best: PreparedSentence | null = null;
    let bestMatches = 0;
    for (const sentence of sentences) {
      let matches = 0;
      for (const key of keys) if (sentence.stems.has(key)) matches++;
      if (matches > bestMatches) {
        best = sentence;
        bestMatches = matches;
      }
    }
    const confidence = keys.length === 0 ? 0 : bestMatches / keys.length;
    if (!best || confidence < MIN_SHARE) {
      return { status: 'not_found', value: null, answer: null, confidence: null, citations: [] };
    }
    const quote = pages.get(best.pageNumber)!.slice(best.start, best.end);
    const citation = {
      n: 1,
      documentId: document.documentId,
      originalname: document.originalname,
      filename: document.filename,
      mimetype: document.mimetype,
      pageNumber: best.pageNumber,
      quote,
      start: best.start,
      end: best.end,
    };
    const rounded = Math.round(confidence * 100) / 100;
    if (REDACTED.test(quote)) {
      return {
        status: 'redacted',
        value: null,
        answer: quote,
        confidence: rounded,
        citations: [citation],
      };
    }
    return {
      status: 'answered',
      value: typedValue(column.type, quote),
      answer: quote,
      confidence: rounded,
      citations: [citation],
    };
  }

  private async prepare(documentId: number) {
    const cached = this.prepared.get(documentId);
    if (cached) return cached;
    const rows = await this.em
      .fork()
      .find(DocumentPage, { document: documentId }, { orderBy: { number: 'asc' } });
    const pages = new Map(rows.map((row) => [row.number, row.text]));
    const sentences: PreparedSentence[] = [];
    for (const [pageNumber, text] of pages) {
      for (const { start, end, words: count } of splitSentences(
        text,
        0,
        text.length,
        SENTENCE_LIMITS,
      )) {
        if (count < MIN_WORDS) continue;
        const words = text.slice(start, end).toLowerCase().match(TERM) ?? [];
        sentences.push({ pageNumber, start, end, stems: new Set(words.map(cachedStem)) });
      }
    }
    const entry = { pages, sentences };
    this.prepared.set(documentId, entry);
    if (this.prepared.size > CACHED_DOCUMENTS) {
      this.prepared.delete(this.prepared.keys().next().value!);
    }
    return entry;
  }
}

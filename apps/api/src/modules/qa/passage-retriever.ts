import { Injectable } from '@nestjs/common';
import type { ChatMessage, SearchPassage } from '@clearroom/contracts';
import { fuseRankings } from '../../infra/search/rrf.js';
import { SearchService } from '../search/search.service.js';

/** Passages given to the answerer: enough to answer, few enough to read and to cite precisely. */
export const PASSAGES_PER_ANSWER = 8;
/** Hits fetched per query before merging and choosing. */
const CANDIDATES = 30;
/** A document's passages beyond this many wait until the other documents have had their turn. */
const PER_DOCUMENT_FIRST_ROUND = 4;
/** Earlier user messages that still count for a follow-up question ("and when does it end?"). */
const HISTORY_QUESTIONS = 2;

/**
 * Finds the passages of a project that answer a question, taking the conversation into account:
 * the question alone and the question with the user's previous questions are both searched and
 * the two rankings fused, so a follow-up finds its subject while a new topic is not dragged back.
 */
@Injectable()
export class PassageRetriever {
  constructor(private readonly search: SearchService) {}

  async retrieve(
    ownerId: number,
    projectId: number,
    question: string,
    history: readonly ChatMessage[],
    signal: AbortSignal,
  ): Promise<SearchPassage[]> {
    const earlier = history
      .filter((message) => message.role === 'user')
      .slice(-HISTORY_QUESTIONS)
      .map((message) => message.content);
    const queries = earlier.length > 0 ? [question, [...earlier, question].join('\n')] : [question];
    const rankings = await Promise.all(
      queries.map((query) => this.search.search(ownerId, projectId, query, CANDIDATES, signal)),
    );
    const byKey = new Map<string, SearchPassage>();
    const keyed = rankings.map((ranking) =>
      ranking.map((passage) => {
        const key = `${passage.documentId}:${passage.pageNumber}:${passage.start}`;
        byKey.set(key, passage);
        return key;
      }),
    );
    const fused = fuseRankings(keyed).map(({ id }) => byKey.get(id)!);
    return chooseDiverse(mergeOverlapping(fused), PASSAGES_PER_ANSWER);
  }
}

/**
 * Neighbouring chunks of one page overlap by a sentence or two: a passage overlapping a better
 * one is folded into it (their union), so the same words are never given twice.
 */
export function mergeOverlapping(ranked: readonly SearchPassage[]): SearchPassage[] {
  const merged: SearchPassage[] = [];
  for (const passage of ranked) {
    const host = merged.find(
      (kept) =>
        kept.documentId === passage.documentId &&
        kept.pageNumber === passage.pageNumber &&
        passage.start < kept.end &&
        kept.start < passage.end,
    );
    if (!host) {
      merged.push({ ...passage });
      continue;
    }
    const start = Math.min(host.start, passage.start);
    const end = Math.max(host.end, passage.end);
    const head = host.start <= passage.start ? host : passage;
    const tail = head === host ? passage : host;
    host.text = head.text + tail.text.slice(head.end - tail.start);
    host.start = start;
    host.end = end;
  }
  return merged;
}

/** The best passages, with no document taking more than its share while others have relevant ones. */
export function chooseDiverse(ranked: readonly SearchPassage[], count: number): SearchPassage[] {
  const first: SearchPassage[] = [];
  const later: SearchPassage[] = [];
  const perDocument = new Map<number, number>();
  for (const passage of ranked) {
    const seen = perDocument.get(passage.documentId) ?? 0;
    perDocument.set(passage.documentId, seen + 1);
    (seen < PER_DOCUMENT_FIRST_ROUND ? first : later).push(passage);
  }
  return [...first, ...later].slice(0, count);
}

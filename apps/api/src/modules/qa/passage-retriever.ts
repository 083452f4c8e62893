import { Injectable } from '@nestjs/common';
import type { ChatMessage, SearchPassage } from '@clearroom/contracts';
import { fuseRankings } from '../../common/text/rrf.js';
import { meaningfulTerms } from '../../common/text/terms.js';
import { pageKey } from './citations.js';
import { type CitablePage, DocumentReader } from '../documents/document-reader.service.js';
import { SearchService, withNames } from '../search/search.service.js';

/** Passages given to the answerer: enough to answer, few enough to read and to cite precisely. */
export const PASSAGES_PER_ANSWER = 8;
/** Hits fetched per query before merging and choosing. */
const CANDIDATES = 30;
/** A document's passages beyond this many wait until the other documents have had their turn. */
const PER_DOCUMENT_FIRST_ROUND = 4;
/** Earlier user messages that still count for a follow-up question ("and when does it end?"). */
const HISTORY_QUESTIONS = 2;
/** A word names a document when at least this many hits, and this share of the hits with it, are that document's. */
const NAMING_MIN_HITS = 2;
const NAMING_MIN_SHARE = 0.75;
const MAX_FOCUS_DOCUMENTS = 2;

/** "it", "this", "they"…: a question that leans on the conversation for its subject. */
const REFERS_BACK =
  /\b(it|its|they|them|their|this|that|these|those|he|she|his|her|same|former|latter)\b/i;

export type Retrieval = {
  passages: SearchPassage[];
  /** Words of the question that only named the documents it is about (see `documentFocus`). */
  namingTerms: string[];
  /** The stored pages of the passages (and the first pages of their documents), to cite them. */
  pages: CitablePage[];
};

/**
 * Finds the passages of a project that answer a question. Two ideas beyond plain search:
 * - a follow-up question ("and when does it end?") is searched together with the user's previous
 *   questions, so it finds its subject; a self-contained question is searched alone;
 * - a question that names its deal ("Which state's law governs the Inktomi agreement?") is
 *   answered from the named documents only, searched without the naming words, whose weight
 *   would otherwise rank the document's title pages above the clause that answers (see
 *   `documentFocus`).
 */
@Injectable()
export class PassageRetriever {
  constructor(
    private readonly search: SearchService,
    private readonly documents: DocumentReader,
  ) {}

  /**
   * Call after checking the user's access to the project (AskService.prepare). Reads the
   * documents once for the broad search (their names, first pages and the hit pages, in one
   * query), and again only for the pages of a focused search that were not read yet.
   */
  async retrieve(
    projectId: number,
    question: string,
    history: readonly ChatMessage[],
    signal: AbortSignal,
    /** Documents the question names by their file names ("the ABILITYINC agreement"), if any. */
    named?: { documentIds: number[]; words: string[] },
  ): Promise<Retrieval> {
    const query = withContext(question, history);
    const broadHits = await this.search.hits({ projectId, text: query, limit: CANDIDATES, signal });
    const pages = await this.documents.citablePages(projectId, [
      ...[...new Set(broadHits.map((hit) => hit.documentId))].map((documentId) => ({
        documentId,
        pageNumber: 1,
      })),
      ...broadHits,
    ]);
    const names = new Map(pages.map((page) => [page.documentId, page.originalname]));
    const broad = withNames(broadHits, names);
    const firstPages = pages.filter((page) => page.pageNumber === 1);
    const focus =
      documentFocus(question, broad, firstPages) ??
      (named && named.documentIds.length > 0 ? namedFocus(question, named) : null);
    if (!focus) return { passages: choose([broad]), namingTerms: [], pages };
    const focused = withNames(
      await this.search.hits({
        projectId,
        text: focus.query,
        limit: CANDIDATES,
        signal,
        documentIds: focus.documentIds,
      }),
      names,
    );
    const read = new Set(pages.map((page) => pageKey(page.documentId, page.pageNumber)));
    const unread = focused.filter((hit) => !read.has(pageKey(hit.documentId, hit.pageNumber)));
    if (unread.length > 0) pages.push(...(await this.documents.citablePages(projectId, unread)));
    // A question that names its deal is answered from that deal's documents only.
    const focusIds = new Set(focus.documentIds);
    const broadInNamed = broad.filter((hit) => focusIds.has(hit.documentId));
    return {
      passages: choose([focused, broadInNamed]),
      namingTerms: focus.namingTerms,
      pages,
    };
  }
}

/** Search focused on the documents a question names by their file names, without the naming words. */
function namedFocus(
  question: string,
  named: { documentIds: number[]; words: string[] },
): { documentIds: number[]; namingTerms: string[]; query: string } {
  const naming = new Set(named.words.map((word) => word.toLowerCase()));
  const content = meaningfulTerms(question).filter((term) => !naming.has(term));
  return {
    documentIds: named.documentIds,
    namingTerms: named.words,
    query: content.length > 0 ? content.join(' ') : question,
  };
}

function withContext(question: string, history: readonly ChatMessage[]): string {
  const earlier = history
    .filter((message) => message.role === 'user')
    .slice(-HISTORY_QUESTIONS)
    .map((message) => message.content);
  const leansOnHistory = REFERS_BACK.test(question) || meaningfulTerms(question).length <= 2;
  return earlier.length > 0 && leansOnHistory ? [...earlier, question].join('\n') : question;
}

/** Fuses rankings (reciprocal rank), folds overlapping chunks and keeps documents diverse. */
function choose(rankings: readonly SearchPassage[][]): SearchPassage[] {
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

/**
 * The documents a question names, and the words that name them. A word names a document when
 * that document's file name or first page (where contracts name their parties) has it, and it
 * is a proper noun of the question ("Inktomi", "Principal Life", "IGER"), or most hits with it
 * are that document's. The focused query leaves out the naming words and the words of the named
 * documents' titles ("hosting agreement"), which describe every page of them.
 */
export function documentFocus(
  question: string,
  hits: readonly SearchPassage[],
  firstPages: readonly { documentId: number; text: string }[],
): { documentIds: number[]; namingTerms: string[]; query: string } | null {
  const firstPageOf = new Map(firstPages.map((page) => [page.documentId, page.text.toLowerCase()]));
  const nameOf = new Map(hits.map((hit) => [hit.documentId, hit.originalname.toLowerCase()]));
  const proper = properNouns(question);
  const terms = meaningfulTerms(question).filter((term) => term.length > 1);
  const named = new Map<number, string[]>();
  for (const term of terms) {
    const word = new RegExp(`\\b${term}\\b`, 'i');
    const perDocument = new Map<number, number>();
    let holders = 0;
    for (const hit of hits) {
      if (!word.test(hit.text)) continue;
      holders++;
      perDocument.set(hit.documentId, (perDocument.get(hit.documentId) ?? 0) + 1);
    }
    const [documentId, count] = [...perDocument].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
    if (count === 0) continue;
    const identity = `${nameOf.get(documentId)} ${firstPageOf.get(documentId) ?? ''}`;
    if (!identity.includes(term)) continue;
    const dominant = count >= NAMING_MIN_HITS && count >= NAMING_MIN_SHARE * holders;
    if (!proper.has(term) && !dominant) continue;
    named.set(documentId, [...(named.get(documentId) ?? []), term]);
  }
  if (named.size === 0 || named.size > MAX_FOCUS_DOCUMENTS) return null;
  const namingTerms = [...named.values()].flat();
  const titles = [...named.keys()].map((documentId) => nameOf.get(documentId)).join(' ');
  const content = terms.filter((term) => !namingTerms.includes(term));
  const beyondTitles = content.filter((term) => !new RegExp(`\\b${term}\\b`).test(titles));
  const rest = beyondTitles.length > 0 ? beyondTitles : content;
  if (rest.length === 0) return null;
  return { documentIds: [...named.keys()], namingTerms, query: rest.join(' ') };
}

/** Lower-cased words written with a capital (or a digit) anywhere but at the start of a sentence. */
function properNouns(question: string): Set<string> {
  const proper = new Set<string>();
  for (const match of question.matchAll(/[\p{L}\p{N}]+/gu)) {
    const before = question.slice(0, match.index).trimEnd();
    const startsSentence = before === '' || /[.!?:]$/.test(before);
    if (!startsSentence && /^\p{Lu}|\p{N}/u.test(match[0])) proper.add(match[0].toLowerCase());
  }
  return proper;
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

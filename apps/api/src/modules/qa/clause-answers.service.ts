import { Injectable } from '@nestjs/common';
import type { Citation } from '@clearroom/contracts';
import type { Category, Evidence, UnderstoodQuestion } from '../answers/answer.types.js';
import { weighedByChecks } from '../answers/clause-checks.js';
import { composeAnswer } from '../answers/compose-answer.js';
import { partyWords } from '../answers/party-words.js';
import { presenceFallback } from '../answers/presence.js';
import { understandQuestion } from '../answers/understand-question.js';
import { DocumentReader, type DocumentSummary } from '../documents/document-reader.service.js';
import { ClauseEvidenceReader, FOUND_THRESHOLD } from '../clauses/clause-evidence.reader.js';

/** An answer composed from the clause index: its text cites `citations` as [n]. */
export type ClauseAnswer = {
  text: string;
  citations: Citation[];
  /** The clause category of each citation, by its number (what the cited span was found as). */
  categories: Map<number, string>;
  understood: UnderstoodQuestion;
};

/** The documents a question names by their file names, and the words that name them. */
export type NamedDocuments = { documentIds: number[]; words: string[] };

/** A clause answer when the question asks about a kind of clause; else what it names, for search. */
export type ClauseOutcome = { answer: ClauseAnswer | null; named: NamedDocuments | null };

/**
 * Answers a question about a kind of clause ("Which law governs…", "Is there a non-compete…",
 * "Which agreements have a change-of-control clause?") from the clause index of the project's
 * analysed documents: understand the question, read the candidate clauses of its categories in
 * the documents in scope (every document when it asks across them), and compose a lawyer's note.
 * Returns null for a question that names no clause category: search answers those.
 */
@Injectable()
export class ClauseAnswerService {
  private readonly partyCache = new Map<string, string[]>();

  constructor(
    private readonly documentReader: DocumentReader,
    private readonly clauses: ClauseEvidenceReader,
  ) {}

  /** `conversation`: the documents the session's recent answers cited ("it", "these agreements"). */
  async answer(
    projectId: number,
    question: string,
    conversation: readonly number[] = [],
  ): Promise<ClauseOutcome> {
    const documents = await this.documentReader.documentsOf(projectId, { completedOnly: true });
    if (documents.length === 0) return { answer: null, named: null };
    const parties = await this.partiesOf(projectId, documents);
    const understood = understandQuestion(question, {
      documents: documents.map((document) => ({
        documentId: document.id,
        names: [document.originalName.replace(/\.[a-z0-9]{1,5}$/i, '')],
        parties: parties.get(document.id) ?? [],
      })),
      conversationDocumentIds: conversation.filter((id) =>
        documents.some((document) => document.id === id),
      ),
    });
    const named =
      understood.scope.kind !== 'all'
        ? { documentIds: understood.scope.documentIds, words: understood.namingWords }
        : null;
    if (!understood.namesClause || understood.categories.length === 0)
      return { answer: null, named };
    const inScope =
      understood.scope.kind === 'all'
        ? documents
        : documents.filter((document) => understood.scope.documentIds.includes(document.id));
    if (inScope.length === 0) return { answer: null, named };

    const stored = await this.clauses.read(
      inScope.map((document) => ({
        id: document.id,
        originalName: document.originalName,
        pageCount: document.pageCount,
      })),
      understood.categories,
    );
    // Weighed as the review grid weighs it, so that the chat and a grid's cell agree.
    const evidence = weighedByChecks(stored, understood.categories[0], FOUND_THRESHOLD);
    const byId = new Map(inScope.map((document) => [document.id, document]));
    const options = {
      threshold: FOUND_THRESHOLD,
      documents: inScope.map((document) => ({
        documentId: document.id,
        documentName: document.originalName,
        pageCount: document.pageCount ?? undefined,
      })),
    };
    let composed = composeAnswer(understood, evidence, options);
    // "Not found" only when search does not find the clause either: about one document, where
    // the clause index found nothing, the learned presence decision reads its candidates and
    // search's view of its sentences.
    const [only] = inScope;
    const category = understood.categories[0];
    if (only && inScope.length === 1 && composed.citations.length === 0 && category) {
      const searched = await this.searchDocument(projectId, only, category, evidence);
      if (searched.length > 0)
        composed = composeAnswer(understood, [...evidence, ...searched], options);
    }
    const citations = composed.citations.map((citation): Citation => {
      const document = byId.get(citation.documentId)!;
      return {
        n: citation.number,
        documentId: citation.documentId,
        originalname: document.originalName,
        filename: document.storedName,
        mimetype: document.mimeType,
        pageNumber: citation.pageNumber,
        quote: citation.quote,
        start: citation.start,
        end: citation.end,
      };
    });
    const categories = new Map(
      composed.citations.map((citation) => [citation.number, citation.category]),
    );
    return { answer: { text: composed.text, citations, categories, understood }, named };
  }

  /** What search finds for a category in a document where the clause index found nothing. */
  private async searchDocument(
    projectId: number,
    document: DocumentSummary,
    category: Category,
    evidence: readonly Evidence[],
  ): Promise<Evidence[]> {
    const count = document.pageCount ?? 0;
    const pages = await this.documentReader.citablePages(
      projectId,
      Array.from({ length: count }, (_, index) => ({
        documentId: document.id,
        pageNumber: index + 1,
      })),
    );
    const texts = Array.from({ length: count }, () => '');
    for (const page of pages) texts[page.pageNumber - 1] = page.text;
    return presenceFallback(
      { documentId: document.id, documentName: document.originalName, pages: texts },
      category,
      evidence,
      { found: FOUND_THRESHOLD },
    );
  }

  /**
   * Per document, the words of its first page's opening that may name it by its parties. A
   * completed document's pages never change: each is read once per process, keyed by its stored
   * file name (unique, never reused as ids may be).
   */
  private async partiesOf(
    projectId: number,
    documents: readonly DocumentSummary[],
  ): Promise<Map<number, string[]>> {
    const unread = documents.filter((document) => !this.partyCache.has(document.storedName));
    for (let first = 0; first < unread.length; first += PARTY_PAGE_BATCH) {
      const batch = unread.slice(first, first + PARTY_PAGE_BATCH);
      const pages = await this.documentReader.citablePages(
        projectId,
        batch.map((document) => ({ documentId: document.id, pageNumber: 1 })),
      );
      const text = new Map(pages.map((page) => [page.documentId, page.text]));
      for (const document of batch) {
        if (this.partyCache.size >= PARTY_CACHE_SIZE) this.partyCache.clear();
        this.partyCache.set(document.storedName, partyWords(text.get(document.id) ?? ''));
      }
    }
    return new Map(
      documents.map((document) => [document.id, this.partyCache.get(document.storedName) ?? []]),
    );
  }
}

const PARTY_PAGE_BATCH = 200;
/** Documents whose party words are kept in memory (a few hundred bytes each). */
const PARTY_CACHE_SIZE = 20_000;

import { Injectable } from '@nestjs/common';
import type { Citation } from '@clearroom/contracts';
import type { UnderstoodQuestion } from '../answers/answer.types.js';
import { composeAnswer } from '../answers/compose-answer.js';
import { understandQuestion } from '../answers/understand-question.js';
import { DocumentReader } from '../documents/document-reader.service.js';
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
    const understood = understandQuestion(question, {
      documents: documents.map((document) => ({
        documentId: document.id,
        names: [document.originalName.replace(/\.[a-z0-9]{1,5}$/i, '')],
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

    const evidence = await this.clauses.read(
      inScope.map((document) => ({
        id: document.id,
        originalName: document.originalName,
        pageCount: document.pageCount,
      })),
      understood.categories,
    );
    const byId = new Map(inScope.map((document) => [document.id, document]));
    const composed = composeAnswer(understood, evidence, {
      threshold: FOUND_THRESHOLD,
      documents: inScope.map((document) => ({
        documentId: document.id,
        documentName: document.originalName,
        pageCount: document.pageCount ?? undefined,
      })),
    });
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
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AskFields, AskStreamEvent, ChatMessage, Citation } from '@clearroom/contracts';
import { AppError } from '../../common/app-error.js';
import {
  ANSWERER,
  type Answerer,
  type ClauseAnswerShape,
  NOTHING_FOUND_ANSWER,
} from '../../infra/answerer/answerer.port.js';
import { AskRepository } from './ask.repository.js';
import { ClauseAnswerService } from './clause-answers.service.js';
import { CitationMarkerFilter } from './citation-markers.js';
import {
  citationsUsed,
  citePassages,
  type PageTexts,
  pageTextsOf,
  sourceFilesOf,
  sourceLabel,
} from './citations.js';
import { PassageRetriever } from './passage-retriever.js';
import { sessionTitleFrom } from './session-title.js';

/** A question that passed every check that can be made before the stream opens. */
export type PreparedAsk = {
  ownerId: number;
  projectId: number;
  sessionId: number;
  question: string;
  history: ChatMessage[];
};

export type AskEventSink = (event: AskStreamEvent) => void;

/** For a model writing from clause spans: each citation's category, and the note wanted. */
type AnswerShape = { categories: Map<number, string>; clauseShape: ClauseAnswerShape };

/**
 * Question → cited answer: retrieve passages, verify them against their pages, number them,
 * stream the answerer's text with every citation of a passage not given removed, store the
 * entry, and only then complete. Nothing is stored for an answer that fails or is abandoned.
 */
@Injectable()
export class AskService {
  private readonly logger = new Logger(AskService.name);

  constructor(
    private readonly repository: AskRepository,
    private readonly retriever: PassageRetriever,
    private readonly clauseAnswers: ClauseAnswerService,
    @Inject(ANSWERER) private readonly answerer: Answerer,
  ) {}

  async prepare(ownerId: number, request: AskFields): Promise<PreparedAsk> {
    const session = await this.repository.requireOwnedSession(ownerId, request.sessionId);
    if (session.projectId !== request.project_id) {
      throw new AppError('NOT_FOUND', 'Chat session not found in this project');
    }
    const { total, completed } = await this.repository.progressOf(request.project_id);
    if (total === 0) {
      throw new AppError(
        'NO_ANALYSED_DOCUMENTS',
        'This project has no documents yet: upload documents on the Documents page, then ask again.',
      );
    }
    if (completed === 0) {
      throw new AppError(
        'NO_ANALYSED_DOCUMENTS',
        `None of this project's ${total} document(s) has finished analysis yet: ask again once one shows 'Analysis Complete'.`,
      );
    }
    return {
      ownerId,
      projectId: request.project_id,
      sessionId: session.id,
      question: request.question,
      history: request.conversation_history,
    };
  }

  async answer(ask: PreparedAsk, send: AskEventSink, signal: AbortSignal): Promise<void> {
    const started = performance.now();
    // A question about a kind of clause is answered from the clause index, exhaustively across
    // documents when it asks across them; any other question from search.
    const clause = await this.clauseAnswers.answer(
      ask.projectId,
      ask.question,
      await this.repository.conversationDocumentIds(ask.sessionId),
    );
    signal.throwIfAborted();
    const composed = clause.answer;
    // "Not found" needs no model: there is nothing to cite, and the note says what was searched.
    if (composed && (this.answerer.name === 'extractive' || composed.citations.length === 0)) {
      const pages = await this.repository.citablePages(ask.projectId, composed.citations);
      const given = composed.citations;
      send({
        type: 'metadata',
        sources: given.map(sourceLabel),
        sourceFiles: sourceFilesOf(given),
        citations: given,
      });
      send({ type: 'chunk', content: composed.text });
      await this.complete(ask, composed.text, given, pageTextsOf(pages), send);
      this.logger.log({
        msg: 'question answered',
        answerer: 'clause index',
        projectId: ask.projectId,
        categories: composed.understood.categories,
        scope: composed.understood.scope.kind,
        cited: given.length,
        totalMs: Math.round(performance.now() - started),
      });
      return;
    }

    let given: Citation[];
    let pages: PageTexts;
    let namingTerms: string[];
    let shape: AnswerShape | undefined;
    if (composed) {
      // A model writes the note from the clause spans the clause index found, labelled with
      // their categories; its citations are checked like any other.
      given = composed.citations;
      pages = pageTextsOf(await this.repository.citablePages(ask.projectId, given));
      namingTerms = composed.understood.namingWords;
      shape = {
        categories: composed.categories,
        clauseShape: {
          categories: composed.understood.categories,
          answerType: composed.understood.answerType,
          acrossDocuments: composed.understood.scope.exhaustive,
        },
      };
    } else {
      const retrieval = await this.retriever.retrieve(
        ask.projectId,
        ask.question,
        ask.history,
        signal,
        clause.named ?? undefined,
      );
      given = citePassages(retrieval.passages, retrieval.pages);
      pages = pageTextsOf(retrieval.pages);
      namingTerms = retrieval.namingTerms;
    }
    signal.throwIfAborted();
    send({
      type: 'metadata',
      sources: given.map(sourceLabel),
      sourceFiles: sourceFilesOf(given),
      citations: given,
    });
    const retrievedMs = performance.now() - started;

    const answer = await this.streamAnswer(ask, given, namingTerms, send, signal, shape);
    signal.throwIfAborted();
    const used = await this.complete(ask, answer, given, pages, send);
    this.logger.log({
      msg: 'question answered',
      answerer: this.answerer.name,
      projectId: ask.projectId,
      passages: given.length,
      ...(shape ? { categories: shape.clauseShape.categories } : {}),
      cited: used.length,
      retrievalMs: Math.round(retrievedMs),
      totalMs: Math.round(performance.now() - started),
    });
  }

  /** Stores the entry with the citations the answer uses, then sends `complete`. */
  private async complete(
    ask: PreparedAsk,
    answer: string,
    given: Citation[],
    pages: PageTexts,
    send: AskEventSink,
  ): Promise<Citation[]> {
    const used = citationsUsed(answer, given, pages);
    const { entry, renamedTo } = await this.repository.saveEntry(
      ask.sessionId,
      {
        question: ask.question,
        answer,
        sources: used.map(sourceLabel),
        sourceFiles: sourceFilesOf(used),
        citations: used,
      },
      sessionTitleFrom(ask.question),
    );
    if (renamedTo)
      send({ type: 'session_updated', sessionId: ask.sessionId, sessionName: renamedTo });
    send({
      type: 'complete',
      fullAnswer: entry.answer,
      sources: entry.sources,
      sourceFiles: sourceFilesOf(used),
      citations: used,
      entry,
    });
    return used;
  }

  /** Streams the answer as `chunk`s, without any citation of a passage that was not given. */
  private async streamAnswer(
    ask: PreparedAsk,
    given: Citation[],
    namingTerms: string[],
    send: AskEventSink,
    signal: AbortSignal,
    shape?: AnswerShape,
  ): Promise<string> {
    let answer = '';
    const emit = (text: string) => {
      if (!text) return;
      answer += text;
      send({ type: 'chunk', content: text });
    };
    if (given.length === 0) {
      // Nothing to quote or to reason from: no call to the answerer, and no noise.
      emit(NOTHING_FOUND_ANSWER);
      return answer;
    }
    const filter = new CitationMarkerFilter(new Set(given.map((citation) => citation.n)));
    const passages = given.map((citation) => ({
      n: citation.n,
      originalname: citation.originalname,
      pageNumber: citation.pageNumber,
      text: citation.quote,
      ...(shape?.categories.has(citation.n) ? { category: shape.categories.get(citation.n)! } : {}),
    }));
    for await (const piece of this.answerer.stream({
      question: ask.question,
      history: ask.history,
      passages,
      ...(shape ? { clauseShape: shape.clauseShape } : {}),
      namingTerms,
      signal,
    })) {
      signal.throwIfAborted();
      emit(filter.push(piece));
    }
    emit(filter.end());
    if (!answer.trim()) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        `The answering model (${this.answerer.name}) returned an empty answer. Please try again.`,
      );
    }
    return answer;
  }
}

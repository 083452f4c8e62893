import type { ChatMessage, DependencyErrorCode } from '@clearroom/contracts';
import type { HealthProbe } from '../../common/health-probe.js';

/** A passage given to the answerer, numbered from 1 in the order it is cited as `[n]`. */
export type AnswerPassage = {
  n: number;
  originalname: string;
  pageNumber: number;
  text: string;
  /** The kind of clause the passage was found as ("Governing Law"), when it comes from the clause index. */
  category?: string;
};

/**
 * What a question about a kind of clause wants, when its passages are clause spans: the answerer
 * writes a lawyer's note (the direct answer first, then the cited clauses) instead of prose.
 */
export type ClauseAnswerShape = {
  /** The clause categories asked about, best first. */
  categories: string[];
  /** The kind of first line wanted: 'yes_no', 'place', 'duration', 'date', 'money', 'parties', 'text' or 'clause'. */
  answerType: string;
  /** The question asks across several documents: one line per document that qualifies. */
  acrossDocuments: boolean;
};

export type AnswerRequest = {
  question: string;
  /** The conversation's last messages (at most 6), oldest first. */
  history: ChatMessage[];
  passages: AnswerPassage[];
  /** Set when the passages are clause spans found for a question about a kind of clause. */
  clauseShape?: ClauseAnswerShape;
  /**
   * Words of the question that only name the deal or a party ("Inktomi", "Vyera"): they chose the
   * documents, and say nothing about which sentence answers.
   */
  namingTerms?: string[];
  /** Aborted when the asker disconnects: stop generating at once. */
  signal: AbortSignal;
};

/**
 * Writes the answer to a question from numbered passages, citing them as `[n]`. The text is
 * streamed in pieces as it is produced; citations are checked afterwards by the caller, so an
 * answerer may cite wrongly but can never make a wrong citation reach a user.
 */
export interface Answerer extends HealthProbe {
  /** Shown in logs and metrics: 'extractive' or the model's name. */
  readonly name: string;
  stream(request: AnswerRequest): AsyncIterable<string>;
}

export const ANSWERER = Symbol('ANSWERER');

/** Failures a person can act on ("the model server did not answer within 60 s"). */
export class AnswererError extends Error {
  constructor(
    message: string,
    readonly reason: 'unavailable' | 'timeout' | 'failed',
    /** The dependency that failed, as the stable code the client receives. */
    readonly code: DependencyErrorCode,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'AnswererError';
  }
}

/** What an answer says when the passages do not answer the question. */
export const NOTHING_FOUND_ANSWER = "I could not find this in the project's documents.";

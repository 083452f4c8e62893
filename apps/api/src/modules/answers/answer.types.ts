import type { CuadCategory } from '../../cuad/labels.js';

/** What kind of first line a question wants. */
export type AnswerType =
  'yes_no' | 'place' | 'duration' | 'date' | 'money' | 'parties' | 'text' | 'clause';

export const ANSWER_TYPES: readonly AnswerType[] = [
  ...['yes_no', 'place', 'duration', 'date', 'money', 'parties', 'text', 'clause'],
] as AnswerType[];

export type Category = CuadCategory;

/**
 * A document the question may be about: the names a user may call it by (its file name, glued
 * words and all), and the companies that are its parties ("Ingram Micro"), whose words name it
 * only when the question writes them as names (capitalised).
 */
export type NamedDocument = { documentId: number; names: string[]; parties?: string[] };

export type QuestionScope = {
  kind: 'named' | 'conversation' | 'all';
  documentIds: number[];
  /** Every qualifying document is wanted ("which agreements…"), not the best match. */
  exhaustive: boolean;
};

export type UnderstoodQuestion = {
  question: string;
  /** CUAD categories the question asks about, best first. */
  categories: Category[];
  answerType: AnswerType;
  scope: QuestionScope;
  /** A value the qualifying clauses must have: "Delaware" in "which agreements are governed by Delaware law". */
  valueFilter?: string;
  /** "Is there no…", "which agreements do not…". */
  negated: boolean;
  /** Words to add to a search for the clause (from the thesaurus). */
  expansionTerms: string[];
  /** The question names a kind of clause (a lay phrase or the clause's name), its naming words aside. */
  namesClause: boolean;
  /** The question's words that named its documents ("NETGEAR"), lower-case. */
  namingWords: string[];
};

/**
 * A candidate clause span: `pageText.slice(start, end)` on page `pageNumber` of a document, with
 * the clause category it was found as and a score (the clause model's probability, or search's).
 */
export type Evidence = {
  documentId: number;
  documentName: string;
  category: Category;
  score: number;
  pageNumber: number;
  start: number;
  end: number;
  pageText: string;
  /** Pages of the document that were searched (for "N pages searched"); defaults to unknown. */
  pageCount?: number;
  /**
   * Found by the presence decision over search (presence.ts), not by the clause index: the answer
   * says "Possibly" instead of stating it.
   */
  tentative?: boolean;
};

export type AnswerCitation = {
  number: number;
  documentId: number;
  documentName: string;
  /** The clause category the cited span was found as. */
  category: Category;
  pageNumber: number;
  start: number;
  end: number;
  quote: string;
};

/** A value read from a clause: how it is shown, and the words of the clause it was read from. */
export type ExtractedValue = {
  /** Normalised, as shown ("California", "60 days", "2006-03-06", "$2,000,000 per occurrence"). */
  value: string;
  /** The words of the quote it was read from, verbatim (for tracing). */
  asWritten: string;
  /** Extra words shown beside the value ("excluding its conflict-of-laws rules"), verbatim in the quote. */
  detail?: string;
};

/** Where the key words of a clause are blacked out in the filed copy. */
export type Redaction = { marker: string; index: number };

export type AnswerPart =
  | { kind: 'direct'; text: string; value?: ExtractedValue; citation: number }
  | { kind: 'redacted'; text: string; citation: number }
  | { kind: 'quote'; text: string; citation: number }
  | { kind: 'qualifier'; text: string; citation: number }
  | { kind: 'absent'; text: string }
  | { kind: 'count'; text: string }
  | { kind: 'document'; text: string; documentId: number; value?: ExtractedValue; citation: number }
  | { kind: 'not_found_in'; text: string; documentIds: number[] };

export type DocumentOutcome = {
  documentId: number;
  documentName: string;
  status: 'answered' | 'not_found' | 'redacted' | 'filtered_out';
  value?: ExtractedValue;
  /** Citation numbers used for this document. */
  citations: number[];
};

export type ComposedAnswer = {
  text: string;
  citations: AnswerCitation[];
  parts: AnswerPart[];
  documents: DocumentOutcome[];
};

export type CellStatus = 'answered' | 'not_found' | 'redacted';

export type ReviewCell = {
  status: CellStatus;
  value: string | null;
  answer: string;
  confidence: number;
  citations: AnswerCitation[];
};

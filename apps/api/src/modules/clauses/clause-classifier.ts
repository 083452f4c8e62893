/** A page's text as stored, which every clause offset refers to. */
export type ClassifiablePage = { pageNumber: number; text: string };

export type ClassifiedClause = {
  category: string;
  score: number;
  pageNumber: number;
  start: number;
  end: number;
  /** Ties together the pieces of one clause across a page break. */
  group: number;
};

/** What the product needs of the clause model (see `model/`). */
export interface ClauseClassifier {
  /** Changes whenever the model file changes; stored with every classification. */
  readonly version: string;
  /** CUAD's 41 category names. */
  readonly categories: readonly string[];
  /** Each category's calibrated threshold: at or above it a clause counts as found. */
  readonly thresholds: Readonly<Record<string, number>>;
  /** Candidates at or above `minScore` (default: each category's threshold), ≤ 10 per category. */
  classify(pages: ClassifiablePage[], options?: { minScore?: number }): ClassifiedClause[];
}

export const CLAUSE_CLASSIFIER = Symbol('CLAUSE_CLASSIFIER');

import type { ExtractableDealField } from '@clearroom/contracts';

/** A page of a completed document, with the text as extracted (offsets refer to it). */
export type CandidatePage = {
  documentId: number;
  originalname: string;
  pageNumber: number;
  text: string;
};

/** One value found: the value and where in which page it was read. */
export type FoundDealValue = {
  value: string;
  documentId: number;
  pageNumber: number;
  /** Offsets into the page text of the passage the value was read from. */
  start: number;
  end: number;
};

export type DealExtractionRequest = {
  /** The pages worth reading: each document's first pages and those that search ranks highest per field. */
  pages: CandidatePage[];
  /** The company name the user already typed, if any (a hint, never overwritten silently). */
  companyName: string | null;
  signal: AbortSignal;
};

/**
 * Finds deal details in a project's pages. Every value comes with the page it was read from;
 * the service checks that the quoted passage is really on that page before returning it.
 */
export interface DealExtractor {
  readonly method: 'rules' | 'model';
  extract(
    request: DealExtractionRequest,
  ): Promise<Partial<Record<ExtractableDealField, FoundDealValue>>>;
  /**
   * Only a model can answer without documents (from the company name alone); the rules cannot,
   * and return null.
   */
  extractFromCompanyName(
    companyName: string,
    signal: AbortSignal,
  ): Promise<Partial<Record<ExtractableDealField, string>> | null>;
}

export const DEAL_EXTRACTOR = Symbol('DEAL_EXTRACTOR');

/**
 * The model that reads deal details (LLM_DRIVER=ollama), or null when there is none: the deal
 * extraction module then falls back to its built-in rules (which are domain code, not an adapter).
 */
export const MODEL_DEAL_EXTRACTOR = Symbol('MODEL_DEAL_EXTRACTOR');

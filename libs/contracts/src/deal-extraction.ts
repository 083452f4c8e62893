import type { DealFieldKey } from './constants.js';

/** The deal fields AI Extract looks for, in the order it reports them. */
export const extractableDealFields = [
  'companyName',
  'industry',
  'ceoName',
  'revenue',
  'profitMargin',
  'employeeCount',
  'valuation',
  'dealStage',
] as const satisfies readonly DealFieldKey[];
export type ExtractableDealField = (typeof extractableDealFields)[number];

/** Where an extracted value was found: `quote` is `pageText.slice(start, end)` of that page. */
export type DealFieldProvenance = {
  documentId: number;
  originalname: string;
  pageNumber: number;
  quote: string;
  start: number;
  end: number;
};

/** `POST /api/projects/:id/extract-deal-details` (spec §7, extended with provenance). */
export type ExtractDealDetailsResponse = {
  dealDetails: Partial<Record<ExtractableDealField, string>>;
  /** Per field in `dealDetails`: the page it came from; absent only when `fallbackUsed`. */
  provenance: Partial<Record<ExtractableDealField, DealFieldProvenance>>;
  /** True only when no analysed documents exist and a model answered from the company name alone. */
  fallbackUsed: boolean;
  documentsProcessed: number;
  /** Which method produced the values: the built-in rules or the configured model. */
  method: 'rules' | 'model';
};

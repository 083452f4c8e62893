import {
  dealStages,
  extractableDealFields,
  type DealFieldKey,
  type DealFieldProvenance,
  type ExtractDealDetailsResponse,
} from '@clearroom/contracts';

export type DealFormValues = Record<DealFieldKey, string>;

/** What AI Extract put into one field of the form, and what the field held before. */
export type ExtractedField = {
  value: string;
  /** The field's earlier value when it was non-empty and different; '' otherwise. */
  previous: string;
  /** Where the value was found; absent when it came from web research (`fallbackUsed`). */
  provenance?: DealFieldProvenance;
};

export type Extraction = Partial<Record<DealFieldKey, ExtractedField>>;

/** A Deal Stage must be one of the eight stages (matched ignoring case), else it is left out. */
function readValue(field: DealFieldKey, raw: string | undefined): string {
  const value = raw?.trim() ?? '';
  if (field !== 'dealStage' || !value) return value;
  return dealStages.find((stage) => stage.toLowerCase() === value.toLowerCase()) ?? '';
}

/**
 * Fills the form with the extracted values. A field that already held a different non-empty
 * value keeps it as `previous`, shown under the field so that it can be restored.
 */
export function applyExtraction(
  values: DealFormValues,
  response: ExtractDealDetailsResponse,
): { values: DealFormValues; extraction: Extraction } {
  const next = { ...values };
  const extraction: Extraction = {};
  for (const field of extractableDealFields) {
    const value = readValue(field, response.dealDetails[field]);
    if (!value) continue;
    const before = values[field].trim();
    const provenance = response.provenance[field];
    extraction[field] = {
      value,
      previous: before && before !== value ? values[field] : '',
      ...(provenance ? { provenance } : {}),
    };
    next[field] = value;
  }
  return { values: next, extraction };
}

/** Spec §8: the success toast's text, in the singular for one field or one document. */
export function extractionSummary(response: ExtractDealDetailsResponse): string {
  const count = Object.values(response.dealDetails).filter((value) => value?.trim()).length;
  const fields = `${count} ${count === 1 ? 'field' : 'fields'}`;
  const documents = response.documentsProcessed;
  return response.fallbackUsed
    ? `Extracted ${fields} using web research (no documents found)`
    : `Successfully extracted ${fields} from ${documents} ${documents === 1 ? 'document' : 'documents'}`;
}

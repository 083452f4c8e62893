import type { ExtractDealDetailsResponse } from '@clearroom/contracts';
import { describe, expect, it } from 'vitest';
import { extractionSummary } from './extraction';

const response = (
  fields: number,
  documentsProcessed: number,
  fallbackUsed = false,
): ExtractDealDetailsResponse => ({
  dealDetails: Object.fromEntries(
    ['companyName', 'industry', 'ceoName'].slice(0, fields).map((field) => [field, 'x']),
  ),
  provenance: {},
  fallbackUsed,
  documentsProcessed,
  method: 'rules',
});

describe('extractionSummary', () => {
  it.each([
    [1, 1, 'Successfully extracted 1 field from 1 document'],
    [2, 1, 'Successfully extracted 2 fields from 1 document'],
    [1, 3, 'Successfully extracted 1 field from 3 documents'],
    [3, 2, 'Successfully extracted 3 fields from 2 documents'],
    [0, 2, 'Successfully extracted 0 fields from 2 documents'],
  ])('%i field(s) from %i document(s): %s', (fields, documents, text) => {
    expect(extractionSummary(response(fields, documents))).toBe(text);
  });

  it('keeps the web research wording, in the singular too', () => {
    expect(extractionSummary(response(1, 0, true))).toBe(
      'Extracted 1 field using web research (no documents found)',
    );
    expect(extractionSummary(response(2, 0, true))).toBe(
      'Extracted 2 fields using web research (no documents found)',
    );
  });
});

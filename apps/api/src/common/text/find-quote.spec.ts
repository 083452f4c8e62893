import { describe, expect, it } from '@jest/globals';
import { findQuote } from './find-quote.js';

describe('findQuote', () => {
  const page =
    'Section 2.1  Term.\nThe term of this\nAgreement is five (5)   years.  Renewal follows.';

  it('finds a quote whose line breaks were flattened, and returns the span of the original text', () => {
    const span = findQuote(page, 'The term of this Agreement is five (5) years.');
    expect(span).not.toBeNull();
    expect(page.slice(span!.start, span!.end)).toBe(
      'The term of this\nAgreement is five (5)   years.',
    );
  });

  it('is case-sensitive and returns null for text that is not there', () => {
    expect(findQuote(page, 'the term of this agreement')).toBeNull();
    expect(findQuote(page, 'The term is ten years.')).toBeNull();
    expect(findQuote(page, '   ')).toBeNull();
  });

  it('searches only within the given range', () => {
    const from = page.indexOf('Renewal');
    expect(findQuote(page, 'The term', from)).toBeNull();
    const span = findQuote(page, 'Renewal follows.', from);
    expect(page.slice(span!.start, span!.end)).toBe('Renewal follows.');
  });
});

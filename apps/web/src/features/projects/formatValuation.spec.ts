import { describe, expect, it } from 'vitest';
import { formatValuation } from './formatValuation';

describe('formatValuation', () => {
  it.each([
    [{ amount: 25_000_000, currency: 'USD' }, '$25M'],
    [{ amount: 40_000_000, currency: 'GBP' }, '£40M'],
    [{ amount: 800_000, currency: 'EUR' }, '€800K'],
    [{ amount: 5_000_000, currency: 'CAD' }, 'C$5M'],
    [{ amount: 12_000_000, currency: 'CHF' }, 'CHF 12M'],
    [{ amount: 950, currency: 'USD' }, '$950'],
  ])('writes %j as %s', (value, expected) => {
    expect(formatValuation(value)).toBe(expected);
  });

  it('is null when the server read no valuation', () => {
    expect(formatValuation(null)).toBeNull();
  });
});

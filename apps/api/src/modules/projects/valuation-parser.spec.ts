import { describe, expect, it } from '@jest/globals';
import { parseValuation } from './valuation-parser.js';

describe('parseValuation', () => {
  it.each<[string, number, string]>([
    ['$12.5M', 12_500_000, 'USD'],
    ['12,500,000', 12_500_000, 'USD'],
    ['25000000', 25_000_000, 'USD'],
    ['USD 3.2 billion', 3_200_000_000, 'USD'],
    ['€800k', 800_000, 'EUR'],
    ['£1.2bn', 1_200_000_000, 'GBP'],
    ['£40m', 40_000_000, 'GBP'],
    ['US$ 45 million', 45_000_000, 'USD'],
    ['usd3.2bn', 3_200_000_000, 'USD'],
    ['C$5M', 5_000_000, 'CAD'],
    ['CHF 12 Mio', 12_000_000, 'CHF'],
    ['40m EUR', 40_000_000, 'EUR'],
    ['5 million pounds', 5_000_000, 'GBP'],
    ['800 000 €', 800_000, 'EUR'],
    ['$250,000', 250_000, 'USD'],
    ['12 500 000', 12_500_000, 'USD'],
    ['1.250.000', 1_250_000, 'USD'],
    ['1.234.567,89', 1_234_567.89, 'USD'],
    ['1,234,567.89', 1_234_567.89, 'USD'],
    ['12,5 Mio', 12_500_000, 'USD'],
    ['$5MM', 5_000_000, 'USD'],
    ['2.1 B', 2_100_000_000, 'USD'],
    ['1T', 1_000_000_000_000, 'USD'],
    ['~$40M post-money', 40_000_000, 'USD'],
    ['approx. 15 million (2024)', 15_000_000, 'USD'],
    ['$10-15M', 12_500_000, 'USD'],
    ['$10M – $20M', 15_000_000, 'USD'],
    ['10 to 20 million', 15_000_000, 'USD'],
    ['950', 950, 'USD'],
  ])('reads %j as %d %s', (text, amount, currency) => {
    const valuation = parseValuation(text);
    expect(valuation?.currency).toBe(currency);
    expect(valuation?.amount).toBeCloseTo(amount, 6);
  });

  it.each([
    'n/a',
    'N/A',
    'TBD',
    '',
    '   ',
    'Series B',
    '15%',
    '-5M',
    '-$5,000,000',
    '−$5M',
    '(3,000,000)',
    '($3M)',
    '-$5,000,000,000,000,000 trillion',
    '$5,000,000,000,000,000 trillion',
    '$20 trillion',
    'FY2023',
    '2.5x revenue',
    '0',
    '$0',
  ])('reads %j as no valuation (null, counted as 0)', (text) => {
    expect(parseValuation(text)).toBeNull();
  });

  it('reads null and undefined as no valuation', () => {
    expect(parseValuation(null)).toBeNull();
    expect(parseValuation(undefined)).toBeNull();
  });
});

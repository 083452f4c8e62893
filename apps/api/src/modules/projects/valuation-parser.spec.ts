import { describe, expect, it } from '@jest/globals';
import { parseValuation } from './valuation-parser.js';

describe('parseValuation', () => {
  it.each<[string, number]>([
    ['$12.5M', 12_500_000],
    ['12,500,000', 12_500_000],
    ['USD 3.2 billion', 3_200_000_000],
    ['€800k', 800_000],
    ['£1.2bn', 1_200_000_000],
    ['US$ 45 million', 45_000_000],
    ['usd3.2bn', 3_200_000_000],
    ['$250,000', 250_000],
    ['12 500 000', 12_500_000],
    ['1.250.000', 1_250_000],
    ['1.234.567,89', 1_234_567.89],
    ['1,234,567.89', 1_234_567.89],
    ['12,5 Mio', 12_500_000],
    ['$5MM', 5_000_000],
    ['2.1 B', 2_100_000_000],
    ['1T', 1_000_000_000_000],
    ['~$40M post-money', 40_000_000],
    ['approx. 15 million (2024)', 15_000_000],
    ['$10-15M', 12_500_000],
    ['$10M – $20M', 15_000_000],
    ['10 to 20 million', 15_000_000],
    ['950', 950],
  ])('reads %j as %d', (text, expected) => {
    expect(parseValuation(text)).toBeCloseTo(expected, 6);
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

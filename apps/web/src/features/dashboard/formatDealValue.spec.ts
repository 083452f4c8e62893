import { describe, expect, it } from 'vitest';
import { formatDealValue } from './formatDealValue';

describe('formatDealValue', () => {
  it.each([
    [0, '$0'],
    [-0, '$0'],
    [Number.NaN, '$0'],
    [Number.POSITIVE_INFINITY, '$0'],
  ])('shows %s as %s', (value, expected) => {
    expect(formatDealValue(value)).toBe(expected);
  });

  it('shows values below 1,000 as plain numbers', () => {
    expect(formatDealValue(950)).toBe('$950');
    expect(formatDealValue(999)).toBe('$999');
    expect(formatDealValue(1)).toBe('$1');
    expect(formatDealValue(12.34)).toBe('$12.3');
    expect(formatDealValue(12.04)).toBe('$12');
  });

  it('uses K from 1,000', () => {
    expect(formatDealValue(1_000)).toBe('$1K');
    expect(formatDealValue(1_500)).toBe('$1.5K');
    expect(formatDealValue(1_049)).toBe('$1K');
    expect(formatDealValue(800_000)).toBe('$800K');
    expect(formatDealValue(999_000)).toBe('$999K');
    expect(formatDealValue(999_949)).toBe('$999.9K');
  });

  it('uses M from 1,000,000', () => {
    expect(formatDealValue(1_000_000)).toBe('$1M');
    expect(formatDealValue(12_500_000)).toBe('$12.5M');
    expect(formatDealValue(1_250_000)).toBe('$1.3M');
    expect(formatDealValue(10_000_000)).toBe('$10M');
  });

  it('carries a value that rounds up into the next unit', () => {
    expect(formatDealValue(999_999)).toBe('$1M');
    expect(formatDealValue(999_950)).toBe('$1M');
    expect(formatDealValue(999.96)).toBe('$1K');
  });

  it('keeps M above a billion, with thousands separators', () => {
    expect(formatDealValue(3_200_000_000)).toBe('$3,200M');
    expect(formatDealValue(1_000_000_000)).toBe('$1,000M');
    expect(formatDealValue(1_234_567_890)).toBe('$1,234.6M');
  });

  it('keeps the sign of a negative value', () => {
    expect(formatDealValue(-1_500)).toBe('-$1.5K');
    expect(formatDealValue(-2_000_000)).toBe('-$2M');
  });
});

import type { Project } from '@clearroom/contracts';
import { formatDealValue } from '../dashboard/formatDealValue';

/** How each currency is written before an amount; codes without a sign are written as codes. */
const SIGNS: Record<string, string> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  INR: '₹',
  CAD: 'C$',
  AUD: 'A$',
  HKD: 'HK$',
  SGD: 'S$',
  NZD: 'NZ$',
};

/**
 * A valuation the server could read, written like the dashboard's total: '$25M' for
 * "25000000", '£40M' for "£40m", 'CHF 12M' for "CHF 12 Mio". Null when there is none to read,
 * and the text is then shown as typed.
 */
export function formatValuation(value: Project['valuationValue']): string | null {
  if (!value) return null;
  const sign = SIGNS[value.currency] ?? `${value.currency} `;
  return formatDealValue(value.amount).replace('$', sign);
}

/**
 * Reads a deal valuation typed as free text ("$12.5M", "12,500,000", "USD 3.2 billion", "€800k")
 * as a number, for the dashboard's Total Deal Value. The rules:
 *
 * - Currency symbols and codes are ignored: amounts are summed at face value, because an
 *   air-gapped install has no exchange rates ("€800k" counts as 800,000).
 * - The first amount in the text is read; words around it ("approx.", "post-money") are ignored.
 * - Scale words and suffixes: k/thousand = 10^3; m/mm/mn/mio/million = 10^6;
 *   b/bn/billion = 10^9; t/tn/trillion = 10^12 (case-insensitive, optional space).
 * - Separators: "1,250,000", "1 250 000" and "1.250.000" are thousands groups; "12.5" and "12,5"
 *   are decimals; with both "," and ".", the last one is the decimal mark ("1.234,5").
 * - A range ("$10–15M", "10M to 15M") counts as its midpoint, the scale of the upper end applying
 *   to a bare lower end.
 * - Percentages, negative amounts, years glued to letters ("FY2023") and text without digits
 *   ("n/a", "TBD") are not valuations: the result is null, which counts as 0.
 */
const SCALES: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mm: 1e6,
  mn: 1e6,
  mio: 1e6,
  mil: 1e6,
  mln: 1e6,
  million: 1e6,
  millions: 1e6,
  b: 1e9,
  bn: 1e9,
  bln: 1e9,
  billion: 1e9,
  billions: 1e9,
  t: 1e12,
  tn: 1e12,
  trillion: 1e12,
  trillions: 1e12,
};

const NUMBER = String.raw`(\d{1,3}(?:[ ,.'\u00a0\u202f]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)`;
const SCALE = String.raw`(?:\s*(${Object.keys(SCALES)
  .sort((a, b) => b.length - a.length)
  .join('|')})\b)?`;
const CURRENCY = String.raw`(?:[$€£¥₹]|(?:usd|eur|gbp|chf|jpy|cad|aud)(?!\p{L})|us\$)?\s*`;
const AMOUNT = `${NUMBER}${SCALE}`;
const PATTERN = new RegExp(
  String.raw`(?<![\p{L}\d.,-])${CURRENCY}${AMOUNT}(?:\s*(?:-|to)\s*${CURRENCY}${AMOUNT})?(?!\s*%)(?![\d\p{L}]|[.,]\d)`,
  'iu',
);

export function parseValuation(text: string | null | undefined): number | null {
  if (!text) return null;
  const normalized = text.replace(/[\u2012-\u2015\u2212]/g, '-').toLowerCase();
  const match = PATTERN.exec(normalized);
  if (!match) return null;
  const [, lowNumber, lowScale, highNumber, highScale] = match;
  const high = highNumber === undefined ? null : toNumber(highNumber, highScale);
  const low = toNumber(lowNumber!, lowScale ?? (high === null ? undefined : highScale));
  const value = high === null ? low : (low + high) / 2;
  return Number.isFinite(value) && value > 0 ? value : null;
}

function toNumber(digits: string, scale: string | undefined): number {
  return readDigits(digits) * (scale ? (SCALES[scale] ?? 1) : 1);
}

/** "1,250,000" → 1250000; "12,5" → 12.5; "1.234,5" → 1234.5. */
function readDigits(raw: string): number {
  const compact = raw.replace(/[ '\u00a0\u202f]/g, '');
  const lastComma = compact.lastIndexOf(',');
  const lastDot = compact.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    const decimal = lastComma > lastDot ? ',' : '.';
    const thousands = decimal === ',' ? '.' : ',';
    return Number(compact.split(thousands).join('').replace(decimal, '.'));
  }
  const separator = lastComma >= 0 ? ',' : lastDot >= 0 ? '.' : null;
  if (!separator) return Number(compact);
  const groups = compact.split(separator);
  const isThousands = groups.length > 2 || (groups[1]?.length === 3 && separator === ',');
  return isThousands ? Number(groups.join('')) : Number(groups.join('.'));
}

/**
 * Reads a deal valuation typed as free text ("$12.5M", "12,500,000", "USD 3.2 billion", "€800k")
 * as an amount and its currency, for the dashboard's Total Deal Value and for showing valuations
 * formatted. The rules:
 *
 * - The currency is the symbol or code before the amount ("$", "US$", "USD", "€", "£", "C$",
 *   "CHF"…) or a code or word after it ("40m EUR", "5 million pounds"); none means US dollars.
 *   An air-gapped install has no exchange rates, so amounts in another currency are never
 *   added to a dollar total: the dashboard counts them apart.
 * - The first amount in the text is read; words around it ("approx.", "post-money") are ignored.
 * - Scale words and suffixes: k/thousand = 10^3; m/mm/mn/mio/million = 10^6;
 *   b/bn/billion = 10^9; t/tn/trillion = 10^12 (case-insensitive, optional space).
 * - Separators: "1,250,000", "1 250 000" and "1.250.000" are thousands groups; "12.5" and "12,5"
 *   are decimals; with both "," and ".", the last one is the decimal mark ("1.234,5").
 * - A range ("$10–15M", "10M to 15M") counts as its midpoint, the scale of the upper end applying
 *   to a bare lower end.
 * - Not valuations (null, counted as 0): negative amounts (a minus sign attached: "-$5M"; a
 *   spaced dash is a separator, as in "Post-money – $40M"; and accounting's "(3,000,000)"),
 *   amounts above $10 trillion (no deal is worth more: "5,000,000,000,000 trillion" is a typo),
 *   zero, percentages, years glued to letters ("FY2023") and text without digits ("n/a", "TBD").
 */
export type Valuation = { amount: number; currency: string };

/** Above this, an amount is a typo rather than a deal (the largest companies are worth ~4e12). */
const LARGEST_VALUATION = 1e13;

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

/** Currency symbols and codes, as written before an amount (lower case), and their ISO code. */
const CURRENCIES: Record<string, string> = {
  $: 'USD',
  us$: 'USD',
  usd: 'USD',
  c$: 'CAD',
  cad: 'CAD',
  a$: 'AUD',
  aud: 'AUD',
  hk$: 'HKD',
  s$: 'SGD',
  nz$: 'NZD',
  '€': 'EUR',
  eur: 'EUR',
  '£': 'GBP',
  gbp: 'GBP',
  '¥': 'JPY',
  jpy: 'JPY',
  '₹': 'INR',
  inr: 'INR',
  chf: 'CHF',
};

/** Currencies written after an amount: codes, symbols and words. */
const TRAILING_CURRENCIES: Record<string, string> = {
  ...Object.fromEntries(Object.entries(CURRENCIES).filter(([key]) => /^[a-z]{3}$/.test(key))),
  '€': 'EUR',
  '£': 'GBP',
  dollar: 'USD',
  dollars: 'USD',
  euro: 'EUR',
  euros: 'EUR',
  pound: 'GBP',
  pounds: 'GBP',
};

const byLength = (words: string[]) =>
  words
    .sort((a, b) => b.length - a.length)
    .map((word) => word.replace(/[$]/g, '\\$'))
    .join('|');
const NUMBER = String.raw`(\d{1,3}(?:[ ,.'\u00a0\u202f]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)`;
const SCALE = String.raw`(?:\s*(${byLength(Object.keys(SCALES))})\b)?`;
const CURRENCY = String.raw`(?:(${byLength(Object.keys(CURRENCIES))})(?!\p{L}))?\s*`;
const AMOUNT = `${NUMBER}${SCALE}`;
/** Not right after a letter, a digit, a minus, a currency sign or an opening parenthesis. */
const PATTERN = new RegExp(
  String.raw`(?<![\p{L}\d.,\-$€£¥₹(])${CURRENCY}${AMOUNT}(?:\s*(?:-|to)\s*${CURRENCY}${AMOUNT})?(?!\s*%)(?![\d\p{L}]|[.,]\d)`,
  'iu',
);
const TRAILING = new RegExp(
  String.raw`^\s*(${byLength(Object.keys(TRAILING_CURRENCIES))})(?!\p{L})`,
  'iu',
);

export function parseValuation(text: string | null | undefined): Valuation | null {
  if (!text) return null;
  const normalized = text.replace(/[\u2012-\u2015\u2212]/g, '-').toLowerCase();
  const match = PATTERN.exec(normalized);
  if (!match) return null;
  const [whole, lowCurrency, lowNumber, lowScale, highCurrency, highNumber, highScale] = match;
  const high = highNumber === undefined ? null : toNumber(highNumber, highScale);
  const low = toNumber(lowNumber!, lowScale ?? (high === null ? undefined : highScale));
  const amount = high === null ? low : (low + high) / 2;
  if (!Number.isFinite(amount) || amount <= 0 || amount > LARGEST_VALUATION) return null;
  const after = normalized.slice(match.index + whole.length);
  const symbol = lowCurrency ?? highCurrency;
  const currency = symbol
    ? CURRENCIES[symbol]!
    : (TRAILING_CURRENCIES[TRAILING.exec(after)?.[1] ?? ''] ?? 'USD');
  return { amount, currency };
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

import type { ExtractedValue } from '../answer.types.js';

/** "$2,000,000", "US$ 5 million", "USD 10,000.00", "€250,000", "£1m". */
const AMOUNT =
  /(?:US\s?\$|U\.S\.\s?\$|\$|USD\s?|€|EUR\s?|£|GBP\s?)\s?\d[\d,]*(?:\.\d+)?(?:\s*(?:million|billion|thousand|m\b|k\b))?/gi;
/** What an amount is per, written right after it. */
const BASIS =
  /^\s*\)?\s*(?:\(\s*[^)]{0,40}\)\s*)?((?:per|for\s+each|each|in\s+the)\s+(?:occurrence|claim|incident|event|year|annum|month|quarter|aggregate|calendar\s+year|contract\s+year)|annually|per\s+annum|in\s+(?:the\s+)?aggregate)/i;
/** Words that make an amount the cap: written before it. */
const CAP_CUE =
  /\b(?:exceed|limited\s+to|maximum|cap|aggregate|greater\s+of|lesser\s+of|up\s+to|not\s+more\s+than)\b/gi;

/**
 * The amount a clause states, with what it is per ("$2,000,000 per occurrence"): the amount
 * nearest after a cap's cue words when there are several, else the first. Null without an amount.
 */
export function extractMoney(quote: string): ExtractedValue | null {
  const amounts = [...quote.matchAll(AMOUNT)];
  if (amounts.length === 0) return null;
  const cues = [...quote.matchAll(CAP_CUE)].map((match) => match.index);
  const chosen =
    amounts
      .map((amount) => ({
        amount,
        distance: Math.min(
          Number.POSITIVE_INFINITY,
          ...cues.filter((at) => at <= amount.index).map((at) => amount.index - at),
        ),
      }))
      .sort((a, b) => a.distance - b.distance)[0]?.amount ?? amounts[0]!;
  const written = chosen[0].trim();
  const after = quote.slice(chosen.index + chosen[0].length, chosen.index + chosen[0].length + 80);
  const basis = BASIS.exec(after);
  const amount = written.replace(/\s+/g, ' ').replace(/^(US|U\.S\.)\s?\$/i, '$');
  return basis
    ? {
        value: `${amount} ${basis[1]!.replace(/\s+/g, ' ')}`,
        asWritten: written,
        detail: basis[1]!,
      }
    : { value: amount, asWritten: written };
}

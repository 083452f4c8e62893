import type { ExtractedValue } from '../answer.types.js';

/** A company's legal form at the end of its name. */
const LEGAL_FORM =
  /\b(?:Inc|Incorporated|Corp|Corporation|Company|Co|LLC|L\.L\.C|Ltd|Limited|LP|L\.P|LLP|plc|PLC|GmbH|AG|S\.A|SA|B\.V|N\.V|S\.p\.A|Pty|KK|AB|AS|Trust|Bank|N\.A)\b\.?/;
/** `("Distributor")`, `(the "Company")`, `(hereinafter "Licensee")`, with straight or curly quotes. */
const DEFINED =
  /\(\s*(?:the\s+|hereinafter\s+(?:called\s+|referred\s+to\s+as\s+)?)?["“']+([^"”']{1,40})["”']+/g;

/**
 * The parties named in a preamble: each name written before a defined term in brackets
 * ("NETGEAR, Inc., a Delaware corporation ("NETGEAR")"). Value: `Name ("Term"); Name ("Term")`.
 * Null when the text defines no party that way.
 */
export function extractParties(quote: string): ExtractedValue | null {
  const parties: { name: string; term: string; index: number }[] = [];
  for (const defined of quote.matchAll(DEFINED)) {
    const term = defined[1]!.trim();
    const before = quote.slice(Math.max(0, defined.index - 400), defined.index);
    const name = nameBefore(before);
    if (!name || /\b(agreement|effective date|contract)\b/i.test(term)) continue;
    if (parties.some((party) => party.name === name)) continue;
    parties.push({ name, term, index: defined.index });
  }
  if (parties.length === 0) return null;
  const first = parties[0]!;
  const last = parties.at(-1)!;
  return {
    value: parties.map((party) => `${party.name} ("${party.term}")`).join('; '),
    asWritten: quote
      .slice(quote.indexOf(first.name, Math.max(0, first.index - 200)), last.index)
      .trim(),
  };
}

/** Text before a defined term that is not a party: recitals, section headings, addresses. */
const NOT_A_NAME = /^(?:WHEREAS|NOW|Section|Article)\b|\d{3,}/;

/** The party's name just before its defined term: after "between", "and", "by" or a line start. */
function nameBefore(before: string): string | null {
  const clauses = before.split(/\b(?:between|and|by|among|with)\b|\n|;/);
  const tail = clauses
    .at(-1)!
    .trim()
    .replace(/^[,:\s]+/, '');
  // Drop the description that follows the name: ", a Delaware corporation, having its office at …".
  const form = LEGAL_FORM.exec(tail);
  const name = form
    ? tail.slice(0, form.index + form[0].length)
    : tail.split(/,\s*(?:a|an|the|having|with|whose|located|organized|incorporated)\b/i)[0]!;
  const clean = name.replace(/[,\s]+$/, '').trim();
  return /^[A-Z]/.test(clean) && !NOT_A_NAME.test(clean) && clean.length >= 2 && clean.length <= 100
    ? clean
    : null;
}

/** The names in a parties value or in CUAD's answer (`A ("X"); B ("Y")`), lower case, without the terms. */
export function partyNames(value: string): string[] {
  return value
    .split(/;/)
    .map((part) =>
      part
        .replace(/\([^)]*\)/g, '')
        .replace(/[^\p{L}\p{N}& ]+/gu, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .toLowerCase(),
    )
    .filter(Boolean);
}

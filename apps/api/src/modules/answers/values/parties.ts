import type { ExtractedValue } from '../answer.types.js';

/**
 * A company's legal form at the end of its name ("Inc.", "L.P.", "GmbH", "INCORPORATED"): as
 * written, upper case or capitalised (a lower-case "as" or "co" is no legal form).
 */
const LEGAL_FORM =
  /\b(?:Inc|INC|Incorporated|INCORPORATED|Corp|CORP|Corporation|CORPORATION|Company|COMPANY|Co|CO|LLC|L\.L\.C|Ltd|LTD|Limited|LIMITED|LP|L\.P|LLP|L\.L\.P|plc|PLC|GmbH|GMBH|AG|S\.A|SA|S\/A|S\.A\.S|SAS|B\.V|BV|N\.V|NV|S\.p\.A|S\.r\.l|Pty|PTY|KK|AB|AS|A\/S|Oy|SE|Trust|TRUST|Bank|BANK|N\.A|G\.I\.E)\b\.?/;

/**
 * Where a preamble starts naming its parties: "by and between", "between", "among", also on a
 * line of its own ("BETWEEN:").
 */
const PARTIES_FOLLOW =
  /\b(?:by\s+and\s+(?:between|among)|between|among(?:st)?|(?<=entered\s+into\s+)by)\b\s*:?/i;

/** Where the preamble ends: the recitals, the operative words, the first numbered section. */
const PREAMBLE_END =
  /\b(?:WHEREAS|Whereas|RECITALS?|Recitals|W\s?I\s?T\s?N\s?E\s?S\s?S\s?E\s?T\s?H|NOW,?\s+THEREFORE|Now,?\s+therefore|BACKGROUND|PREAMBLE|IN\s+CONSIDERATION)\b|\n\s*(?:1|I|A)\.\s|\n\s*(?:ARTICLE|Article|SECTION|Section)\s+(?:1|I|ONE)\b/;
const MAX_PREAMBLE = 2_000;

/**
 * A defined term given to a party: `("Distributor")`, `(the "Company")`, `(hereinafter called
 * "MLX", or "Party")`, `(hereafter, "Affiliates")`, with straight or curly quotes; also
 * `, hereinafter referred to as "Licensee"` outside brackets.
 */
const DEFINED_TERM = new RegExp(
  [
    /\(\s*(?:(?:the|each|together|collectively|individually|hereinafter|hereafter|herein|referred|to|as|called|a|an|being|jointly|,)\s+)*,?\s*["“”'‘’]+([^"“”'‘’()]{1,60}?)["“”'‘’]+[^()]*\)/
      .source,
    /,?\s*\b(?:hereinafter|hereafter)\s+(?:(?:referred\s+to|called|known)\s+)?(?:as\s+)?(?:the\s+)?["“”'‘’]+([^"“”'‘’()]{1,60}?)["“”'‘’]+/
      .source,
    // Unquoted, one to three capitalised words where the name ends: "(Transporter)\nand", not
    // "(Beijing) Co., Ltd.".
    /\(\s*(?:the\s+)?(\p{Lu}[\p{L}&.-]*(?:\s+\p{Lu}[\p{L}&.-]*){0,2})\s*\)(?=\s*(?:[,.;:]|and\b|AND\b|$))/u
      .source,
  ].join('|'),
  'gu',
);

/** Terms that name the agreement, a date or the parties together, not one party. */
const NOT_A_PARTY_TERM =
  /^(?:the\s+)?(?:agreement|contract|effective\s+date|execution\s+date|commencement\s+date|parties|party|each\s+party|both\s+parties)$|\bagreement\b|\bdate\b/i;

/**
 * What follows a party's name in a preamble and is not part of it: its description (", a
 * Delaware corporation", " having its principal place of business at", "(formerly known as …)"),
 * a line that goes on in lower case ("represented herein by").
 */
const DESCRIPTION =
  /,?\s+(?:a|an)\s+(?=(?:[A-Z][\w.-]*|corporation|company|limited|private|public|general|national|banking|non-?profit)\b)|,\s*(?:a|an|the|having|with|whose|located|organi[sz]ed|incorporated|existing|represented|acting|doing|formerly|its|which|on\s+behalf|residing|domiciled|registered|principal|duly|through)\b|\s+(?:having|with\s+(?:its|a|offices|principal)|whose|located|organi[sz]ed|incorporated\s+(?:under|in)|existing\s+under|represented\s+by|residing|domiciled|registered\s+(?:in|under|office))\b|\s*\((?![A-Z][A-Za-z.\s]{0,30}\)\s+[A-Z])|\n(?=\s*[a-z])/;

/** Text before a defined term that is not a party's name: recitals, headings, addresses, dates. */
const NOT_A_NAME =
  /^(?:WHEREAS|NOW|Section|Article|This|THIS|The\s+(?:parties|Parties)|dated|Dated|effective|Effective|made|entered)\b|\b(?:AGREEMENT|Agreement|EXHIBIT|Exhibit)\b|^\d{1,2}(?:st|nd|rd|th)?\b|\b\d{4,}\b/;

type Party = { name: string; term: string | null; start: number; end: number };

/**
 * The parties named in a preamble: each name with the defined term it is given ("NETGEAR, Inc.,
 * a Delaware corporation ("NETGEAR")" → `NETGEAR, Inc. ("NETGEAR")`), read between "by and
 * between" and the recitals; names without terms when the preamble lists them plainly
 * ("Between: A Inc. And B Ltd."). Value: `Name ("Term"); Name ("Term")`. Null when the text names
 * no party either way.
 */
export function extractParties(quote: string): ExtractedValue | null {
  const parties =
    partiesAfterBetween(quote) ??
    partiesLabelled(quote) ??
    partiesOnCover(quote) ??
    partiesByTerm(quote, 0, quote.length);
  if (parties.length === 0) return null;
  return {
    value: parties
      .map((party) => (party.term ? `${party.name} ("${party.term}")` : party.name))
      .join('; '),
    asWritten: quote.slice(parties[0]!.start, parties.at(-1)!.end).trim(),
  };
}

/** The parties of the preamble that names them after "between" / "among", or null without one. */
function partiesAfterBetween(quote: string): Party[] | null {
  const anchor = PARTIES_FOLLOW.exec(quote);
  if (!anchor) return null;
  const from = anchor.index + anchor[0].length;
  const rest = quote.slice(from, from + MAX_PREAMBLE);
  const stop = PREAMBLE_END.exec(rest);
  const to = from + (stop ? stop.index : rest.length);
  const named = partiesByTerm(quote, from, to);
  if (named.length >= 2) return named;
  const plain = partiesListed(quote, from, to);
  if (plain.length > named.length) return plain;
  return named.length > 0 ? named : null;
}

/** Parties on labelled lines: "Party A: Beijing Yisheng Co., Ltd." (the label is the term). */
function partiesLabelled(quote: string): Party[] | null {
  const parties: Party[] = [];
  for (const line of quote.matchAll(
    /(?<=^|\n)[ \t]*(Party\s+[A-Z0-9])[ \t]*[:：][ \t]*([^\n]{2,160})/g,
  )) {
    const name = cleanName(line[2]!);
    const start = line.index + line[0].length - line[2]!.length;
    if (name) parties.push({ name, term: line[1]!, start, end: start + line[2]!.length });
  }
  return parties.length >= 2 ? parties : null;
}

/**
 * A cover page's parties: two names on lines of their own with "AND" on the line between them
 * ("BIOEQ IP AG\nAND\nCOHERUS BIOSCIENCES, INC."), at least one with its legal form.
 */
function partiesOnCover(quote: string): Party[] | null {
  const cover =
    /(?<=^|\n)([^\n]{2,120})\n[ \t]*(?:AND|And|and|&|-\s*and\s*-)[ \t]*\n([^\n]{2,120})(?=\n|$)/.exec(
      quote,
    );
  if (!cover) return null;
  const first = cleanName(cover[1]!);
  const second = cleanName(cover[2]!);
  if (!first || !second || !(hasLegalForm(first) || hasLegalForm(second))) return null;
  const start = cover.index;
  const secondStart = start + cover[0].length - cover[2]!.length;
  return [
    { name: first, term: null, start, end: start + cover[1]!.length },
    { name: second, term: null, start: secondStart, end: secondStart + cover[2]!.length },
  ];
}

/**
 * Each defined term of [from, to) that names a party, with the name written between the previous
 * party's term and it.
 */
function partiesByTerm(quote: string, from: number, to: number): Party[] {
  const parties: Party[] = [];
  let boundary = from;
  for (const match of quote.slice(from, to).matchAll(DEFINED_TERM)) {
    const at = from + match.index;
    const term = (match[1] ?? match[2] ?? match[3] ?? '').trim();
    const termEnd = at + match[0].length;
    if (!term || NOT_A_PARTY_TERM.test(term)) {
      boundary = Math.max(boundary, termEnd);
      continue;
    }
    const name = nameIn(quote, Math.max(boundary, at - 400), at);
    boundary = termEnd;
    if (!name || parties.some((party) => party.name === name.name)) continue;
    parties.push({ name: name.name, term, start: name.start, end: termEnd });
  }
  return parties;
}

/** Names listed without defined terms: "A Inc.\nAnd\nB Ltd.", "A Inc. and B Ltd.". */
function partiesListed(quote: string, from: number, to: number): Party[] {
  const parties: Party[] = [];
  const region = quote.slice(from, to);
  let start = 0;
  for (const separator of [
    ...region.matchAll(/\s+(?:and|AND|And|&)\s+|\n\s*-\s*and\s*-\s*\n/g),
    null,
  ]) {
    const end = separator ? separator.index : region.length;
    const name = nameIn(quote, from + start, from + end);
    if (name && hasLegalForm(name.name))
      parties.push({ ...name, term: null, end: name.start + name.name.length });
    if (parties.length === 2 || !separator) break;
    start = separator.index + separator[0].length;
  }
  return parties.length >= 2 ? parties : [];
}

/** Where a name may start: after a connective between two parties ("…, and", "; ", "- and -"). */
const CONNECTIVE = /(?:[,;]\s*|\s+)(?:and|AND|And|&)\s+|;\s*|\n\s*-\s*and\s*-\s*\n/g;
const LEAD =
  /^(?:[\s,;:.)\]–—-]|\b(?:and|AND|And|by|BY|between|BETWEEN|Between|among|AMONG|with)\b|&)*/;
/** Words that open a party's description, never its name. */
const DESCRIBES =
  /^(?:a|an|the|having|with|whose|located|organi[sz]ed|incorporated|existing|represented|acting|doing|formerly|its|which|on|residing|domiciled|registered|principal|duly|through|under|at|in|of)\b/;

/**
 * The party's name in [from, to): the text after the connective that follows the previous
 * party's description ("…, a Delaware corporation with offices at …, and HSW International, Inc."),
 * without its own description.
 */
function nameIn(quote: string, from: number, to: number): { name: string; start: number } | null {
  const text = quote.slice(from, to);
  const starts = [0, ...[...text.matchAll(CONNECTIVE)].map((each) => each.index + each[0].length)];
  const candidates = starts.map((start) => start + LEAD.exec(text.slice(start))![0].length);
  // The text right after the previous party is its name, unless it is that party's description:
  // then the name follows the last connective ("…, a Delaware corporation …, and HSW …").
  const lead = DESCRIBES.test(text.slice(candidates[0]))
    ? candidates.findLast(
        (each) => !DESCRIBES.test(text.slice(each)) && cleanName(text.slice(each)),
      )
    : candidates[0];
  if (lead === undefined) return null;
  const name = cleanName(text.slice(lead));
  return name ? { name, start: from + lead } : null;
}

/** The name without its description, or null when what is left is no name. */
function cleanName(text: string): string | null {
  const description = DESCRIPTION.exec(text);
  const name = endAtLineAfterLegalForm(description ? text.slice(0, description.index) : text)
    .replace(/[\s,;:]+$/, '')
    .replace(/\s+/g, ' ');
  // A name starts with a capital or a digit ("2TheMart.com"), or is a company's ("deltathree.com, Inc.").
  const capitalised = /^[\p{Lu}\p{N}]/u.test(name) || (/^\p{Ll}/u.test(name) && hasLegalForm(name));
  if (!capitalised || NOT_A_NAME.test(name)) return null;
  return name.length >= 2 && name.length <= 120 ? name : null;
}

/** A name whose line ends with its legal form ends there: the next line is an address, a date. */
function endAtLineAfterLegalForm(name: string): string {
  for (const form of name.matchAll(new RegExp(LEGAL_FORM.source, 'g'))) {
    const after = form.index + form[0].length;
    if (/^,?[ \t]*\n/.test(name.slice(after))) return name.slice(0, after);
  }
  return name;
}

function hasLegalForm(name: string): boolean {
  return LEGAL_FORM.test(name);
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

import {
  clean,
  escapeRegExp,
  matchesOf,
  type PageText,
  type Span,
  WORD_EDGE_AFTER,
  WORD_EDGE_BEFORE,
} from './page-text.js';

/**
 * The companies a data room's pages name, and which of them the deal is about.
 *
 * A company is a run of capitalised words ending in a legal form ("CytoDyn Inc.", "Ono
 * Pharmaceutical Co., Ltd.", "mPhase Technologies Inc.", "THE JOINT CORP."). It counts as a
 * party when the pages say so: it is defined by a parenthetical short name (`("Vyera")`), or
 * as "the Company", or it is the registrant of a 10-K/10-Q cover, or the subject of a sentence
 * ("Acme Robotics, Inc. is ..."), or it is named on a first page and mentioned often.
 */
export type Party = {
  /** Lower-case letters and digits of the name without its legal form: "cytodyn". */
  key: string;
  /** Where its name is written best (defining occurrence, mixed case preferred). */
  name: { page: PageText; start: number; end: number };
  /** Ways the pages refer to it (name, name without legal form, defined short names). */
  aliases: string[];
  definedAsCompany: boolean;
  defined: boolean;
  registrant: boolean;
  subject: boolean;
  onFirstPage: boolean;
  /** The name is part of a document's file name (exhibits are filed under the filer's name). */
  inFileName: boolean;
  mentions: number;
  /** Order of first appearance in the pages. */
  order: number;
};

const LEGAL_FORM = String.raw`(?:Inc\.?|INC\.?|Incorporated|INCORPORATED|Corp\.?|CORP\.?|Corporation|CORPORATION|Company|COMPANY|Co\.,?[ \t]+Ltd\.?|CO\.,?[ \t]+LTD\.?|Co\.|CO\.|Limited|LIMITED|Ltd\.?|LTD\.?|L\.L\.C\.?|LLC|L\.L\.P\.?|LLP|L\.P\.|LP|P\.L\.C\.|plc|PLC|GmbH(?:[ \t]+&[ \t]+Co\.[ \t]+KG)?|AG|SE|S\.A\.|N\.V\.|B\.V\.|S\.p\.A\.|S\.r\.l\.|Pty\.?[ \t]+Ltd\.?|ASA|Oyj?|K\.K\.)${WORD_EDGE_AFTER}`;
/** A word of a company name: capitalised ("Acme", "MP3.com", "(UK)") or "mPhase"-like. */
const NAME_WORD = String.raw`(?!${LEGAL_FORM})(?:\p{Lu}[\p{L}\p{N}'’&.\-]*|\p{Ll}{1,3}\p{Lu}[\p{L}\p{N}'’&.\-]*|\p{N}[\p{L}\p{N}.\-]*\p{L}[\p{L}\p{N}.\-]*|\(\p{Lu}{2,5}\))`;
/** Between the words of a name: spaces, or one line break (names wrap in PDFs). */
const GAP = String.raw`(?:[ \t]+|[ \t]*\n[ \t]*)`;
const NAME = String.raw`${NAME_WORD}(?:${GAP}(?:(?:of|de|du|la|von|van|der|y|&)${GAP})?${NAME_WORD}){0,7}`;
const ENTITY = new RegExp(
  String.raw`${WORD_EDGE_BEFORE}(?<name>${NAME}),?${GAP}(?<form>${LEGAL_FORM})`,
  'gu',
);
const LEGAL_FORM_AT_END = new RegExp(String.raw`,?\s*${LEGAL_FORM}$`, 'u');

/** Words that precede a name in headings and preambles without being part of it. */
const LEADING_NOISE = new Set(
  (
    'exhibit schedule annex appendix whereas between among and by this that these agreed accepted ' +
    'name title attention attn to from with party parties distributor licensee licensor seller buyer ' +
    'purchaser franchisee franchisor customer supplier vendor client confidential execution version ' +
    'agreement recitals witnesseth notices copy re dear for on behalf of signed signature date dated'
  ).split(' '),
);

/** Defined terms that name a role, not a company: never used to recognise one. */
const ROLE_TERMS = new Set(
  (
    'we us our you your company party parties licensee licensor distributor buyer seller purchaser ' +
    'franchisee franchisor franchise owner customer supplier vendor client contractor consultant issuer ' +
    'borrower lender agent guarantor parent sponsor recipient discloser disclosing party receiving party ' +
    'employer employee executive tenant landlord lessor lessee affiliate manufacturer reseller partner ' +
    'investor subscriber holder agreement effective date target merger sub acquiror acquirer provider ' +
    'developer collaborator owner operator'
  ).split(' '),
);
const COMPANY_TERMS = new Set(['company', 'target', 'target company']);

const QUOTED_TERM = /[“"]([^“”"\n]{1,60})[”"“]/g;
const PARENTHETICAL = /\(([^()]*)\)/g;
const SUBJECT_VERB =
  /^,?\s+(?:is|was|has|develops|designs|manufactures|makes|produces|provides|operates|offers|sells|reported|employs|generated|owns|specializes|specialises)\b/;
const REGISTRANT = /\(?\s*exact name of registrant as specified in its charter\s*\)?/gi;
/** Characters after a name within which its defining parenthetical may follow (after an address). */
const DEFINITION_REACH = 350;

type Occurrence = {
  page: PageText;
  start: number;
  end: number;
  text: string;
  order: number;
  terms: string[];
  definedAsCompany: boolean;
  registrant: boolean;
  subject: boolean;
};

/** The parties of the pages, in order of first appearance. */
export function findParties(pages: PageText[]): Party[] {
  const occurrences: Occurrence[] = [];
  let order = 0;
  const found = pages.map((page) => [...entitiesOf(page.text)]);
  const onOneLine = new Set(
    found.flat().flatMap((entity) => (entity.wrapped ? [] : [keyOf(entity.text)])),
  );
  for (const [pageIndex, page] of pages.entries()) {
    const entities = found[pageIndex]!.map((entity) => unwrapped(entity, page.text, onOneLine));
    entities.forEach((entity, index) => {
      const reachEnd = Math.min(
        entity.end + DEFINITION_REACH,
        entities[index + 1]?.start ?? page.text.length,
      );
      const terms = definedTerms(page.text.slice(entity.end, reachEnd));
      occurrences.push({
        page,
        ...entity,
        order: order++,
        terms,
        definedAsCompany: terms.some((term) => COMPANY_TERMS.has(term.toLowerCase())),
        registrant: false,
        subject: SUBJECT_VERB.test(page.text.slice(entity.end, entity.end + 20)),
      });
    });
    for (const registrant of registrantsOf(page.text)) {
      occurrences.push({
        page,
        ...registrant,
        order: order++,
        terms: [],
        definedAsCompany: false,
        registrant: true,
        subject: false,
      });
    }
  }
  const parties = mergeByKey(occurrences);
  countMentions(parties, pages);
  return parties.filter(
    (party) =>
      party.defined ||
      party.definedAsCompany ||
      party.registrant ||
      party.subject ||
      party.inFileName ||
      (party.onFirstPage && party.mentions >= 3),
  );
}

/**
 * The company the deal is about: the one the user typed when the pages name it; else the
 * best-evidenced party (defined as "the Company" or registrant, then named in a file name,
 * then mentioned most), the first defined on a tie.
 */
export function chooseCompany(parties: Party[], typed: string | null): Party | null {
  const typedWords = typed ? nameWords(typed) : [];
  const score = (party: Party): number =>
    (typedWords.length > 0 && sameCompany(party, typedWords) ? 1000 : 0) +
    (party.definedAsCompany || party.registrant ? 100 : 0) +
    (party.inFileName ? 30 : 0) +
    (party.defined ? 10 : 0) +
    (party.subject ? 5 : 0) +
    Math.min(20, party.mentions);
  const ranked = [...parties].sort((a, b) => score(b) - score(a) || a.order - b.order);
  return ranked[0] ?? null;
}

/** The parties named in `text.slice(span)` of a page, by where they are named. */
export function partiesIn(
  page: PageText,
  span: Span,
  parties: Party[],
): { party: Party; index: number }[] {
  const found: { party: Party; index: number }[] = [];
  const text = page.text.slice(span.start, span.end);
  for (const party of parties) {
    for (const match of matchesOf(aliasPattern(party), text)) {
      found.push({ party, index: span.start + match.index });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

/**
 * Whose passage this is, for a title or a figure read at `index`: the party named on its line,
 * else on the nearest of the 5 lines above (a signature block's company line, a notice
 * address); on a line naming several (signature blocks side by side), the one in its column.
 */
export function partyNear(page: PageText, index: number, parties: Party[]): Party | null {
  const lineNumber = page.lineOf(index);
  const column = index - page.line(lineNumber)!.start;
  for (let number = lineNumber; number >= 0 && number >= lineNumber - 5; number--) {
    const line = page.line(number)!;
    const named = partiesIn(page, line, parties);
    if (named.length === 0) continue;
    const inColumn = named.filter((entry) => entry.index - line.start <= column).at(-1);
    return (inColumn ?? named[0]!).party;
  }
  return null;
}

const aliasPatterns = new WeakMap<Party, RegExp>();

/** Matches any alias of the party, as written or in capitals, as whole words. */
export function aliasPattern(party: Party): RegExp {
  let pattern = aliasPatterns.get(party);
  if (!pattern) {
    const forms = [...new Set(party.aliases.flatMap((alias) => [alias, alias.toUpperCase()]))]
      .sort((a, b) => b.length - a.length)
      .map((alias) => escapeRegExp(alias).replace(/ /g, String.raw`\s+`));
    pattern = new RegExp(`${WORD_EDGE_BEFORE}(?:${forms.join('|')})${WORD_EDGE_AFTER}`, 'gu');
    aliasPatterns.set(party, pattern);
  }
  return pattern;
}

type Entity = { start: number; end: number; text: string; wrapped: boolean };

/**
 * A name read across a line break ("…between Lucent\nTechnologies Inc.") is kept whole, unless
 * the part on its last line is a name the pages also write on one line: then the line before
 * was a heading ("Company Profile\nAcme Robotics, Inc.").
 */
function unwrapped(entity: Entity, text: string, onOneLine: Set<string>): Entity {
  if (!entity.wrapped) return entity;
  const lastLine = text.lastIndexOf('\n', entity.end - 1) + 1;
  const rest = clean(text.slice(lastLine, entity.end));
  if (!onOneLine.has(keyOf(rest))) return entity;
  let start = lastLine;
  while (/\s/.test(text[start]!)) start++;
  return { start, end: entity.end, text: rest, wrapped: false };
}

function* entitiesOf(text: string): Generator<Entity> {
  for (const match of matchesOf(ENTITY, text)) {
    const words = [...matchesOf(/\S+/g, match.groups!['name']!)];
    const firstKept = words.findIndex(
      (word) => !LEADING_NOISE.has(word[0].toLowerCase().replace(/[:,]$/, '')),
    );
    if (firstKept < 0) continue;
    const start = match.index + words[firstKept]!.index;
    // "a Delaware Corporation": a description of a company, not a name.
    if (/(?:^|\s)an?\s+$/i.test(text.slice(Math.max(0, start - 4), start))) continue;
    const end = match.index + match[0].length;
    const written = text.slice(start, end);
    yield { start, end, text: clean(written), wrapped: written.includes('\n') };
  }
}

/** Defined terms in the first parentheticals that follow a name: `(“Vyera”)`, `(the “Company”)`. */
function definedTerms(after: string): string[] {
  let seen = 0;
  for (const parenthetical of matchesOf(PARENTHETICAL, after)) {
    if (++seen > 3) break;
    const terms = [...matchesOf(QUOTED_TERM, parenthetical[1]!)]
      .map((quoted) => clean(quoted[1]!.replace(/[\s,;.]+$/, '')))
      .filter((term) => term.length > 0);
    if (terms.length > 0) return terms;
  }
  return [];
}

/** The name on the line above "(Exact name of registrant as specified in its charter)". */
function* registrantsOf(text: string): Generator<{ start: number; end: number; text: string }> {
  for (const match of matchesOf(REGISTRANT, text)) {
    const before = text.slice(0, match.index).replace(/\s+$/, '');
    const lineStart = before.lastIndexOf('\n') + 1;
    const name = before.slice(lineStart);
    if (name.length >= 2 && name.length <= 100 && /\p{L}/u.test(name)) {
      yield { start: lineStart, end: before.length, text: clean(name) };
    }
  }
}

function mergeByKey(occurrences: Occurrence[]): Party[] {
  const byKey = new Map<string, Occurrence[]>();
  for (const occurrence of occurrences) {
    const key = keyOf(occurrence.text);
    if (key.length < 2) continue;
    byKey.set(key, [...(byKey.get(key) ?? []), occurrence]);
  }
  return [...byKey.entries()].map(([key, all]) => {
    const proper = all
      .flatMap((o) => o.terms)
      .filter((term) => !ROLE_TERMS.has(term.toLowerCase()));
    const names = all.map((o) => o.text);
    return {
      key,
      name: representative(all),
      aliases: [...new Set([...names, ...names.map(withoutLegalForm), ...proper])].filter(
        (alias) => alias.length >= 3,
      ),
      definedAsCompany: all.some((o) => o.definedAsCompany),
      defined: all.some((o) => o.terms.length > 0),
      registrant: all.some((o) => o.registrant),
      subject: all.some((o) => o.subject),
      onFirstPage: all.some((o) => o.page.page.pageNumber === 1),
      inFileName:
        key.length >= 4 && all.some((o) => squash(o.page.page.originalname).includes(key)),
      mentions: 0,
      order: Math.min(...all.map((o) => o.order)),
    };
  });
}

/** The defining occurrence, earliest first; a mixed-case spelling over an all-capitals one. */
function representative(all: Occurrence[]): Occurrence {
  const strength = (o: Occurrence) =>
    o.definedAsCompany || o.registrant ? 3 : o.terms.length > 0 ? 2 : o.subject ? 1 : 0;
  const best = [...all].sort((a, b) => strength(b) - strength(a) || a.order - b.order)[0]!;
  if (best.text !== best.text.toUpperCase()) return best;
  return all.find((o) => o.text !== o.text.toUpperCase()) ?? best;
}

function countMentions(parties: Party[], pages: PageText[]): void {
  for (const party of parties) {
    const pattern = aliasPattern(party);
    party.mentions = pages.reduce(
      (sum, page) => sum + [...matchesOf(pattern, page.text)].length,
      0,
    );
  }
}

function sameCompany(party: Party, typedWords: string[]): boolean {
  return party.aliases.some((alias) => {
    const words = nameWords(alias);
    const shorter = Math.min(words.length, typedWords.length);
    return (
      shorter > 0 && words.slice(0, shorter).join(' ') === typedWords.slice(0, shorter).join(' ')
    );
  });
}

const withoutLegalForm = (name: string): string => name.replace(LEGAL_FORM_AT_END, '').trim();

/** "The Joint Corp." → ["joint"]; "Dialog Semiconductor (UK) Ltd." → ["dialog", "semiconductor"]. */
function nameWords(name: string): string[] {
  const words = withoutLegalForm(name)
    .replace(/\(\p{Lu}{2,5}\)/gu, ' ')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu);
  return (words ?? []).filter((word, index) => !(index === 0 && word === 'the'));
}

const keyOf = (name: string): string => nameWords(name).join('');
const squash = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

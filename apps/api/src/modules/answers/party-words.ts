import { STOP_WORDS, TERM } from '../../common/text/terms.js';
import { isClauseWord } from './thesaurus.js';

/** Contracts name their parties in the title and the preamble, within the first page's opening. */
const OPENING_CHARS = 2_000;
/** Words of company names that name no particular company. */
const COMPANY_WORDS = new Set(
  (
    'inc incorporated corp corporation company llc ltd limited plc lp llp gmbh group holdings ' +
    'international global national american technologies technology systems solutions services ' +
    'networks enterprises industries partners capital trust bank north south east west new ' +
    'united states america usa agreement between among exhibit confidential'
  ).split(' '),
);
/** Capitalised words of a first page that name no one: recitals, filing notes, addresses, titles. */
const OPENING_WORDS = new Set(
  (
    'whereas therefore recitals witnesseth background treatment redacted omitted asterisks ' +
    'brackets page pages street avenue road suite box park floor president vice chief officer'
  ).split(' '),
);

/**
 * The words that may name a document by its parties ("Ingram" and "Micro" for the agreement whose
 * first page reads "Ingram Micro, a corporation … ("Distributor")"): the capitalised words of the
 * first page's opening, less company-form words and the vocabulary of clauses ("Term",
 * "Effective"), lower-case, without repeats.
 */
export function partyWords(firstPage: string): string[] {
  const words = new Set<string>();
  for (const match of firstPage.slice(0, OPENING_CHARS).matchAll(TERM)) {
    const word = match[0];
    if (!/^\p{Lu}/u.test(word) || word.length < 3 || /\d/.test(word)) continue;
    const lower = word.toLowerCase();
    if (STOP_WORDS.has(lower) || COMPANY_WORDS.has(lower) || OPENING_WORDS.has(lower)) continue;
    if (isClauseWord(lower)) continue;
    words.add(lower);
  }
  return [...words];
}

import { STOP_WORDS, stem, TERM } from '../../common/text/terms.js';
import { CUAD_CATEGORIES } from '../../cuad/labels.js';
import type { Category } from './answer.types.js';
import { clauseName } from './categories.js';
import { LAY_PHRASES } from './lay-phrases.js';
import { LEARNED_THESAURUS } from './thesaurus.learned.js';

/** A lay phrase's weight: above what learned words alone reach in a short question. */
const LAY_WEIGHT = 8;

type Term = { weight: number; word: string };

const LEARNED = new Map<Category, Map<string, Term>>(
  CUAD_CATEGORIES.map((category) => [
    category,
    new Map(
      (LEARNED_THESAURUS[category] ?? []).map(([key, weight, word]) => [key, { weight, word }]),
    ),
  ]),
);

/** The stems of the meaningful words of `text`, without repeats. */
export function stemsOf(text: string): Set<string> {
  const stems = new Set<string>();
  for (const word of text.toLowerCase().match(TERM) ?? [])
    if (!STOP_WORDS.has(word) && word.length >= 3 && !/^\d+$/.test(word)) stems.add(stem(word));
  return stems;
}

/** The sum of the learned weights of the category's words found among `stems`. */
export function learnedScore(category: Category, stems: ReadonlySet<string>): number {
  const terms = LEARNED.get(category)!;
  let score = 0;
  for (const key of stems) score += terms.get(key)?.weight ?? 0;
  return score;
}

/**
 * What a sentence holding the category's `count` most typical words scores: the scale of its
 * thesaurus scores, which differs by category (a renewal clause has more typical words than an
 * exclusivity clause).
 */
export function typicalScore(category: Category, count: number): number {
  return [...LEARNED.get(category)!.values()]
    .map((term) => term.weight)
    .sort((a, b) => b - a)
    .slice(0, count)
    .reduce((sum, weight) => sum + weight, 0);
}

/**
 * Each category's own name as answers speak of it ("customer non-solicitation", "change-of-control",
 * "liquidated-damages"), hyphens and spaces alike: a question using the product's own words for a
 * clause names it as surely as a lay phrase does.
 */
const NAME_PATTERNS: [RegExp, Category][] = CUAD_CATEGORIES.filter(
  // "the parties" is how many questions speak of the contract's parties, whatever they ask.
  (category) => category !== 'Document Name' && category !== 'Parties',
).flatMap((category) =>
  [
    clauseName(category)
      .replace(/\s+clause$/, '')
      .replace(/[()]/g, ''),
    category,
  ]
    .filter((name) => !name.includes('/') && name.length >= 6)
    .map((name): [RegExp, Category] => [
      new RegExp(
        `\\b${name
          .toLowerCase()
          .split(/[\s-]+/)
          .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('[\\s-]*')}\\b`,
        'i',
      ),
      category,
    ]),
);

/**
 * The categories a question asks about, best first, with their scores: a hand-written lay phrase
 * counts most (the longest match most), then the learned words typical of the category's clauses.
 */
export function rankCategories(question: string): { category: Category; score: number }[] {
  const stems = stemsOf(question);
  const lay = new Map<Category, number>();
  for (const [pattern, category] of [...LAY_PHRASES, ...NAME_PATTERNS]) {
    const match = pattern.exec(question);
    if (match)
      lay.set(category, Math.max(lay.get(category) ?? 0, LAY_WEIGHT + match[0].length / 4));
  }
  return CUAD_CATEGORIES.filter((category) => category !== 'Document Name')
    .map((category) => ({
      category,
      score: (lay.get(category) ?? 0) + learnedScore(category, stems),
    }))
    .filter((ranked) => ranked.score > 0)
    .sort((a, b) => b.score - a.score);
}

/**
 * True when `text` itself names the category by one of its phrases ("including upon a change of
 * control" names a change of control): a clause found as another category may then answer for it.
 */
export function namesCategory(text: string, category: Category): boolean {
  return [...LAY_PHRASES, ...NAME_PATTERNS].some(
    ([pattern, named]) => named === category && pattern.test(text),
  );
}

/** The lower-case words of `text` inside its phrases naming a clause ("first" in "right of first refusal"). */
export function clausePhraseWords(text: string): Set<string> {
  const words = new Set<string>();
  for (const [pattern] of [...LAY_PHRASES, ...NAME_PATTERNS]) {
    const match = pattern.exec(text);
    if (match) for (const word of match[0].toLowerCase().match(TERM) ?? []) words.add(word);
  }
  return words;
}

/**
 * True when the question names a kind of clause: a phrase of the hand-written part matches (words
 * merely typical of a clause, such as "forecast" or "price", do not reach that weight).
 */
export function namesAClause(question: string): boolean {
  return (rankCategories(question)[0]?.score ?? 0) >= LAY_WEIGHT;
}

/** The words most typical of a category's clauses, for widening a search ("exclusive" → "appointed"). */
export function expansionWords(category: Category, count: number): string[] {
  return [...LEARNED.get(category)!.values()]
    .sort((a, b) => b.weight - a.weight)
    .slice(0, count)
    .map((term) => term.word);
}

/** True when the word (or its stem) is typical of some category's clauses ("Term", "Effective"). */
export function isClauseWord(word: string): boolean {
  const key = stem(word.toLowerCase());
  return [...LEARNED.values()].some((terms) => terms.has(key));
}

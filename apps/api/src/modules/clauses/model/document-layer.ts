import type { Segment } from './segment.js';

/**
 * A document's score profile for one category, the input of the document layer: whether a
 * category is present is better read from the best clause, the runner-up and how many clauses
 * look like it than from the best clause alone.
 */
export function documentProfile(
  segments: Segment[],
  scores: Float32Array[],
  category: number,
  /** With document rules: whether the category's rule fires in the document (see ruleHits). */
  ruleFires?: boolean,
  /** With exemplars: the document's best similarity to a training passage of the category. */
  exemplarBest?: number,
): number[] {
  let best = 0;
  let second = 0;
  let above50 = 0;
  let above20 = 0;
  for (const row of scores) {
    const p = row[category]!;
    if (p > best) {
      second = best;
      best = p;
    } else if (p > second) second = p;
    if (p >= 0.5) above50++;
    if (p >= 0.2) above20++;
  }
  return [
    logit(best),
    logit(second),
    Math.log1p(above50),
    Math.log1p(above20),
    Math.log1p(segments.length) / 5,
    ...(ruleFires === undefined ? [] : [ruleFires ? 1 : 0]),
    ...(exemplarBest === undefined ? [] : [exemplarInput(exemplarBest)]),
  ];
}

/** What the richer document profile reads beside a category's own scores. */
export type ProfileContext = 'none' | 'related' | 'all';

/**
 * Categories whose clauses come with another's: an affiliate licence is a licence grant, a
 * competitive restriction exception carves out of a non-compete or an exclusivity, an uncapped
 * liability sits beside a cap. From CUAD's category definitions.
 */
const RELATED: Record<string, string[]> = {
  'Affiliate License-Licensor': ['License Grant', 'Affiliate License-Licensee'],
  'Affiliate License-Licensee': ['License Grant', 'Affiliate License-Licensor'],
  'Non-Transferable License': ['License Grant'],
  'Unlimited/All-You-Can-Eat-License': ['License Grant'],
  'Irrevocable Or Perpetual License': ['License Grant'],
  'Source Code Escrow': ['License Grant'],
  'Competitive Restriction Exception': ['Non-Compete', 'Exclusivity', 'No-Solicit Of Customers'],
  'No-Solicit Of Customers': ['Non-Compete', 'No-Solicit Of Employees'],
  'No-Solicit Of Employees': ['No-Solicit Of Customers', 'Non-Compete'],
  'Non-Compete': ['Exclusivity', 'No-Solicit Of Customers'],
  Exclusivity: ['Non-Compete', 'Volume Restriction'],
  'Uncapped Liability': ['Cap On Liability'],
  'Cap On Liability': ['Uncapped Liability'],
  'Notice Period To Terminate Renewal': ['Renewal Term'],
  'Renewal Term': ['Notice Period To Terminate Renewal', 'Expiration Date'],
  'Volume Restriction': ['Minimum Commitment', 'Exclusivity'],
  'Minimum Commitment': ['Volume Restriction'],
  'Price Restrictions': ['Most Favored Nation', 'Revenue/Profit Sharing'],
  'Most Favored Nation': ['Price Restrictions'],
  'Joint Ip Ownership': ['Ip Ownership Assignment'],
  'Ip Ownership Assignment': ['Joint Ip Ownership'],
  'Rofr/Rofo/Rofn': ['Exclusivity'],
  'Liquidated Damages': ['Termination For Convenience', 'Minimum Commitment'],
};

const LOGIT_LIMIT = 10;
const COUNT_LEVELS = [0.8, 0.5, 0.2, 0.05];

/**
 * The richer profile, for every category at once: the best three clauses, how many clauses pass
 * each of four levels, the document's length, the rule's hit, the best clause of the related
 * categories (or of all of them), the best exemplar similarity and the share of document words.
 */
export function documentProfiles(
  categories: readonly string[],
  segments: Segment[],
  scores: Float32Array[],
  hits: boolean[] | null,
  context: ProfileContext,
  exemplarBest: number[] | null = null,
  /** With document words (document-words.ts): per category, the share of its markers found. */
  wordShares: number[] | null = null,
): number[][] {
  const top = categories.map(() => [0, 0, 0]);
  const counts = categories.map(() => COUNT_LEVELS.map(() => 0));
  for (const row of scores) {
    for (let j = 0; j < categories.length; j++) {
      const p = row[j]!;
      const best = top[j]!;
      if (p > best[2]!) {
        if (p > best[0]!) best.splice(0, 0, p);
        else if (p > best[1]!) best.splice(1, 0, p);
        else best.splice(2, 0, p);
        best.length = 3;
      }
      const passed = counts[j]!;
      for (let k = 0; k < COUNT_LEVELS.length; k++) if (p >= COUNT_LEVELS[k]!) passed[k]!++;
    }
  }
  const bestLogits = top.map((best) => clampedLogit(best[0]!));
  return categories.map((category, j) => {
    const related =
      context === 'all'
        ? bestLogits.filter((_, k) => k !== j)
        : context === 'related'
          ? (RELATED[category] ?? []).map((name) => bestLogits[categories.indexOf(name)] ?? 0)
          : [];
    return [
      ...top[j]!.map(clampedLogit),
      ...counts[j]!.map((count) => Math.log1p(count)),
      Math.log1p(segments.length) / 5,
      ...(hits ? [hits[j] ? 1 : 0] : []),
      ...related,
      ...(exemplarBest ? [exemplarInput(exemplarBest[j]!)] : []),
      ...(wordShares ? [4 * wordShares[j]!] : []),
    ];
  });
}

/** A similarity (0 to 1) on the scale of the other inputs, so one L2 penalty suits them all. */
function exemplarInput(similarity: number): number {
  return 4 * similarity;
}

function clampedLogit(p: number): number {
  return Math.max(-LOGIT_LIMIT, Math.min(LOGIT_LIMIT, logit(p)));
}

/**
 * Document rules: phrases that, anywhere in a contract, speak for a rare category ("most
 * favored", "liquidated damages", "jointly owned"…). They are one more input of the document
 * layer, which learns on held-out scores how far to trust them; they decide nothing alone.
 * Written from the category definitions and measured on the training split only.
 */
const DOCUMENT_RULES: Record<string, RegExp> = {
  'Most Favored Nation':
    /most[- ]favou?red|(?:no|not) less favou?rable|more favou?rable (?:terms|price|pricing|than)|lowest (?:net )?price|best price/i,
  'No-Solicit Of Customers': /(?:solicit|entice|divert)[^.]{0,100}(?:customer|client)/i,
  'Non-Disparagement': /disparag/i,
  'Source Code Escrow': /source code[^.]{0,200}escrow|escrow[^.]{0,200}source code/i,
  'Third Party Beneficiary': /third[- ]party beneficiar/i,
  'Liquidated Damages': /liquidated damages|as a penalty|termination fee/i,
  'Joint Ip Ownership':
    /jointly own|joint(?:ly)?[- ]owned|co-own|joint ownership|owned jointly|joint property|jointly (?:develop|invent|creat)/i,
  'Unlimited/All-You-Can-Eat-License': /unlimited/i,
  'Covenant Not To Sue':
    /not to sue|covenant not|(?:shall|will) not[^.]{0,40}(?:challenge|contest)/i,
  'Affiliate License-Licensee': /sublicense[^.]{0,60}affiliates|affiliates[^.]{0,60}sublicense/i,
  'Competitive Restriction Exception': /notwithstanding[^.]{0,200}(?:compet|exclusiv)/i,
  'Irrevocable Or Perpetual License': /(?:irrevocable|perpetual)[^.]{0,80}licen[cs]e/i,
  'Change Of Control': /change (?:of|in) control/i,
  'Non-Compete': /non-?compet|(?:shall|will) not[^.]{0,80}compet/i,
};

/** Per category (in the given order): whether its document rule fires in the segments' text. */
export function ruleHits(categories: readonly string[], segments: Segment[]): boolean[] {
  const text = segments
    .map((segment) => segment.text)
    .join(' ')
    .replace(/\s+/g, ' ');
  return categories.map((category) => DOCUMENT_RULES[category]?.test(text) ?? false);
}

function logit(p: number): number {
  const clamped = Math.min(1 - 1e-6, Math.max(1e-6, p));
  return Math.log(clamped / (1 - clamped));
}

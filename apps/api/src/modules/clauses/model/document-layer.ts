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
  ];
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

import { CUAD_CATEGORIES } from '../../../cuad/labels.js';
import type { ClauseSpan } from '../model/clause-model.js';
import type { SegmentPiece } from '../model/segment.js';
import type { LabelledDocument } from './dataset.js';
import { lengthOf, overlap } from './locate.js';
import { jaccard, wordSet } from './metrics.js';

/**
 * The span ceiling: which gold passages ANY emitted candidate matches by CUAD's criterion (word-set
 * Jaccard ≥ 0.5), whatever its score. A passage no candidate matches caps the recall a ranking can
 * reach, so it tells where candidate extents (not scores) fall short, and why.
 */
export type MissReason =
  /** Not found in the page text (the gold passage's text differs from the PDF's). */
  | 'not located'
  /** The passage covers several segments (a sentence and its continuation, a list of sub-clauses). */
  | 'several segments'
  /** The passage is a phrase inside one longer segment. */
  | 'inside a segment'
  /** One segment, but its boundaries differ too much from the passage's. */
  | 'boundaries differ';

export const MISS_REASONS: MissReason[] = [
  'not located',
  'several segments',
  'inside a segment',
  'boundaries differ',
];

export type CategoryCeiling = {
  category: string;
  gold: number;
  reached: number;
  misses: Record<MissReason, number>;
  /** Of the 'several segments' misses: those the run of segments the passage covers would match. */
  runWouldReach: number;
  /** A few missed passages per reason, for reading. */
  examples: Partial<Record<MissReason, string[]>>;
};

const EXAMPLES = 3;

/** Per category, the gold passages the candidates reach and why the others are missed. */
export function spanCeiling(
  documents: LabelledDocument[],
  candidatesOf: (document: LabelledDocument) => ClauseSpan[],
): CategoryCeiling[] {
  const ceilings = CUAD_CATEGORIES.map((category): CategoryCeiling => ({
    category,
    gold: 0,
    reached: 0,
    misses: {
      'not located': 0,
      'several segments': 0,
      'inside a segment': 0,
      'boundaries differ': 0,
    },
    runWouldReach: 0,
    examples: {},
  }));
  for (const document of documents) {
    const spans = candidatesOf(document);
    CUAD_CATEGORIES.forEach((category, j) => {
      const ceiling = ceilings[j]!;
      const candidates = groupWords(
        document,
        spans.filter((span) => span.category === category),
      );
      for (const passage of document.gold[j]!) {
        ceiling.gold++;
        const words = wordSet(passage);
        if (candidates.some((candidate) => jaccard(candidate, words) >= 0.5)) {
          ceiling.reached++;
          continue;
        }
        const located = document.located[j]!.find((found) => found.text === passage);
        const reason = located ? missReason(document, located.pieces) : 'not located';
        ceiling.misses[reason]++;
        if (reason === 'several segments' && runReaches(document, located!.pieces, words))
          ceiling.runWouldReach++;
        const examples = (ceiling.examples[reason] ??= []);
        if (examples.length < EXAMPLES) examples.push(passage.replace(/\s+/g, ' ').slice(0, 160));
      }
    });
  }
  return ceilings;
}

function groupWords(document: LabelledDocument, spans: ClauseSpan[]): Set<string>[] {
  const texts = new Map<number, string[]>();
  for (const span of spans) {
    const text = document.pages[span.pageNumber - 1]!.text.slice(span.start, span.end);
    texts.set(span.group, [...(texts.get(span.group) ?? []), text]);
  }
  return [...texts.values()].map((pieces) => wordSet(pieces.join(' ')));
}

/** The segments a passage overlaps: those at least half on it, and the one holding most of it. */
function missReason(document: LabelledDocument, passage: SegmentPiece[]): MissReason {
  const length = lengthOf(passage);
  let halfOn = 0;
  let holds = false;
  for (const segment of document.segments) {
    const shared = overlap(segment.pieces, passage);
    if (shared === 0) continue;
    if (shared >= 0.5 * lengthOf(segment.pieces)) halfOn++;
    if (shared >= 0.9 * length) holds = true;
  }
  if (halfOn >= 2) return 'several segments';
  if (holds) return 'inside a segment';
  return 'boundaries differ';
}

function runReaches(document: LabelledDocument, passage: SegmentPiece[], words: Set<string>) {
  const run = document.segments.filter(
    (segment) => overlap(segment.pieces, passage) >= 0.5 * lengthOf(segment.pieces),
  );
  return jaccard(wordSet(run.map((segment) => segment.text).join(' ')), words) >= 0.5;
}

const percent = (part: number, whole: number) =>
  whole === 0 ? '-' : `${((part / whole) * 100).toFixed(1)} %`;

/** The ceiling as a Markdown table, pooled row first, then examples of the misses. */
export function formatCeiling(ceilings: CategoryCeiling[], examples = false): string {
  const total = ceilings.reduce(
    (sum, c) => ({
      gold: sum.gold + c.gold,
      reached: sum.reached + c.reached,
      runWouldReach: sum.runWouldReach + c.runWouldReach,
      misses: Object.fromEntries(
        MISS_REASONS.map((reason) => [reason, sum.misses[reason] + c.misses[reason]]),
      ) as Record<MissReason, number>,
    }),
    {
      gold: 0,
      reached: 0,
      runWouldReach: 0,
      misses: Object.fromEntries(MISS_REASONS.map((reason) => [reason, 0])) as Record<
        MissReason,
        number
      >,
    },
  );
  const row = (name: string, c: Omit<CategoryCeiling, 'category' | 'examples'>) =>
    `| ${name} | ${c.gold} | ${percent(c.reached, c.gold)} | ${MISS_REASONS.map((reason) => c.misses[reason]).join(' | ')} | ${c.runWouldReach} |`;
  const lines = [
    `| category | gold | reached | ${MISS_REASONS.join(' | ')} | of which the run of segments reaches |`,
    `|---|---|---|${MISS_REASONS.map(() => '---|').join('')}---|`,
    row('all categories', total),
    ...ceilings.filter((c) => c.gold > 0).map((c) => row(c.category, c)),
  ];
  if (examples) {
    for (const c of ceilings) {
      for (const reason of MISS_REASONS) {
        for (const text of c.examples[reason] ?? [])
          lines.push(`- ${c.category}, ${reason}: ${text}`);
      }
    }
  }
  return lines.join('\n');
}

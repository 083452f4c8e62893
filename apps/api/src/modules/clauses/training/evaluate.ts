import { performance } from 'node:perf_hooks';
import { CUAD_CATEGORIES } from '../../../cuad/labels.js';
import type { ClauseModel } from '../model/clause-model.js';
import type { SegmentPiece } from '../model/segment.js';
import type { LabelledDocument } from './dataset.js';
import { lengthOf, overlap } from './locate.js';
import {
  type Counts,
  type SpanContract,
  areaUnder,
  binaryCurve,
  f1Of,
  jaccard,
  precisionAtRecall,
  spanCurve,
  wordSet,
} from './metrics.js';

export type CategoryFigures = {
  category: string;
  documents: number;
  precision: number;
  recall: number;
  f1: number;
  aupr: number;
  spanAupr: number;
  spanP80: number;
  /**
   * Share of present documents (with a located gold passage) whose top clause lies on a gold
   * passage (half of it on one, or it holds half of one) or matches one by CUAD's criterion.
   */
  topOnGold: number;
  topCount: number;
};

export type EvaluationReport = {
  model: string;
  documents: number;
  pages: number;
  categories: CategoryFigures[];
  macro: {
    precision: number;
    recall: number;
    f1: number;
    aupr: number;
    spanAupr: number;
    spanP80: number;
  };
  pooled: { spanAupr: number; spanP80: number; topOnGold: number; topCount: number };
  gold: { passages: number; located: number };
  speed: { msPerPage: number; segmentsPerSecond: number };
};

/**
 * Span level ranks every candidate down to this score (every segment, for every category),
 * however many per category and contract: CUAD's protocol ranks all predicted spans, and a fixed
 * number per contract (or a floor such as the 0.05 the product stores) caps the recall below 80 %.
 */
export const EVALUATION_FLOOR = 0;

/** Measures a model on labelled documents (the test split): the figures of issue 14 §4. */
export function evaluateClauseModel(
  model: ClauseModel,
  documents: LabelledDocument[],
): EvaluationReport {
  const counts: Counts[] = CUAD_CATEGORIES.map(() => ({
    truePositives: 0,
    falsePositives: 0,
    falseNegatives: 0,
  }));
  const docScores: number[][] = CUAD_CATEGORIES.map(() => []);
  const docLabels: boolean[][] = CUAD_CATEGORIES.map(() => []);
  const cells: SpanContract[][] = CUAD_CATEGORIES.map(() => []);
  const top = CUAD_CATEGORIES.map(() => ({ hits: 0, count: 0 }));
  let milliseconds = 0;
  let segments = 0;
  let pages = 0;
  let goldPassages = 0;
  let goldLocated = 0;
  for (const document of documents) {
    const started = performance.now();
    const analysis = model.analyse(document.pages);
    const reported = model.spansOf(analysis);
    milliseconds += performance.now() - started;
    segments += analysis.segments.length;
    pages += document.pages.length;
    const candidates = model.spansOf(analysis, {
      minScore: EVALUATION_FLOOR,
      limit: Infinity,
    });
    CUAD_CATEGORIES.forEach((category, j) => {
      const present = document.gold[j]!.length > 0;
      goldPassages += document.gold[j]!.length;
      goldLocated += document.located[j]!.length;
      const predicted = reported.some((span) => span.category === category);
      const count = counts[j]!;
      if (predicted && present) count.truePositives++;
      else if (predicted) count.falsePositives++;
      else if (present) count.falseNegatives++;
      docScores[j]!.push(analysis.documentScores[j]!);
      docLabels[j]!.push(present);

      const groups = groupSpans(candidates.filter((span) => span.category === category));
      const goldSets = document.gold[j]!.map(wordSet);
      cells[j]!.push({
        goldCount: goldSets.length,
        predictions: groups.map((group) => {
          const words = wordSet(group.pieces.map((piece) => pageText(document, piece)).join(' '));
          return {
            score: group.score,
            matches: goldSets.flatMap((gold, g) => (jaccard(words, gold) >= 0.5 ? [g] : [])),
          };
        }),
      });
      const best = groups[0];
      if (present && document.located[j]!.length > 0 && best) {
        top[j]!.count++;
        const located = document.located[j]!.map((passage) => passage.pieces);
        const matchesGold = cells[j]!.at(-1)!.predictions[0]!.matches.length > 0;
        if (matchesGold || liesOnGold(best.pieces, located)) top[j]!.hits++;
      }
    });
  }
  const categories = CUAD_CATEGORIES.map((category, j): CategoryFigures => {
    const curve = spanCurve(cells[j]!);
    return {
      category,
      documents: docLabels[j]!.filter(Boolean).length,
      ...f1Of(counts[j]!),
      aupr: areaUnder(binaryCurve(docScores[j]!, docLabels[j]!)),
      spanAupr: areaUnder(curve),
      spanP80: precisionAtRecall(curve, 0.8),
      topOnGold: top[j]!.count === 0 ? 0 : top[j]!.hits / top[j]!.count,
      topCount: top[j]!.count,
    };
  });
  const mean = (pick: (figures: CategoryFigures) => number) =>
    categories.reduce((sum, figures) => sum + pick(figures), 0) / categories.length;
  const pooledCurve = spanCurve(cells.flat());
  const topHits = top.reduce((sum, cell) => sum + cell.hits, 0);
  const topCount = top.reduce((sum, cell) => sum + cell.count, 0);
  return {
    model: `${model.version} (${model.technique})`,
    documents: documents.length,
    pages,
    categories,
    macro: {
      precision: mean((f) => f.precision),
      recall: mean((f) => f.recall),
      f1: mean((f) => f.f1),
      aupr: mean((f) => f.aupr),
      spanAupr: mean((f) => f.spanAupr),
      spanP80: mean((f) => f.spanP80),
    },
    pooled: {
      spanAupr: areaUnder(pooledCurve),
      spanP80: precisionAtRecall(pooledCurve, 0.8),
      topOnGold: topCount === 0 ? 0 : topHits / topCount,
      topCount,
    },
    gold: { passages: goldPassages, located: goldLocated },
    speed: {
      msPerPage: milliseconds / Math.max(1, pages),
      segmentsPerSecond: (segments / milliseconds) * 1000,
    },
  };
}

type SpanGroup = { score: number; pieces: SegmentPiece[] };

function groupSpans(
  spans: { score: number; group: number; pageNumber: number; start: number; end: number }[],
): SpanGroup[] {
  const groups = new Map<number, SpanGroup>();
  for (const span of spans) {
    const group = groups.get(span.group) ?? { score: span.score, pieces: [] };
    group.pieces.push({ pageNumber: span.pageNumber, start: span.start, end: span.end });
    groups.set(span.group, group);
  }
  return [...groups.values()].sort((x, y) => y.score - x.score);
}

function pageText(document: LabelledDocument, piece: SegmentPiece): string {
  return document.pages[piece.pageNumber - 1]!.text.slice(piece.start, piece.end);
}

/** The labelling rule: half the clause lies on a gold passage, or it holds half of one. */
export function liesOnGold(pieces: SegmentPiece[], gold: SegmentPiece[][]): boolean {
  const length = lengthOf(pieces);
  return gold.some((passage) => {
    const shared = overlap(pieces, passage);
    return shared > 0 && (shared >= 0.5 * length || shared >= 0.5 * lengthOf(passage));
  });
}

const percent = (value: number) => (value * 100).toFixed(1);

/** The report as Markdown tables (printed by eval:clauses, pasted into the model card). */
export function formatReport(report: EvaluationReport): string {
  const lines = [
    `Model ${report.model}; test split: ${report.documents} contracts, ${report.pages} pages; gold passages located in the page text: ${report.gold.located} of ${report.gold.passages}.`,
    '',
    '| figure | value |',
    '|---|---|',
    `| document level macro precision / recall / F1 | ${report.macro.precision.toFixed(3)} / ${report.macro.recall.toFixed(3)} / ${report.macro.f1.toFixed(3)} |`,
    `| document level macro AUPR | ${report.macro.aupr.toFixed(3)} |`,
    `| span level AUPR, pooled (macro) | ${percent(report.pooled.spanAupr)} (${percent(report.macro.spanAupr)}) |`,
    `| span level precision at 80 % recall, pooled (macro) | ${percent(report.pooled.spanP80)} (${percent(report.macro.spanP80)}) |`,
    `| top clause on a gold passage | ${percent(report.pooled.topOnGold)} % of ${report.pooled.topCount} |`,
    `| speed | ${report.speed.msPerPage.toFixed(2)} ms per page, ${Math.round(report.speed.segmentsPerSecond)} segments per second |`,
    '',
    '| category | docs | P | R | F1 | AUPR | span AUPR | span P@80R | top on gold |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const f of report.categories) {
    lines.push(
      `| ${f.category} | ${f.documents} | ${f.precision.toFixed(2)} | ${f.recall.toFixed(2)} | ${f.f1.toFixed(2)} | ${f.aupr.toFixed(2)} | ${percent(f.spanAupr)} | ${percent(f.spanP80)} | ${f.topCount === 0 ? '-' : `${percent(f.topOnGold)} %`} |`,
    );
  }
  return lines.join('\n');
}

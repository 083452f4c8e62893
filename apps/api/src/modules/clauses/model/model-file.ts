import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Platt } from './calibrate.js';
import type { FeatureOptions } from './features.js';
import type { LinearWeights } from './linear.js';
import type { ProfileContext } from './document-layer.js';
import type { StoredExemplars } from './exemplars.js';
import type { DocumentWords } from './document-words.js';

/**
 * The clause model file: gzip of "CLM1", a uint32 header length, the JSON header, then the weights
 * as int8 with one scale per category (quantised: a quarter of float32's size, and rows of unused
 * hash buckets compress away). Same parameters → same bytes.
 */
export type DocumentLayer = {
  /** Per category: weights of the document profile (see documentProfile) and a bias. */
  weights: number[][];
  thresholds: number[];
  /** Whether the profile ends with the document rule's hit (documentProfile's ruleFires). */
  rules?: boolean;
  /** Set when the layer reads the richer profile (documentProfiles) with this context. */
  context?: ProfileContext;
  /** Whether the profile ends with the document's best exemplar similarity (exemplars.ts). */
  exemplars?: boolean;
  /** Whether the richer profile ends with the share of document words (document-words.ts). */
  documentWords?: boolean;
};

export type ClauseModelParameters = {
  technique: string;
  categories: string[];
  features: FeatureOptions;
  linear: LinearWeights;
  platt: Platt[];
  /** Per category: the calibrated span probability at or above which a clause is reported. */
  thresholds: number[];
  documentLayer: DocumentLayer | null;
  /** Whether span verifiers (verifiers.ts) scale the calibrated probabilities. */
  verifiers: boolean;
  /** The second stage (stack.ts): small float weights over the first stage's probabilities. */
  stack: { linear: LinearWeights; platt: Platt[] } | null;
  /** Span rescoring (rescore.ts): per category, weights of its inputs then a bias. */
  rescorer: number[][] | null;
  /** The exemplar index (exemplars.ts), when a technique reads it. */
  exemplars: StoredExemplars | null;
  /** Per category: weights of a segment's logit and exemplar similarity, then a bias. */
  fusion: number[][] | null;
  /** Within-document re-ranking (rerank.ts): one weight per input, for every clause category. */
  reranker?: number[] | null;
  /** Per category, the terms marking contracts that hold it (document-words.ts). */
  documentWords?: DocumentWords | null;
};

type StoredStack = { weights: number[]; bias: number[]; platt: Platt[] };

const MAGIC = 'CLM1';

export function encodeModel(parameters: ClauseModelParameters): Buffer {
  const { categories, weights, bias } = parameters.linear;
  // Weights read from a model file are int8 with scales already: the same ints come out again.
  const weightAt = (i: number) => weights[i]! * (parameters.linear.scales?.[i % categories] ?? 1);
  const scales = new Array<number>(categories).fill(0);
  for (let i = 0; i < weights.length; i++) {
    const j = i % categories;
    scales[j] = Math.max(scales[j]!, Math.abs(weightAt(i)));
  }
  for (let j = 0; j < categories; j++) scales[j] = Math.fround(scales[j]! / 127) || 1;
  const quantised = new Int8Array(weights.length);
  for (let i = 0; i < weights.length; i++) {
    quantised[i] = Math.round(weightAt(i) / scales[i % categories]!);
  }
  const header = Buffer.from(
    JSON.stringify({
      technique: parameters.technique,
      categories: parameters.categories,
      features: parameters.features,
      bias: Array.from(bias),
      scales,
      platt: parameters.platt,
      thresholds: parameters.thresholds,
      documentLayer: parameters.documentLayer,
      verifiers: parameters.verifiers,
      stack: parameters.stack && {
        weights: Array.from(parameters.stack.linear.weights),
        bias: Array.from(parameters.stack.linear.bias),
        platt: parameters.stack.platt,
      },
      ...(parameters.rescorer ? { rescorer: parameters.rescorer } : {}),
      ...(parameters.exemplars ? { exemplars: parameters.exemplars } : {}),
      ...(parameters.fusion ? { fusion: parameters.fusion } : {}),
      ...(parameters.reranker ? { reranker: parameters.reranker } : {}),
      ...(parameters.documentWords ? { documentWords: parameters.documentWords } : {}),
    }),
  );
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.length);
  const raw = Buffer.concat([Buffer.from(MAGIC), length, header, Buffer.from(quantised.buffer)]);
  return gzipSync(raw, { level: 9 });
}

export function decodeModel(bytes: Uint8Array): ClauseModelParameters {
  const raw = gunzipSync(bytes);
  if (raw.subarray(0, 4).toString() !== MAGIC) throw new Error('Not a clause model file');
  const headerLength = raw.readUInt32BE(4);
  const header = JSON.parse(raw.subarray(8, 8 + headerLength).toString()) as {
    technique: string;
    categories: string[];
    features: FeatureOptions;
    bias: number[];
    scales: number[];
    platt: Platt[];
    thresholds: number[];
    documentLayer: DocumentLayer | null;
    verifiers?: boolean;
    stack?: StoredStack | null;
    rescorer?: number[][];
    exemplars?: StoredExemplars;
    fusion?: number[][];
    reranker?: number[];
    documentWords?: DocumentWords;
  };
  const body = raw.subarray(8 + headerLength);
  const quantised = new Int8Array(body.buffer, body.byteOffset, body.length);
  const categories = header.categories.length;
  if (quantised.length !== (1 << header.features.hashBits) * categories) {
    throw new Error('Clause model file is truncated');
  }
  return {
    technique: header.technique,
    categories: header.categories,
    features: header.features,
    linear: {
      categories,
      weights: quantised,
      scales: Float32Array.from(header.scales),
      bias: Float32Array.from(header.bias),
    },
    platt: header.platt,
    thresholds: header.thresholds,
    documentLayer: header.documentLayer,
    verifiers: header.verifiers ?? false,
    stack: header.stack
      ? {
          linear: {
            categories,
            weights: Float32Array.from(header.stack.weights),
            bias: Float32Array.from(header.stack.bias),
          },
          platt: header.stack.platt,
        }
      : null,
    rescorer: header.rescorer ?? null,
    exemplars: header.exemplars ?? null,
    fusion: header.fusion ?? null,
    reranker: header.reranker ?? null,
    documentWords: header.documentWords ?? null,
  };
}

/** `cuad-` and the first 8 hex digits of the file's SHA-256. */
export function modelVersionOf(bytes: Uint8Array): string {
  return `cuad-${createHash('sha256').update(bytes).digest('hex').slice(0, 8)}`;
}

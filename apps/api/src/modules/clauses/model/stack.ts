import type { SparseVector } from './features.js';
import type { Segment } from './segment.js';

/**
 * The second stage's input for each segment: the first stage's probabilities of every category
 * for the segment itself, the best of its two neighbours, the best in its section (same heading)
 * and the best in the whole document. It learns what one linear pass over words cannot: that a
 * sentence beside a change-of-control clause is not one, that an assignment clause permitting a
 * merger is no restriction, that a category's best clause in a document is likelier its clause.
 */
export const STACK_BITS = 8;

export function stackVectors(segments: Segment[], probabilities: Float32Array[]): SparseVector[] {
  const categories = probabilities[0]?.length ?? 0;
  const documentBest = new Float32Array(categories);
  const sectionBest = new Map<string, Float32Array>();
  probabilities.forEach((row, s) => {
    const heading = segments[s]!.heading;
    const section = sectionBest.get(heading) ?? new Float32Array(categories);
    for (let j = 0; j < categories; j++) {
      documentBest[j] = Math.max(documentBest[j]!, row[j]!);
      section[j] = Math.max(section[j]!, row[j]!);
    }
    sectionBest.set(heading, section);
  });
  const width = 4 * categories;
  const indices = Uint32Array.from({ length: width + 1 }, (_, i) => i);
  return probabilities.map((row, s) => {
    const values = new Float32Array(width + 1);
    const previous = probabilities[s - 1];
    const next = probabilities[s + 1];
    const section = sectionBest.get(segments[s]!.heading)!;
    for (let j = 0; j < categories; j++) {
      values[j] = row[j]!;
      values[categories + j] = Math.max(previous?.[j] ?? 0, next?.[j] ?? 0);
      values[2 * categories + j] = section[j]!;
      values[3 * categories + j] = documentBest[j]!;
    }
    values[width] = 1;
    return { indices, values };
  });
}

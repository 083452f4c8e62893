/* eslint-disable @nx/enforce-module-boundaries -- training and measuring use the API's own clause code */
import './api-sources.ts';
import path from 'node:path';
import type { LabelledDocument } from '../../../apps/api/src/modules/clauses/training/dataset.ts';

const { readCuadLabels } = await import('../../../apps/api/src/cuad/labels.ts');
const { readCuadPages } = await import('../../../apps/api/src/cuad/pages.ts');
const { cuadSplitOf } = await import('../../../apps/api/src/cuad/split.ts');
const { labelDocument } = await import('../../../apps/api/src/modules/clauses/training/dataset.ts');

export const CUAD_DIR = path.resolve('../shared/corpus/cuad');

/** The labelled CUAD contracts of one side of the split, pages read (or taken from the cache). */
export async function loadSplit(
  side: 'train' | 'test',
  limit?: number,
): Promise<LabelledDocument[]> {
  const contracts = readCuadLabels(CUAD_DIR)
    .filter((contract) => cuadSplitOf(contract.pdfFile) === side)
    .slice(0, limit);
  const pages = await readCuadPages(
    CUAD_DIR,
    contracts.map((contract) => contract.pdfFile),
    (done, total) => {
      if (done % 50 === 0 || done === total)
        console.error(`  ${side}: pages of ${done}/${total} contracts`);
    },
  );
  return contracts.map((contract, i) => labelDocument(contract, pages[i]!));
}

import path from 'node:path';
import { readCuadLabels } from '../../cuad/labels.js';
import { readCuadPages } from '../../cuad/pages.js';
import { cuadSplitOf } from '../../cuad/split.js';
import { labelDocument, type LabelledDocument } from '../../modules/clauses/training/dataset.js';

/** The CUAD corpus, from the repository root (the cwd of the npm scripts), never from dist. */
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

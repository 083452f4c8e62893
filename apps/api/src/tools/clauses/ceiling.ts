/**
 * `node dist/apps/api/tools/clauses/ceiling.js --from data/clause-models/validate-ruled.bin
 * [--examples]`: on the validation fold of the training split (the fold `train:clauses --validate`
 * holds out, measured with the model that run wrote), the share of gold passages ANY candidate
 * matches by CUAD's criterion, per category, and why the others are missed. Run from the
 * repository root after a build; set CUAD_PAGES_CACHE to reuse extracted page text.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { validationFoldOf } from '../../cuad/split.js';
import { ClauseModel } from '../../modules/clauses/model/clause-model.js';
import { formatCeiling, spanCeiling } from '../../modules/clauses/training/ceiling.js';
import { loadSplit } from './corpus.js';

const { values } = parseArgs({
  options: {
    from: { type: 'string' },
    examples: { type: 'boolean', default: false },
  },
});
if (!values.from) {
  console.error('--from <model file written by train:clauses --validate> is required');
  process.exit(2);
}
const model = ClauseModel.fromBytes(readFileSync(path.resolve(values.from)));
const documents = await loadSplit('train');
// The same fold as train:clauses --validate holds out.
const held = documents.filter((document) => validationFoldOf(document.pdfFile) === 0);
const ceilings = spanCeiling(held, (document) =>
  model.spansOf(model.analyse(document.pages), { minScore: 0, limit: Infinity }),
);
console.log(`Span ceiling on the validation fold (${held.length} contracts), ${model.version}`);
console.log(formatCeiling(ceilings, values.examples));

/**
 * `npm run eval:clauses [-- --technique <name>]`: the figures of issue 14 §4 on CUAD's test split
 * (contracts never trained or tuned on): document level precision, recall, F1 and AUPR per
 * category and macro; span level AUPR and precision at 80 % recall (CUAD's protocol) pooled and
 * per category; how often the top clause of a present category lies on a gold passage; speed.
 * The shipped technique is read from the committed model file, others from data/clause-models.
 */
/* eslint-disable @nx/enforce-module-boundaries -- measuring uses the API's own clause code */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadSplit } from './corpus.ts';

const { ClauseModel } = await import('../../../apps/api/src/modules/clauses/model/clause-model.ts');
const { DEFAULT_TECHNIQUE } =
  await import('../../../apps/api/src/modules/clauses/training/train.ts');
const { evaluateClauseModel, formatReport } =
  await import('../../../apps/api/src/modules/clauses/training/evaluate.ts');

const { values } = parseArgs({
  options: { technique: { type: 'string', default: DEFAULT_TECHNIQUE }, limit: { type: 'string' } },
});
const model =
  values.technique === DEFAULT_TECHNIQUE
    ? ClauseModel.loadShipped()
    : ClauseModel.fromBytes(
        readFileSync(path.resolve(`data/clause-models/${values.technique}.bin`)),
      );
const documents = await loadSplit('test', values.limit ? Number(values.limit) : undefined);
console.log(formatReport(evaluateClauseModel(model, documents)));

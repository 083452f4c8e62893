/**
 * `npm run eval:clauses [-- --technique <name>]`: the figures of issue 14 §4 on CUAD's test split
 * (contracts never trained or tuned on): document level precision, recall, F1 and AUPR per
 * category and macro; span level AUPR and precision at 80 % recall (CUAD's protocol) pooled and
 * per category; how often the top clause of a present category lies on a gold passage; speed.
 * The shipped technique is read from the committed model file (the build's copy of it), others
 * from data/clause-models. Runs from the build (`node dist/apps/api/tools/clauses/eval.js`, which
 * the npm script builds first) with the repository root as cwd.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ClauseModel } from '../../modules/clauses/model/clause-model.js';
import { evaluateClauseModel, formatReport } from '../../modules/clauses/training/evaluate.js';
import { DEFAULT_TECHNIQUE } from '../../modules/clauses/training/train.js';
import { loadSplit } from './corpus.js';

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

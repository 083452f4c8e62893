/**
 * `npm run train:clauses [-- --technique <name>] [--validate]`: trains the clause model on CUAD's
 * training split (../shared/corpus/cuad; never the test split), calibrates it on held-out folds
 * of the training part and writes the model file: the shipped technique to
 * apps/api/src/modules/clauses/model/clause-model.bin, others to data/clause-models/<name>.bin.
 * `--validate` measures instead: trains on three folds of the training part and prints the
 * figures on the fourth (the place to compare changes; the test split only reports).
 * The fold's model is written to data/clause-models/validate-<name>.bin; `--validate --from <file>`
 * measures it again without training (for changes in how spans are read from the scores).
 * `--cv` measures by 4-fold cross-validation of the training part instead (each fold held out
 * once; `--technique a,b` compares several on the same cached first stages): the figures to
 * choose by. Each fold's first stage is cached in data/clause-models/cv-<fold>_<features…>
 * (delete those after changing the features or the segmentation). `--reuse-first-stage` does
 * the same for the full training (data/clause-models/all_…).
 * Set CUAD_PAGES_CACHE to reuse extracted page text.
 * Runs from the build (`node dist/apps/api/tools/clauses/train.js`, which the npm script builds
 * first) with the repository root as cwd: every path here is from the cwd, so the model file is
 * written into the sources, not into dist.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { validationFoldOf } from '../../cuad/split.js';
import { ClauseModel } from '../../modules/clauses/model/clause-model.js';
import { encodeModel } from '../../modules/clauses/model/model-file.js';
import { evaluateClauseModel, formatReport } from '../../modules/clauses/training/evaluate.js';
import {
  DEFAULT_SETTINGS,
  DEFAULT_TECHNIQUE,
  TECHNIQUES,
  fitHeads,
  trainClauseModel,
  trainFirstStage,
} from '../../modules/clauses/training/train.js';
import { loadSplit } from './corpus.js';
import {
  CV_FOLDS,
  cachedFirstStage,
  crossValidate,
  formatFigures,
  meanFigures,
} from './cross-validate.js';
import { CUAD_CATEGORIES } from '../../cuad/labels.js';

const { values } = parseArgs({
  options: {
    technique: { type: 'string', default: DEFAULT_TECHNIQUE },
    validate: { type: 'boolean', default: false },
    cv: { type: 'boolean', default: false },
    /** With --cv: only these folds (1-based, comma-separated), e.g. to run folds in parallel. */
    'cv-folds': { type: 'string' },
    /** Reuse the first stage a run with the same features left in data/clause-models (see --cv). */
    'reuse-first-stage': { type: 'boolean', default: false },
    limit: { type: 'string' },
    /** With --validate: measure this model file (one a --validate run wrote) instead of training. */
    from: { type: 'string' },
  },
});
const techniques = values.technique.split(',').map((name) => TECHNIQUES[name]);
if (techniques.some((technique) => !technique) || (techniques.length > 1 && !values.cv)) {
  console.error(`Unknown technique '${values.technique}': ${Object.keys(TECHNIQUES).join(', ')}`);
  process.exit(2);
}
const technique = techniques[0]!;

const started = Date.now();
const documents = await loadSplit('train', values.limit ? Number(values.limit) : undefined);
const settings = {
  ...DEFAULT_SETTINGS,
  log: (line: string) => console.error(`  ${line} [${elapsed()}]`),
};
console.error(
  `Training '${technique.name}' on ${documents.length} contracts: ${technique.description}`,
);

if (values.cv) {
  const chosen = values['cv-folds']?.split(',').map((fold) => Number(fold) - 1);
  const results = crossValidate(
    documents,
    techniques.map((t) => t!),
    settings,
    path.resolve('data/clause-models'),
    chosen,
  );
  console.log(
    `${CV_FOLDS}-fold cross-validation inside the training split (${documents.length} contracts)`,
  );
  for (const [name, folds] of results) {
    folds.forEach((figures, fold) =>
      console.log(`${name} fold ${(chosen?.[fold] ?? fold) + 1}: ${formatFigures(figures)}`),
    );
    const mean = meanFigures(folds);
    console.log(`${name} mean: ${formatFigures(mean)}`);
    console.log(
      `${name} mean document F1 per category: ${CUAD_CATEGORIES.map((category, j) => `${category} ${mean.categoryF1[j]!.toFixed(2)}`).join('; ')}`,
    );
  }
} else if (values.validate) {
  const held = documents.filter((document) => validationFoldOf(document.pdfFile) === 0);
  const rest = documents.filter((document) => validationFoldOf(document.pdfFile) !== 0);
  // The fold's model is kept, so that changes after training (how candidates and spans are read
  // from the scores) can be measured again with --from without training again.
  const bytes = values.from
    ? readFileSync(path.resolve(values.from))
    : encodeModel(trainClauseModel(rest, technique, settings));
  if (!values.from) {
    const file = path.resolve(`data/clause-models/validate-${technique.name}.bin`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, bytes);
  }
  const model = ClauseModel.fromBytes(bytes);
  console.log(
    `Validation inside the training split (${rest.length} contracts trained, ${held.length} held out)`,
  );
  console.log(formatReport(evaluateClauseModel(model, held)));
} else {
  // With --reuse-first-stage, the first stage is cached (data/clause-models/all_…): techniques
  // that differ after it are trained again in a minute; the bytes are the same either way.
  const { outOfFold, linear } = values['reuse-first-stage']
    ? cachedFirstStage(documents, technique, settings, path.resolve('data/clause-models/all'))
    : trainFirstStage(documents, technique, settings);
  const bytes = encodeModel({ ...fitHeads(documents, technique, outOfFold, settings), linear });
  const file =
    technique.name === DEFAULT_TECHNIQUE
      ? path.resolve('apps/api/src/modules/clauses/model/clause-model.bin')
      : path.resolve(`data/clause-models/${technique.name}.bin`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  const model = ClauseModel.fromBytes(bytes);
  console.log(
    `Wrote ${path.relative(process.cwd(), file)}: ${model.version}, ${(bytes.length / 1e6).toFixed(1)} MB`,
  );
}
console.error(`Done in ${elapsed()}`);

function elapsed(): string {
  return `${Math.round((Date.now() - started) / 1000)} s`;
}

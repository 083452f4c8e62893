import { expect, it } from '@jest/globals';
import path from 'node:path';
import { CORPUS_DIR, describeWithCorpus } from '../../../../test/support/corpus.js';
import { CUAD_CATEGORIES, readCuadLabels } from '../../../cuad/labels.js';
import { readCuadPages } from '../../../cuad/pages.js';
import { cuadSplitOf } from '../../../cuad/split.js';
import { ClauseModel } from '../model/clause-model.js';
import { encodeModel } from '../model/model-file.js';
import { RESCORE_INPUTS } from '../model/rescore.js';
import { labelDocument } from './dataset.js';
import { evaluateClauseModel } from './evaluate.js';
import { RERANK_INPUTS } from '../model/rerank.js';
import { DEFAULT_TECHNIQUE, TECHNIQUES, type Technique, trainClauseModel } from './train.js';

/** Short training contracts (one or two pages each), three of them with a governing-law clause. */
const SLICE = [
  'SoupmanInc_20150814_8-K_EX-10.1_9230148_EX-10.1_Franchise Agreement3.pdf',
  'FEDERATEDGOVERNMENTINCOMESECURITIESINC_04_28_2020-EX-99.SERV AGREE-SERVICES AGREEMENT_SECONDAMENDMENT.pdf',
  'LejuHoldingsLtd_20140121_DRS (on F-1)_EX-10.26_8473102_EX-10.26_Content License Agreement2.pdf',
  'BellringBrandsInc_20190920_S-1_EX-10.12_11817081_EX-10.12_Manufacturing Agreement2.pdf',
  'WatchitMediaInc_20061201_8-K_EX-10.1_4148672_EX-10.1_Content License Agreement.pdf',
  'CardlyticsInc_20180112_S-1_EX-10.16_11002987_EX-10.16_Maintenance Agreement3.pdf',
  'BANGIINC_05_25_2005-EX-10-Premium Managed Hosting Agreement.PDF',
  'SalesforcecomInc_20171122_10-Q_EX-10.1_10961535_EX-10.1_Reseller Agreement.pdf',
];
/** The shipped technique on a small hash space, so that the slice trains in seconds. */
const SMALL: Technique = {
  ...TECHNIQUES[DEFAULT_TECHNIQUE]!,
  features: { hashBits: 14, context: true },
};
const SETTINGS = { folds: 2, epochs: 3, seed: 1 };

describeWithCorpus('training the clause model on a slice of CUAD', () => {
  it('locates the gold, trains, calibrates, writes the same bytes twice and classifies with the result', async () => {
    const cuadDir = path.join(CORPUS_DIR, 'cuad');
    const contracts = readCuadLabels(cuadDir).filter((contract) =>
      SLICE.includes(contract.pdfFile),
    );
    expect(contracts).toHaveLength(SLICE.length);
    expect(contracts.every((contract) => cuadSplitOf(contract.pdfFile) === 'train')).toBe(true);
    const pages = await readCuadPages(cuadDir, SLICE);
    const documents = contracts.map((contract) =>
      labelDocument(
        contract,
        pages.find((p) => p.pdfFile === contract.pdfFile)!,
      ),
    );
    const governingLaw = 7;
    const located = documents.flatMap((document) => document.located[governingLaw]!);
    expect(located).toHaveLength(3);
    expect(
      documents.some((document) =>
        document.positives.some((categories) => categories.includes(governingLaw)),
      ),
    ).toBe(true);

    const parameters = trainClauseModel(documents, SMALL, SETTINGS);
    // The shipped technique: the training passages indexed, a fusion per category (logit,
    // similarity, bias), and the richer document layer with the rules and, last before the bias,
    // the document's best similarity and share of document words (Document Name: best three, four
    // counts, length, rule, no related category, similarity, words); no rescorer; one re-ranking
    // weight per input; marker terms per category.
    expect(DEFAULT_TECHNIQUE).toBe('doc-words');
    expect(parameters.exemplars?.categories.length).toBeGreaterThan(0);
    expect(parameters.fusion).toHaveLength(41);
    expect(parameters.fusion?.every((w) => w.length === 3)).toBe(true);
    expect(parameters.documentLayer?.rules).toBe(true);
    expect(parameters.documentLayer?.exemplars).toBe(true);
    expect(parameters.documentLayer?.context).toBe('related');
    expect(parameters.documentLayer?.documentWords).toBe(true);
    expect(parameters.documentLayer?.weights[0]).toHaveLength(12);
    expect(parameters.documentWords?.terms).toHaveLength(41);
    expect(parameters.documentWords?.terms[0]!.length).toBeGreaterThan(0);
    expect(parameters.rescorer ?? null).toBeNull();
    expect(parameters.reranker).toHaveLength(RERANK_INPUTS);
    expect(parameters.reranker?.every(Number.isFinite)).toBe(true);

    // 'rescored' (built, not shipped): the richer profile (Document Name: best three, four counts,
    // length, rule, no related category; then the bias) and one rescoring weight per input.
    const rescored = trainClauseModel(
      documents,
      { ...TECHNIQUES['rescored']!, features: SMALL.features },
      SETTINGS,
    );
    expect(rescored.documentLayer?.context).toBe('related');
    expect(rescored.documentLayer?.weights[0]).toHaveLength(10);
    const licensee = CUAD_CATEGORIES.indexOf('Affiliate License-Licensee');
    expect(rescored.documentLayer?.weights[licensee]).toHaveLength(12);
    expect(rescored.rescorer).toHaveLength(41);
    expect(rescored.rescorer?.every((w) => w.length === RESCORE_INPUTS + 1)).toBe(true);

    const bytes = encodeModel(parameters);
    expect(encodeModel(trainClauseModel(documents, SMALL, SETTINGS)).equals(bytes)).toBe(true);

    const model = ClauseModel.fromBytes(bytes);
    expect(model.version).toMatch(/^cuad-[0-9a-f]{8}$/);
    expect(model.categories).toHaveLength(41);
    expect(
      Object.values(model.thresholds).every((threshold) => threshold >= 0 && threshold <= 1),
    ).toBe(true);

    const soupman = documents[contracts.findIndex((contract) => contract.pdfFile === SLICE[0])]!;
    const candidates = model.classify(soupman.pages, { minScore: 0 });
    // A model of eight contracts is crude; its first three governing-law candidates hold the clause.
    const law = candidates
      .filter((span) => span.category === 'Governing Law')
      .map((span) => soupman.pages[span.pageNumber - 1]!.text.slice(span.start, span.end));
    expect(law.slice(0, 3).some((quote) => quote.includes('laws of New York'))).toBe(true);
    expect(candidates.every((span) => span.score >= 0 && span.score <= 1)).toBe(true);

    const lawScores = model.scoreText(
      'This Agreement shall be governed by the laws of the State of Delaware.',
    );
    const payment = model.scoreText('The Reseller shall pay each invoice within thirty days.');
    expect(lawScores['Governing Law']).toBeGreaterThan(payment['Governing Law']!);

    const report = evaluateClauseModel(model, documents);
    expect(report.gold.located).toBeGreaterThan(0);
    const governing = report.categories.find((figures) => figures.category === 'Governing Law')!;
    expect(governing.topCount).toBe(3);
    expect(governing.aupr).toBeGreaterThan(0);
  }, 180_000);
});

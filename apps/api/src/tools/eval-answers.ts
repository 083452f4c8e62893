/**
 * `npm run eval:answers [-- --evidence gold|lexical|model] [--split test|train] [--calibrate] [--verbose]`
 * and `npm run eval:review [-- --evidence model] [--split train] [--verbose]`: the answers library measured
 * on CUAD contracts of one split (test by default; never tuned on). `--model <file>` reads another
 * clause model file than the shipped one; `--validate-fold` keeps only the training contracts that
 * `npm run train:clauses -- --validate` holds out, so that its fold model
 * (data/clause-models/validate-<technique>.bin) is measured on contracts it did not learn from (the
 * shipped model was trained on the whole training split). With --review, `--verbose` lists each
 * column's wrong cells: the document, CUAD's answer, the cell's and its first cited quote. Questions are generated from labels.csv (several phrasings per
 * category; yes/no, value and clause questions; clauses absent from a contract; questions across
 * groups of 15 contracts). Evidence is either the annotators' passages located in the page text
 * (`gold`, an upper bound, with the thesaurus-scored sentences beside them as search would add)
 * or the thesaurus-scored sentences alone (`lexical`), or the shipped clause model's classification
 * of the contract's pages as the product stores and reads it (`model`: the product path, no gold).
 * With `--evidence model`, eval:review asks the built-in "M&A contract review" template's question
 * where it has the column, with the product's threshold and the start date read from the model's
 * clauses as the grid reads it. `--calibrate` prints the score threshold
 * that best separates present from absent clauses (run it on train); `--calibrate-quotes`
 * calibrates ALSO_QUOTED_GAP (compose-answer.ts; run it on the validation fold with its model).
 * With model evidence, a question about one document that the clause index answers "not found"
 * is searched as the product searches it (presenceFallback). `--verbose` also lists wrong "not
 * found" answers with their best candidates and search's best sentence, and across mistakes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BUILT_IN_REVIEW_TEMPLATES } from '@clearroom/contracts';
import { parseArgs } from 'node:util';
import { CUAD_CATEGORIES, readCuadLabels, type CuadContract } from '../cuad/labels.js';
import { readCuadPages } from '../cuad/pages.js';
import { validationFoldOf, cuadSplitOf } from '../cuad/split.js';
import type {
  AnswerType,
  Category,
  ComposedAnswer,
  Evidence,
} from '../modules/answers/answer.types.js';
import { answerCell } from '../modules/answers/answer-cell.js';
import { composeAnswer, DEFAULT_THRESHOLD } from '../modules/answers/compose-answer.js';
import { lexicalEvidence } from '../modules/answers/lexical-evidence.js';
import { clausesToStore } from '../modules/clauses/clause-classification.service.js';
import { evidenceScore, FOUND_THRESHOLD } from '../modules/clauses/clause-evidence.reader.js';
import { weighedByChecks } from '../modules/answers/clause-checks.js';
import { presenceFallback } from '../modules/answers/presence.js';
import { scoreSentences } from '../modules/answers/search-evidence.js';
import { ClauseModel } from '../modules/clauses/model/clause-model.js';
import { startOf } from '../modules/answers/start-date.js';
import { namesAClause } from '../modules/answers/thesaurus.js';
import { pageLookupKey, traceProblems } from '../modules/answers/trace.js';
import { understandQuestion } from '../modules/answers/understand-question.js';
import { extractValue } from '../modules/answers/values/extract-value.js';
import { normaliseDate, sameDate } from '../modules/answers/values/date.js';
import { sameDuration } from '../modules/answers/values/duration.js';
import { partyNames } from '../modules/answers/values/parties.js';
import { findPlaces, samePlace } from '../modules/answers/values/place.js';
import { passageLocator, type LocatedPassage } from '../modules/answers/tools/gold-passages.js';
import {
  companyOf,
  questionTemplates,
  REVIEW_COLUMNS,
} from '../modules/answers/tools/eval-questions.js';

const { values: args } = parseArgs({
  options: {
    corpus: { type: 'string', default: '../shared/corpus/cuad' },
    split: { type: 'string', default: 'test' },
    evidence: { type: 'string', default: 'gold' },
    review: { type: 'boolean', default: false },
    calibrate: { type: 'boolean', default: false },
    'calibrate-quotes': { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    model: { type: 'string' },
    'validate-fold': { type: 'boolean', default: false },
  },
});
if (!['test', 'train'].includes(args.split))
  throw new Error(`--split must be test or train, not ${args.split}`);
if (args['validate-fold'] && args.split !== 'train')
  throw new Error('--validate-fold is a fold of the training split: add --split train');
const CATEGORIES = CUAD_CATEGORIES.filter((category) => category !== 'Document Name');
const GROUP_SIZE = 15;
/** The clause model's evidence passes its own calibrated decision, as in the product. */
const THRESHOLD = args.evidence === 'model' ? FOUND_THRESHOLD : DEFAULT_THRESHOLD;

type Doc = {
  id: number;
  contract: CuadContract;
  name: string;
  pages: string[];
  gold: Map<Category, LocatedPassage[]>;
  evidence: Evidence[];
};

const contracts = readCuadLabels(path.resolve(args.corpus)).filter(
  (contract) =>
    cuadSplitOf(contract.pdfFile) === args.split &&
    // The fold `train:clauses --validate` holds out (see apps/api/src/tools/clauses/train.ts).
    (!args['validate-fold'] || validationFoldOf(contract.pdfFile) === 0),
);
const pages = await readCuadPages(
  path.resolve(args.corpus),
  contracts.map((contract) => contract.pdfFile),
);
let located = 0;
let passages = 0;
if (!['gold', 'lexical', 'model'].includes(args.evidence))
  throw new Error(`--evidence must be gold, lexical or model, not ${args.evidence}`);
if (args.model && args.evidence !== 'model') throw new Error('--model needs --evidence model');
const model =
  args.evidence !== 'model'
    ? null
    : args.model
      ? ClauseModel.fromBytes(readFileSync(path.resolve(args.model)))
      : ClauseModel.loadShipped();
let classifyMs = 0;
const docs: Doc[] = contracts.map((contract, index) => {
  const pageTexts = pages[index]!.pages;
  const gold = new Map<Category, LocatedPassage[]>();
  const locatePassage = passageLocator(pageTexts);
  for (const category of CATEGORIES) {
    const spans = contract.passages[category].flatMap((passage) => {
      passages++;
      const span = locatePassage(passage);
      if (span) located++;
      return span ? [span] : [];
    });
    gold.set(category, spans);
  }
  const doc: Doc = {
    id: index + 1,
    contract,
    name: contract.pdfFile,
    pages: pageTexts,
    gold,
    evidence: [],
  };
  const lexical = lexicalEvidence(
    { documentId: doc.id, documentName: doc.name, pages: pageTexts },
    CATEGORIES,
  );
  doc.evidence =
    args.evidence === 'model'
      ? modelEvidence(doc)
      : args.evidence === 'gold'
        ? [...goldEvidence(doc), ...lexical]
        : lexical;
  return doc;
});
console.log(
  `${args.split} split${args['validate-fold'] ? ' (validation fold)' : ''}: ${docs.length} contracts; gold passages located in the page text: ${pct(located, passages)}; evidence: ${args.evidence}${model ? ` (clause model ${model.version}, ${(classifyMs / docs.length).toFixed(0)} ms a contract)` : ''}`,
);

/** The clauses the product stores for the contract (clause model), read as the product reads them. */
function modelEvidence(doc: Doc): Evidence[] {
  const began = performance.now();
  const analysis = model!.analyse(
    doc.pages.map((text, index) => ({ pageNumber: index + 1, text })),
  );
  const clauses = clausesToStore(model!, analysis);
  classifyMs += performance.now() - began;
  return clauses.map((clause) => ({
    documentId: doc.id,
    documentName: doc.name,
    category: clause.category as Category,
    score: evidenceScore(clause.score, clause.found),
    pageNumber: clause.pageNumber,
    start: clause.start,
    end: clause.end,
    pageText: doc.pages[clause.pageNumber - 1] ?? '',
    pageCount: doc.pages.length,
  }));
}

function present(doc: Doc, category: Category): boolean {
  return doc.contract.passages[category].length > 0;
}

const PAGES = new Map<string, string>();
for (const doc of docs)
  doc.pages.forEach((text, index) => PAGES.set(pageLookupKey(doc.id, index + 1), text));

function goldEvidence(doc: Doc): Evidence[] {
  return [...doc.gold].flatMap(([category, spans]) =>
    spans.map((span) => ({
      documentId: doc.id,
      documentName: doc.name,
      category,
      score: 1,
      pageNumber: span.pageNumber,
      start: span.start,
      end: span.end,
      pageText: doc.pages[span.pageNumber - 1]!,
      pageCount: doc.pages.length,
    })),
  );
}

function calibrate(): void {
  const samples = docs.flatMap((doc) =>
    CATEGORIES.map((category) => ({
      present: present(doc, category),
      score: Math.max(
        0,
        ...doc.evidence.filter((each) => each.category === category).map((each) => each.score),
      ),
    })),
  );
  // Balanced accuracy: present and absent clauses weigh the same, though most categories are absent.
  const presentCount = samples.filter((sample) => sample.present).length;
  const absentCount = samples.length - presentCount;
  let best = { threshold: 0, balanced: 0, found: 0, absent: 0 };
  for (let threshold = 0.05; threshold < 1; threshold += 0.01) {
    const found = samples.filter((s) => s.present && s.score >= threshold).length;
    const absent = samples.filter((s) => !s.present && s.score < threshold).length;
    const balanced = (found / presentCount + absent / absentCount) / 2;
    if (balanced > best.balanced) best = { threshold, balanced, found, absent };
  }
  console.log(
    `calibrated threshold ${best.threshold.toFixed(2)}: present clauses reaching it ${pct(best.found, presentCount)}, absent ones under it ${pct(best.absent, absentCount)}`,
  );
}

function answers(): void {
  const tally = askAll();
  extractors();
  tally.print();
}

/**
 * ALSO_QUOTED_GAP's calibration: at each gap, the figures it moves; chosen is the widest gap
 * whose further quotes (over the next narrower gap's) are on a gold passage at least half the
 * time, with the median answer within issue 15's 700 characters.
 */
function calibrateQuotes(): void {
  const GAPS = [0, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.5];
  console.log('gap     gold page cited   passage quoted   quotes on gold (added)   median length');
  let previous: { onGold: number; quotes: number } | null = null;
  let chosen = 0;
  let stopped = false;
  for (const gap of GAPS) {
    const tally = askAll(gap);
    const onGold = tally.count('present: cited quotes on a gold passage');
    const added = previous
      ? (onGold.right - previous.onGold) / Math.max(1, onGold.total - previous.quotes)
      : 1;
    const median = tally.medianLength();
    console.log(
      `${gap.toFixed(3)}   ${tally.rate('present: gold page cited').padEnd(16)}  ${tally.rate('present: gold passage quoted').padEnd(15)}  ${tally.rate('present: cited quotes on a gold passage')} (${previous ? `${(100 * added).toFixed(0)} %` : '-'})   ${median}`,
    );
    // The first gap that fails ends the search.
    if (!stopped && added >= 0.5 && median <= 700) chosen = gap;
    else stopped = true;
    previous = { onGold: onGold.right, quotes: onGold.total };
  }
  console.log(`chosen ALSO_QUOTED_GAP ${chosen}`);
}

function askAll(alsoQuotedGap?: number): Tally {
  const named = new Map<string, number>();
  for (const doc of docs)
    named.set(
      companyOf(doc.name).toLowerCase(),
      (named.get(companyOf(doc.name).toLowerCase()) ?? 0) + 1,
    );
  const context = { documents: docs.map((doc) => ({ documentId: doc.id, names: [doc.name] })) };
  const templates = questionTemplates(CATEGORIES);
  const tally = new Tally();
  for (const doc of docs) {
    const company = companyOf(doc.name);
    if (named.get(company.toLowerCase())! > 1) continue;
    const startIso = startDateOf(doc);
    for (const template of templates) {
      const question = template.template.replaceAll('{doc}', company);
      const began = performance.now();
      const understood = understandQuestion(question, context);
      const options = {
        threshold: THRESHOLD,
        ...(alsoQuotedGap !== undefined ? { alsoQuotedGap } : {}),
        documents: [{ documentId: doc.id, documentName: doc.name, pageCount: doc.pages.length }],
        ...(startIso ? { startDates: new Map([[doc.id, startIso]]) } : {}),
      };
      // Weighed as the product weighs it (ClauseAnswerService, review cells).
      const evidence = weighedByChecks(doc.evidence, understood.categories[0], THRESHOLD);
      let answer = composeAnswer(understood, evidence, options);
      // As the product does (ClauseAnswerService): about one document, where the clause index is
      // unsure, search answers for it.
      const [asked] = understood.categories;
      if (
        model &&
        answer.citations.length === 0 &&
        asked &&
        understood.scope.documentIds.length === 1
      ) {
        const searched = presenceFallback(
          { documentId: doc.id, documentName: doc.name, pages: doc.pages },
          asked,
          evidence,
          { found: FOUND_THRESHOLD },
        );
        if (searched.length > 0)
          answer = composeAnswer(understood, [...evidence, ...searched], options);
      }
      tally.time(performance.now() - began);
      tally.add(
        'question understood (top category)',
        understood.categories[0] === template.category,
      );
      tally.add('document named correctly', understood.scope.documentIds.join() === String(doc.id));
      tally.answer(answer, doc);
      const notFound = answer.citations.length === 0;
      const gold = doc.gold.get(template.category)!;
      if (present(doc, template.category)) {
        tally.add('present: answered (not "not found")', !notFound);
        tally.add('present: wrong "not found"', notFound);
        if (args.verbose && notFound) console.log(missedClause(doc, template.category, question));
        if (gold.length > 0) {
          tally.add(
            'present: gold page cited',
            answer.citations.some((citation) =>
              gold.some((g) => g.pageNumber === citation.pageNumber),
            ),
          );
          const first = answer.citations[0];
          tally.add(
            'present: first citation on a gold page',
            first !== undefined && gold.some((g) => g.pageNumber === first.pageNumber),
          );
          tally.add(
            'present: gold passage quoted',
            answer.citations.some((citation) => gold.some((g) => quotes(citation, g))),
          );
          for (const citation of answer.citations)
            tally.add(
              'present: cited quotes on a gold passage',
              gold.some((g) => quotes(citation, g)),
            );
        }
      } else tally.add('absent: answered as absent', notFound);
      if (args.verbose && understood.categories[0] !== template.category)
        console.log(`  misunderstood: ${question} → ${understood.categories.join(', ')}`);
    }
  }
  across(tally);
  return tally;
}

function across(tally: Tally): void {
  const sorted = [...docs].sort((a, b) => a.name.localeCompare(b.name));
  for (let from = 0; from < sorted.length; from += GROUP_SIZE) {
    const group = sorted.slice(from, from + GROUP_SIZE);
    if (group.length < 10) continue;
    const context = { documents: group.map((doc) => ({ documentId: doc.id, names: [doc.name] })) };
    const evidence = group.flatMap((doc) => doc.evidence);
    const states = new Set(
      group
        .map((doc) => doc.contract.answers['Governing Law'].split(/[;,]/)[0]!.trim())
        // Only places make a question (as eval:retrieval asks them).
        .filter((state) => state && findPlaces(state).length > 0),
    );
    const questions: [string, (doc: Doc) => boolean][] = [
      ...[...states].map((state): [string, (doc: Doc) => boolean] => [
        `Which agreements are governed by ${state} law?`,
        (doc) =>
          doc.contract.answers['Governing Law'].split(';').some((part) => samePlace(part, state)),
      ]),
      ...(
        [
          'Non-Compete',
          'Exclusivity',
          'Change Of Control',
          'Anti-Assignment',
          'Cap On Liability',
          'Most Favored Nation',
        ] as const
      ).map((category): [string, (doc: Doc) => boolean] => [
        `Which agreements have a ${category.toLowerCase()} clause?`,
        (doc) => present(doc, category),
      ]),
      [
        'Which of these contracts can be terminated for convenience?',
        (doc) => present(doc, 'Termination For Convenience'),
      ],
    ];
    for (const [question, qualifies] of questions) {
      const understood = understandQuestion(question, context);
      const began = performance.now();
      const answer = composeAnswer(
        understood,
        weighedByChecks(evidence, understood.categories[0], THRESHOLD),
        {
          threshold: THRESHOLD,
          documents: group.map((doc) => ({
            documentId: doc.id,
            documentName: doc.name,
            pageCount: doc.pages.length,
          })),
        },
      );
      tally.time(performance.now() - began);
      const listed = new Set(
        answer.documents
          .filter((d) => d.status === 'answered' || d.status === 'redacted')
          .map((d) => d.documentId),
      );
      for (const doc of group) {
        if (qualifies(doc))
          tally.add('across: recall (qualifying documents listed)', listed.has(doc.id));
        if (listed.has(doc.id))
          tally.add('across: precision (listed documents qualify)', qualifies(doc));
        if (args.verbose && listed.has(doc.id) !== qualifies(doc)) {
          const cited = answer.citations.find((citation) => citation.documentId === doc.id);
          console.log(
            `  across ${listed.has(doc.id) ? 'listed, does not qualify' : 'qualifies, not listed'}: ${question} ${doc.name.slice(0, 50)}${cited ? ` p.${cited.pageNumber} "${flat(cited.quote)}"` : ''}`,
          );
        }
      }
      tally.answer(answer, group[0]!, understood.valueFilter ? [understood.valueFilter] : []);
    }
  }
}

/** Each typed extractor on the gold passages against CUAD's normalised answer. */
function extractors(): void {
  const checks: [Category, (value: string, answer: string) => boolean][] = [
    ['Governing Law', (value, answer) => answer.split(';').some((part) => samePlace(value, part))],
    [
      'Notice Period To Terminate Renewal',
      (value, answer) => answer.split(/[;/]/).some((part) => sameDuration(value, part)),
    ],
    [
      'Renewal Term',
      (value, answer) => answer.split(/[;,]/).some((part) => sameDuration(value, part)),
    ],
    ['Warranty Duration', () => true],
    ['Agreement Date', dateMatches],
    ['Effective Date', dateMatches],
    ['Expiration Date', dateMatches],
    ['Parties', namesTheParties],
  ];
  console.log(
    "\nExtractors on the gold passages, against CUAD's answers (contracts with an answer):",
  );
  for (const [category, matches] of checks) {
    if (category === 'Warranty Duration') continue;
    let right = 0;
    let total = 0;
    for (const doc of docs) {
      const answer = doc.contract.answers[category];
      if (!answer || answer === '[]') continue;
      total++;
      const type =
        category === 'Governing Law'
          ? 'place'
          : category === 'Parties'
            ? 'parties'
            : /Date/.test(category)
              ? 'date'
              : 'duration';
      const startIso = category === 'Expiration Date' ? startDateOf(doc) : undefined;
      const text =
        category === 'Parties' ? (doc.pages[0] ?? '') : doc.contract.passages[category].join('\n');
      const value = extractValue(type, category, text, startIso ? { startIso } : {});
      const ok = value !== null && matches(value.value, answer);
      if (ok) right++;
      else if (args.verbose)
        console.log(`  ${category}: got ${value?.value ?? 'nothing'}, CUAD ${answer}`);
    }
    console.log(`  ${category.padEnd(36)} ${pct(right, total)}`);
  }
}

/** The value names CUAD's parties: two of them (or the one CUAD names), each inside or around one of ours. */
function namesTheParties(value: string, answer: string): boolean {
  const ours = partyNames(value);
  const theirs = partyNames(answer);
  return (
    theirs.filter((name) => ours.some((mine) => mine.includes(name) || name.includes(mine)))
      .length >= Math.min(2, theirs.length)
  );
}

/**
 * True when the value is one of the answer's parts ("09/05/2019; perpetual"): "perpetual" for a
 * term that runs until terminated, else the same date (a year-only answer "[]/[]/2025" takes any
 * date of that year).
 */
function dateMatches(value: string, answer: string): boolean {
  return answer.split(';').some((part) => {
    if (/perpetual/i.test(part)) return value === 'perpetual';
    const iso = normaliseDate(part);
    return iso !== null && sameDate(value, iso);
  });
}

/** CUAD's answer states no date to compare ("", "[]/[]/[]": the date is blank in the filing). */
function statesNoDate(answer: string): boolean {
  return answer
    .split(';')
    .every((part) => !/perpetual/i.test(part) && normaliseDate(part) === null);
}

/** The date an agreement's terms run from: its effective date, else its agreement date (from the gold passages). */
function startDateOf(doc: Doc): string | undefined {
  for (const category of ['Effective Date', 'Agreement Date'] as const) {
    const value = extractValue('date', category, doc.contract.passages[category].join('\n'));
    if (value && /^\d{4}-\d{2}-\d{2}$/.test(value.value)) return value.value;
  }
  return undefined;
}

/** The columns asked: with model evidence, the built-in template's question where it has the column. */
function reviewColumns(): typeof REVIEW_COLUMNS {
  if (args.evidence !== 'model') return REVIEW_COLUMNS;
  const template = BUILT_IN_REVIEW_TEMPLATES.find(
    (each) => each.id === 'builtin:ma-contract-review',
  )!;
  return REVIEW_COLUMNS.map((column) => {
    const label = column.label === 'Expiration date' ? 'Expiration' : column.label;
    const asked = template.columns.find((each) => each.label === label);
    const question = asked?.question ?? column.question;
    // The product answers a question that names no kind of clause with its keyword matcher.
    if (!namesAClause(question)) throw new Error(`"${question}" names no kind of clause`);
    return { ...column, question };
  });
}

const PARTIES_COLUMN = {
  label: 'Parties',
  category: 'Parties' as Category,
  question: 'Who are the parties to the agreement?',
  type: 'parties' as AnswerType,
};

function review(): void {
  const tally = new Tally();
  const columns = reviewColumns();
  const wrong = new Map(columns.map((column) => [column.label, [] as string[]]));
  if (args.evidence === 'model')
    console.log(columns.map((column) => `  ${column.label}: ${column.question}`).join('\n'));
  for (const doc of docs) {
    // With model evidence, the start date as the grid reads it (from the model's clauses).
    const start = args.evidence === 'model' ? startOf(doc.evidence, doc.id, FOUND_THRESHOLD) : null;
    const startIso = args.evidence === 'model' ? undefined : startDateOf(doc);
    for (const column of columns) {
      const began = performance.now();
      const cell = answerCell(column, doc.evidence, {
        ...(args.evidence === 'model' ? { threshold: FOUND_THRESHOLD } : {}),
        documents: [{ documentId: doc.id, documentName: doc.name, pageCount: doc.pages.length }],
        ...(startIso ? { startDates: new Map([[doc.id, startIso]]) } : {}),
        ...(start ? { start } : {}),
      });
      tally.time(performance.now() - began);
      const ok = cellCorrect(column.category, column.type, cell.status, cell.value, doc);
      tally.add(`cell correct: ${column.label}`, ok);
      tally.add(`cell correct: all ${columns.length} columns`, ok);
      for (const citation of cell.citations)
        tally.add(
          'cited quotes verified on their page',
          doc.pages[citation.pageNumber - 1]?.slice(citation.start, citation.end) ===
            citation.quote,
        );
      if (args.verbose && !ok)
        wrong
          .get(column.label)!
          .push(
            wrongCell(doc, column.category, cell) +
              (column.type === 'date'
                ? `\n    start read ${start?.iso ?? '-'}${start?.agreement ? ` (agreement ${start.agreement.iso})` : ''}; CUAD effective ${doc.contract.answers['Effective Date'] ?? '-'}, agreement ${doc.contract.answers['Agreement Date'] ?? '-'}`
                : ''),
          );
    }
    // The template's Parties column, reported apart: it is not among the issue's ten columns.
    const partiesAnswer = doc.contract.answers['Parties'];
    if (partiesAnswer && partiesAnswer !== '[]') {
      const cell = answerCell(PARTIES_COLUMN, doc.evidence, {
        ...(args.evidence === 'model' ? { threshold: FOUND_THRESHOLD } : {}),
        documents: [{ documentId: doc.id, documentName: doc.name, pageCount: doc.pages.length }],
      });
      const ok = cell.value !== null && namesTheParties(cell.value, partiesAnswer);
      tally.add("Parties column (apart from the ten): names CUAD's parties", ok);
      if (args.verbose && !ok)
        wrong.set('Parties', [
          ...(wrong.get('Parties') ?? []),
          `  - ${doc.name.slice(0, 70)}\n    expected ${partiesAnswer}; got ${cell.status} ${cell.value ?? ''}`,
        ]);
    }
  }
  if (args.verbose)
    for (const [label, cells] of wrong) {
      console.log(`\n${label}: ${cells.length} wrong`);
      for (const line of cells) console.log(line);
    }
  tally.print();
}

/** A present clause answered "not found", for --verbose: the best candidates and search's sentence. */
function missedClause(doc: Doc, category: Category, question: string): string {
  const gold = doc.gold.get(category)!;
  const onGold = (pageNumber: number) => gold.some((g) => g.pageNumber === pageNumber);
  const sentence = scoreSentences(
    { documentId: doc.id, documentName: doc.name, pages: doc.pages },
    category,
  )[0];
  return [
    `  wrong "not found": ${question} (${doc.name.slice(0, 40)}, gold p.${gold.map((g) => g.pageNumber).join(',')})`,
    ...doc.evidence
      .filter((each) => each.category === category)
      .sort((a, b) => b.score - a.score)
      .slice(0, 2)
      .map(
        (each) =>
          `    candidate ${each.score.toFixed(2)} p.${each.pageNumber}${onGold(each.pageNumber) ? ' (gold page)' : ''}: "${flat(each.pageText.slice(each.start, each.end))}"`,
      ),
    ...(sentence
      ? [
          `    search thesaurus ${sentence.thesaurus.toFixed(1)} bm25 ${sentence.bm25.toFixed(1)} p.${sentence.pageNumber}${onGold(sentence.pageNumber) ? ' (gold page)' : ''}`,
        ]
      : []),
  ].join('\n');
}

function flat(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > 160 ? `${one.slice(0, 160)}…` : one;
}

/** One wrong cell, for --verbose: the document, CUAD's answer and passage, the cell and its quote. */
function wrongCell(
  doc: Doc,
  category: Category,
  cell: {
    status: string;
    value: string | null;
    citations: { pageNumber: number; quote: string }[];
  },
): string {
  const flat = (text: string) => {
    const one = text.replace(/\s+/g, ' ').trim();
    return one.length > 240 ? `${one.slice(0, 240)}…` : one;
  };
  const expected = present(doc, category)
    ? `present${doc.contract.answers[category] ? ` (${doc.contract.answers[category]})` : ''}`
    : 'absent';
  const gold = doc.contract.passages[category][0];
  const cited = cell.citations[0];
  return [
    `  - ${doc.name.slice(0, 70)}`,
    `    expected ${expected}; got ${cell.status}${cell.value && cell.value !== 'Yes' ? ` ${flat(cell.value)}` : ''}`,
    ...(cited ? [`    cited p.${cited.pageNumber}: "${flat(cited.quote)}"`] : []),
    ...(gold ? [`    CUAD: "${flat(gold)}"`] : []),
    // For a wrong "not found": the best candidates that did not count.
    ...(cell.status === 'not_found'
      ? doc.evidence
          .filter((each) => each.category === category)
          .sort((a, b) => b.score - a.score)
          .slice(0, 2)
          .map(
            (each) =>
              `    candidate ${each.score.toFixed(2)} p.${each.pageNumber}: "${flat(each.pageText.slice(each.start, each.end))}"`,
          )
      : []),
  ].join('\n');
}

/**
 * Whether a review cell agrees with CUAD. Yes/no columns: answered exactly when CUAD marks the
 * clause. Place: one of the answer's places. Dates (Expiration): CUAD's answer and the cell are
 * compared in the same terms: CUAD writes a term of years as the date it reaches from the
 * effective date ("three years from 10/1/99" → "10/1/02", the anniversary), the cell counts to
 * the term's last day (the day before), so dates one day apart agree (`sameDate`); CUAD writes
 * "perpetual" for a term with no fixed end (until terminated, or until an event with no date),
 * which the cell states as "perpetual"; an answer with no date to state (blank, "[]/[]/[]", a
 * year left blank "09/14/20[]") is met by any answered cell.
 */
function cellCorrect(
  category: Category,
  type: string,
  status: string,
  value: string | null,
  doc: Doc,
): boolean {
  const answer = doc.contract.answers[category];
  if (type === 'place') {
    // A governing-law clause whose answer CUAD left blank is met by any answer.
    if (!answer) return (status === 'not_found') === !present(doc, category);
    return value !== null && answer.split(';').some((part) => samePlace(value, part));
  }
  if (type === 'date') {
    // An answer without a marked passage (rare) is met either way.
    if (!present(doc, category))
      return status === 'not_found' || (value !== null && !!answer && dateMatches(value, answer));
    // A term clause with no date to state ("until the last patent expires", a blank date) is
    // answered by the clause.
    if (statesNoDate(answer)) return status !== 'not_found';
    return value !== null && dateMatches(value, answer);
  }
  return (status !== 'not_found') === present(doc, category);
}

function quotes(
  citation: { pageNumber: number; start: number; end: number },
  gold: LocatedPassage,
): boolean {
  if (citation.pageNumber !== gold.pageNumber) return false;
  const overlap = Math.min(citation.end, gold.end) - Math.max(citation.start, gold.start);
  return (
    overlap > 0 && overlap >= 0.5 * Math.min(citation.end - citation.start, gold.end - gold.start)
  );
}

class Tally {
  private readonly counts = new Map<string, { right: number; total: number }>();
  private readonly lengths: number[] = [];
  private readonly times: number[] = [];
  private untraceable = 0;
  private answers = 0;

  add(name: string, ok: boolean): void {
    const count = this.counts.get(name) ?? { right: 0, total: 0 };
    count.total++;
    if (ok) count.right++;
    this.counts.set(name, count);
  }

  count(name: string): { right: number; total: number } {
    return this.counts.get(name) ?? { right: 0, total: 0 };
  }

  rate(name: string): string {
    const { right, total } = this.count(name);
    return pct(right, total);
  }

  medianLength(): number {
    return quantile(this.lengths, 0.5);
  }

  time(ms: number): void {
    this.times.push(ms);
  }

  answer(answer: ComposedAnswer, doc: Doc, echoed: string[] = []): void {
    this.answers++;
    this.lengths.push(answer.text.length);
    const lookup = new Map<string, string>();
    for (const each of docs)
      each.pages.forEach((text, index) => lookup.set(pageLookupKey(each.id, index + 1), text));
    const problems = traceProblems(answer, lookup, echoed);
    if (problems.length > 0) {
      this.untraceable++;
      if (args.verbose) {
        console.log(`  untraceable (${doc.name.slice(0, 30)}): ${problems.join('; ')}`);
        console.log(`    answer: ${answer.text.replace(/\s+/g, ' ').slice(0, 400)}`);
        for (const citation of answer.citations)
          console.log(
            `    [${citation.number}] ${citation.quote.replace(/\s+/g, ' ').slice(0, 200)}`,
          );
      }
    }
  }

  print(): void {
    console.log('');
    for (const [name, { right, total }] of this.counts)
      console.log(`${name.padEnd(48)} ${pct(right, total)}`);
    if (this.answers > 0) {
      console.log(
        `${'answer length median / p95 (characters)'.padEnd(48)} ${quantile(this.lengths, 0.5)} / ${quantile(this.lengths, 0.95)}`,
      );
      console.log(`${'untraceable answers'.padEnd(48)} ${this.untraceable} of ${this.answers}`);
    }
    console.log(
      `${'time per answer p50 / p95 (ms, compose only)'.padEnd(48)} ${quantile(this.times, 0.5).toFixed(2)} / ${quantile(this.times, 0.95).toFixed(2)}`,
    );
  }
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

function pct(right: number, total: number): string {
  return `${total === 0 ? '-' : ((100 * right) / total).toFixed(1)} % (${right}/${total})`;
}

if (args.calibrate) calibrate();
else if (args['calibrate-quotes']) calibrateQuotes();
else if (args.review) review();
else answers();

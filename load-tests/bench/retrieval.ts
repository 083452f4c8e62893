/**
 * `npm run bench:retrieval`: page-level retrieval quality and speed of the embedded search on the
 * developer corpus (../shared/corpus). Each contract's pages are read by the embedded extractor
 * (as ingestion reads them), chunked,
 * embedded and indexed twice: alone in a one-contract project, and in one 12-contract project.
 *
 * Questions: one plain question per CUAD category (written before measuring, not tuned). In a
 * one-contract project the question's gold is every PDF page where CUAD's annotators highlighted
 * the category in that contract; in the 12-contract project each question is asked once and a
 * highlighted page of any contract is gold. Reported: recall@5 (share of questions with a gold
 * page among the first 5 hits), MRR@10, and query latency including the question's embedding.
 *
 * "hybrid" fuses BM25 with the vectors of the embedded-embedder candidate defined below (feature
 * hashing); these numbers are why the embedded driver ships without vectors.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Embedder, type IndexedChunk, loadBenchKit, type Page } from './api-kit.ts';

// The API's retrieval code, from its public entry for benchmarks (built by `npm run bench:retrieval`).
const { chunkDocument, SqliteSearchIndex, createPageReader } = await loadBenchKit();

const CORPUS = path.resolve('../shared/corpus');
const ANNOTATIONS = path.join(CORPUS, 'annotations/cuad_clauses_dev12_with_pages.json');
const K = 10;
/** Contract i (from 0) is document i + 1 in project i + 1, and document 101 + i in project 100. */
const ALL_CONTRACTS = 100;
/** Four copies of the corpus in one project, for latency at about 5,000 chunks. */
const LARGE_PROJECT = 200;
const LARGE_PROJECT_COPIES = 4;

/** One question per CUAD category (Parties is left out: its spans match nearly every page). */
const QUESTIONS: Record<string, string> = {
  'Document Name': 'What is the title of this agreement?',
  'Agreement Date': 'When was this agreement signed?',
  'Effective Date': 'When does this agreement take effect?',
  'Expiration Date': 'When does the agreement expire, and what is its initial term?',
  'Renewal Term': 'Does the agreement renew automatically, and for how long?',
  'Notice Period To Terminate Renewal':
    'How much notice is needed to prevent the agreement from renewing?',
  'Governing Law': 'Which law governs this agreement?',
  'Non-Compete': 'Is a party restricted from competing with the other party?',
  'Competitive Restriction Exception': 'What exceptions apply to the restrictions on competition?',
  Exclusivity: 'Is the relationship exclusive?',
  'No-Solicit Of Customers': "Is a party prohibited from soliciting the other party's customers?",
  'No-Solicit Of Employees': "Can a party hire or solicit the other party's employees?",
  'Non-Disparagement': 'Is a party forbidden to disparage the other?',
  'Termination For Convenience': 'Can a party terminate the agreement without cause?',
  'Rofr/Rofo/Rofn': 'Is there a right of first refusal, first offer or first negotiation?',
  'Change Of Control': 'What happens if a party undergoes a change of control?',
  'Anti-Assignment': 'Can a party assign this agreement without consent?',
  'Revenue/Profit Sharing': 'Does a party pay royalties or share revenue or profits?',
  'Price Restrictions': 'Are there restrictions on changing prices?',
  'Minimum Commitment': 'Is there a minimum purchase or sales commitment?',
  'Volume Restriction': 'Is there a limit on the quantity a party may buy or use?',
  'Ip Ownership Assignment': 'Who owns the intellectual property developed under the agreement?',
  'Joint Ip Ownership': 'Is any intellectual property owned jointly?',
  'License Grant': 'What license is granted under the agreement?',
  'Non-Transferable License': 'Can the licensee transfer or sublicense its license?',
  'Irrevocable Or Perpetual License': 'Is any license perpetual or irrevocable?',
  'Source Code Escrow': 'Is source code deposited in escrow?',
  'Post-Termination Services': 'What must the parties do after the agreement ends?',
  'Audit Rights': 'Can a party audit the books and records of the other?',
  'Uncapped Liability': 'Which liabilities are excluded from the limitation of liability?',
  'Cap On Liability': 'Is there a cap on liability?',
  'Liquidated Damages': 'Does the agreement provide for liquidated damages?',
  'Warranty Duration': 'How long does the warranty last?',
  Insurance: 'What insurance must a party maintain?',
  'Covenant Not To Sue': "Has a party agreed not to sue or contest the other party's rights?",
  'Third Party Beneficiary': 'Does the agreement give rights to third-party beneficiaries?',
};

type Annotations = {
  documents: { file: string; clauses: { category: string; pdf_pages: number[] | null }[] }[];
};
/** `gold` holds "<documentId>:<pageNumber>" keys. */
type Question = { projectId: number; text: string; gold: Set<string> };
type Mode = 'BM25' | 'hybrid';

/**
 * The candidate embedded embedder: feature hashing of words, word pairs and character trigrams
 * (stop words dropped), sublinear TF, signed hashing into 512 dimensions, L2-normalised.
 */
class HashingEmbedder implements Embedder {
  readonly model = 'feature-hashing-512';
  readonly dimensions = 512;
  readonly health = null;
  private static readonly STOP_WORDS = new Set(
    (
      'a an and are as at be been but by can could did do does for from had has have how i if in ' +
      'into is it its may might must no not of on or our shall should so such than that the their ' +
      'them then there these they this those to under upon us was we were what when where which ' +
      'who whom why will with would you your'
    ).split(' '),
  );

  ping(): Promise<void> {
    return Promise.resolve();
  }

  embed(texts: string[]): Promise<Float32Array[]> {
    return Promise.resolve(texts.map((text) => this.embedOne(text)));
  }

  private embedOne(text: string): Float32Array {
    const features = new Map<string, { weight: number; count: number }>();
    const add = (feature: string, weight: number) => {
      const seen = features.get(feature);
      if (seen) seen.count++;
      else features.set(feature, { weight, count: 1 });
    };
    const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter(
      (word) => !HashingEmbedder.STOP_WORDS.has(word),
    );
    words.forEach((word, i) => {
      add(`w:${word}`, 1);
      if (i > 0) add(`b:${words[i - 1]}_${word}`, 0.5);
      const padded = `^${word}$`;
      for (let j = 0; j + 3 <= padded.length; j++) add(`c:${padded.slice(j, j + 3)}`, 0.3);
    });
    const vector = new Float32Array(this.dimensions);
    for (const [feature, { weight, count }] of features) {
      const hash = fnv1a(feature);
      const slot = hash % this.dimensions;
      vector[slot] = vector[slot]! + (hash & 0x80000000 ? -1 : 1) * weight * (1 + Math.log(count));
    }
    const norm = Math.hypot(...vector);
    return norm > 0 ? vector.map((value) => value / norm) : vector;
  }
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

if (!existsSync(ANNOTATIONS)) {
  console.log(`Skipped: the developer corpus is not at ${CORPUS}.`);
  process.exit(0);
}
const annotations = JSON.parse(readFileSync(ANNOTATIONS, 'utf8')) as Annotations;

let started = performance.now();
const extractor = await createPageReader({ ocr: 'off' });
const contracts: Page[][] = [];
for (const document of annotations.documents) {
  contracts.push(await readPages(path.join(CORPUS, document.file)));
}
await extractor.close();
const extractMs = performance.now() - started;

started = performance.now();
const chunked = await Promise.all(contracts.map((pages) => chunkDocument(pages)));
const chunkMs = performance.now() - started;
const chunkCount = chunked.reduce((sum, chunks) => sum + chunks.length, 0);

const embedder = new HashingEmbedder();
started = performance.now();
const vectors: Float32Array[][] = [];
for (const chunks of chunked) vectors.push(await embedder.embed(chunks.map((chunk) => chunk.text)));
const embedMs = performance.now() - started;

const directory = mkdtempSync(path.join(tmpdir(), 'clearroom-retrieval-'));
const index = new SqliteSearchIndex({ file: path.join(directory, 'search-index.sqlite') });
try {
  started = performance.now();
  for (let contract = 0; contract < contracts.length; contract++) {
    await index.index(indexed(contract, contract + 1, contract + 1));
    await index.index(indexed(contract, ALL_CONTRACTS, ALL_CONTRACTS + contract + 1));
  }
  const indexMs = performance.now() - started;
  for (let copy = 0; copy < LARGE_PROJECT_COPIES; copy++) {
    for (let contract = 0; contract < contracts.length; contract++) {
      const documentId = LARGE_PROJECT + copy * contracts.length + contract + 1;
      await index.index(indexed(contract, LARGE_PROJECT, documentId));
    }
  }

  const goldPages = annotations.documents.map((document) => {
    const pagesByCategory = new Map<string, number[]>();
    for (const { category, pdf_pages: pages } of document.clauses) {
      if (category in QUESTIONS && pages) {
        pagesByCategory.set(category, [...(pagesByCategory.get(category) ?? []), ...pages]);
      }
    }
    return pagesByCategory;
  });
  const perContract: Question[] = goldPages.flatMap((pagesByCategory, contract) =>
    [...pagesByCategory].map(([category, pages]) => ({
      projectId: contract + 1,
      text: QUESTIONS[category]!,
      gold: new Set(pages.map((page) => `${contract + 1}:${page}`)),
    })),
  );
  const allContracts: Question[] = Object.entries(QUESTIONS).flatMap(([category, text]) => {
    const gold = new Set(
      goldPages.flatMap((pagesByCategory, contract) =>
        (pagesByCategory.get(category) ?? []).map(
          (page) => `${ALL_CONTRACTS + contract + 1}:${page}`,
        ),
      ),
    );
    return gold.size > 0 ? [{ projectId: ALL_CONTRACTS, text, gold }] : [];
  });

  const pageCount = contracts.reduce((sum, pages) => sum + pages.length, 0);
  console.log(
    `${contracts.length} contracts, ${pageCount} pages (read by the embedded extractor in ${seconds(extractMs)} s), ` +
      `${chunkCount} chunks (chunked in ${chunkMs.toFixed(0)} ms), Node ${process.version}`,
  );
  console.log(
    `Candidate embedder ${embedder.model}: ${chunkCount} chunks in ${embedMs.toFixed(0)} ms. ` +
      `Indexing ${2 * chunkCount} chunks with their vectors: ${indexMs.toFixed(0)} ms.\n`,
  );
  console.log('project                      questions  mode    recall@5  MRR@10  p50 ms  p95 ms');
  const scopes = [
    { name: 'one contract (x12)', questions: perContract },
    {
      name: `12 contracts (${Math.round(chunkCount / 100) * 100} chunks)`,
      questions: allContracts,
    },
    {
      name: `${LARGE_PROJECT_COPIES} x 12 (${Math.round((LARGE_PROJECT_COPIES * chunkCount) / 100) * 100} chunks)`,
      questions: allContracts.map((question) => ({
        ...question,
        projectId: LARGE_PROJECT,
        gold: new Set<string>(),
      })),
    },
  ];
  for (const scope of scopes) {
    for (const mode of ['BM25', 'hybrid'] as const) {
      const { recallAt5, mrr, p50, p95 } = await evaluate(scope.questions, mode);
      const quality = scope.questions[0]!.gold.size > 0;
      console.log(
        [
          scope.name.padEnd(28),
          String(scope.questions.length).padStart(9),
          ` ${mode.padEnd(7)}`,
          (quality ? recallAt5.toFixed(3) : '-').padStart(8),
          (quality ? mrr.toFixed(3) : '-').padStart(7),
          p50.toFixed(2).padStart(7),
          p95.toFixed(2).padStart(7),
        ].join(' '),
      );
    }
  }
} finally {
  await index.close();
  rmSync(directory, { recursive: true, force: true });
}

function indexed(contract: number, projectId: number, documentId: number): IndexedChunk[] {
  return chunked[contract]!.map((chunk, i) => ({
    projectId,
    documentId,
    ...chunk,
    vector: vectors[contract]![i]!,
  }));
}

async function evaluate(questions: Question[], mode: Mode) {
  const times: number[] = [];
  let found = 0;
  let reciprocalRanks = 0;
  for (const question of questions) {
    const queryStarted = performance.now();
    const vector = mode === 'hybrid' ? (await embedder.embed([question.text]))[0]! : null;
    const hits = await index.search({
      projectId: question.projectId,
      text: question.text,
      vector,
      k: K,
    });
    times.push(performance.now() - queryStarted);
    const rank =
      hits.findIndex((hit) => question.gold.has(`${hit.documentId}:${hit.pageNumber}`)) + 1;
    if (rank > 0 && rank <= 5) found++;
    if (rank > 0) reciprocalRanks += 1 / rank;
  }
  times.sort((a, b) => a - b);
  const percentile = (share: number) =>
    times[Math.min(times.length - 1, Math.floor(share * times.length))]!;
  return {
    recallAt5: found / questions.length,
    mrr: reciprocalRanks / questions.length,
    p50: percentile(0.5),
    p95: percentile(0.95),
  };
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(1);
}

/** The page texts the product indexes: read by the embedded extractor, as in ingestion. */
async function readPages(file: string): Promise<Page[]> {
  return extractor.read(file, 'application/pdf');
}

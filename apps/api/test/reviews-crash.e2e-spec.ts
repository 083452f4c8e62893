import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import {
  BUILT_IN_REVIEW_TEMPLATES,
  type ProjectFile,
  type ReviewResponse,
  type ReviewsResponse,
} from '@clearroom/contracts';
import { CORPUS_DIR, corpusFile, describeWithCorpus } from './support/corpus.js';
import { ProductClient } from './support/product-client.js';
import {
  ensureBuilt,
  killHard,
  type ProductProcess,
  startProduct,
  stopGracefully,
} from './support/product-process.js';

const corpusPdfs = () => readdirSync(CORPUS_DIR).filter((name) => /\.pdf$/i.test(name));
/** The M&A template four times over: 48 columns. */
const COLUMNS = [1, 2, 3, 4].flatMap((round) =>
  BUILT_IN_REVIEW_TEMPLATES[0]!.columns.map((column) => ({
    ...column,
    label: `${column.label} ${round}`,
  })),
);

type CellRow = { id: number; status: string; answered_at: number | string | null };

/**
 * Builds a grid over the corpus, kills the product with SIGKILL while cells are being answered,
 * starts it again on the same data: every cell ends answered (or not found), none is lost, and
 * none answered before the kill is answered again.
 */
describeWithCorpus('review grid after a worker is killed', () => {
  let dataDir: string;
  let product: ProductProcess | null = null;

  beforeAll(() => {
    ensureBuilt();
    dataDir = mkdtempSync(path.join(tmpdir(), 'clearroom-review-crash-'));
  });
  afterAll(async () => {
    if (product) await stopGracefully(product);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const cells = (): CellRow[] => {
    const db = new Database(path.join(dataDir, 'clearroom.sqlite'), { readonly: true });
    try {
      return db
        .prepare('select id, status, answered_at from review_cells order by id')
        .all() as CellRow[];
    } finally {
      db.close();
    }
  };

  it('resumes where it stopped: no cell lost, none answered twice', async () => {
    const env = { DATA_DIR: dataDir, WEB_DIR: dataDir };
    product = await startProduct(env);
    const client = new ProductClient(product.url);
    await client.signUp('review-crash');
    const projectId = await client.createProject('Crash review');
    const form = new FormData();
    const names = corpusPdfs();
    for (const name of names) form.append('files', new Blob([corpusFile(name)]), name);
    expect((await client.send('POST', `/api/projects/${projectId}/files`, form)).status).toBe(201);
    const analysisDeadline = Date.now() + 240_000;
    let files: ProjectFile[] = [];
    while (Date.now() < analysisDeadline) {
      files = await client.files(projectId);
      if (files.every((file) => file.processingStatus === 'completed')) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(files.map((file) => file.processingStatus)).toEqual(names.map(() => 'completed'));

    // Four grids of 48 columns: enough cells to kill the worker halfway through.
    for (const round of [1, 2, 3, 4]) {
      await client.json<ReviewResponse>(
        'POST',
        `/api/projects/${projectId}/reviews`,
        { name: `Crash grid ${round}`, columns: COLUMNS },
        201,
      );
    }
    const total = 4 * names.length * COLUMNS.length;
    const progress = async () => {
      const { reviews } = await client.json<ReviewsResponse>(
        'GET',
        `/api/projects/${projectId}/reviews`,
      );
      return {
        done: reviews.reduce((sum, review) => sum + review.progress.done, 0),
        total: reviews.reduce((sum, review) => sum + review.progress.total, 0),
      };
    };
    expect((await progress()).total).toBe(total);
    // Kill it once some cells are answered and others are not.
    while ((await progress()).done === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await killHard(product);
    const answeredBefore = cells().filter((cell) => cell.status !== 'pending');
    expect(answeredBefore.length).toBeGreaterThan(0);
    expect(answeredBefore.length).toBeLessThan(total);

    product = await startProduct(env);
    client.moveTo(product.url);
    const deadline = Date.now() + 120_000;
    let after = await progress();
    while (after.done < total && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      after = await progress();
    }
    expect(after).toEqual({ done: total, total });
    await stopGracefully(product);
    product = null;

    const final = cells();
    expect(final).toHaveLength(total);
    expect(final.filter((cell) => cell.status === 'pending' || cell.status === 'failed')).toEqual(
      [],
    );
    // A cell answered before the kill kept its answer and its time: it was not answered again.
    const finalById = new Map(final.map((cell) => [cell.id, cell]));
    for (const cell of answeredBefore) expect(finalById.get(cell.id)).toEqual(cell);
  }, 420_000);
});

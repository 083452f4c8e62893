/** The developer corpus, kept outside the repository (../shared/corpus from the repo root). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ProjectFile } from '@clearroom/contracts';
import {
  type ApiClient,
  createProject,
  findProject,
  listFiles,
  uploadFiles,
  waitForAnalysis,
} from './api-client.ts';

export const CORPUS = path.resolve('../shared/corpus');
/** The 449 CUAD contracts (about 8,300 pages), as PDFs. */
export const CUAD_PDF = path.join(CORPUS, 'cuad/pdf');
/** The one CUAD project that bench:clauses, bench:review and bench:query share in BENCH_DATA_DIR. */
export const CUAD_PROJECT = 'CUAD (449 contracts)';
/** The user that owns the benchmarks' projects (the same in every bench, for a kept data dir). */
export const BENCH_USER = { username: 'bench', password: 'correct horse battery staple' };

/** The contract PDFs at the top of a corpus folder, by file name. */
export function corpusPdfs(directory = CORPUS): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .filter((name) => /\.pdf$/i.test(name))
    .sort();
}

export type PreparedProject = {
  projectId: number;
  files: ProjectFile[];
  /** Documents uploaded by this run (0: everything was already in the kept data dir). */
  uploaded: number;
  /** First upload → every document analysed, when anything was uploaded. */
  ingestMs: number;
};

/**
 * Finds the project `name` (or creates it) and uploads the PDFs of `directory` it does not hold
 * yet, in batches of `batch` (the server takes at most UPLOAD_MAX_FILES per request), then waits
 * until every document is analysed, printing progress every 30 s. Failed documents are returned,
 * not thrown: the caller reports them.
 */
export async function prepareCorpusProject(
  client: ApiClient,
  {
    name,
    directory,
    batch = 40,
    limit,
  }: { name: string; directory: string; batch?: number; limit?: number },
): Promise<PreparedProject> {
  const projectId = (await findProject(client, name)) ?? (await createProject(client, name));
  const present = new Set((await listFiles(client, projectId)).map((file) => file.originalname));
  const missing = corpusPdfs(directory)
    .slice(0, limit)
    .filter((pdf) => !present.has(pdf));
  const started = performance.now();
  for (let first = 0; first < missing.length; first += batch) {
    await uploadFiles(
      client,
      projectId,
      missing
        .slice(first, first + batch)
        .map((pdf) => ({ name: pdf, data: readFileSync(path.join(directory, pdf)) })),
    );
  }
  let lastReport = performance.now();
  const files = await waitForAnalysis(client, projectId, {
    pollMs: 1000,
    onPoll: (polled) => {
      if (performance.now() - lastReport < 30_000) return;
      lastReport = performance.now();
      const done = polled.filter((f) => f.processingStatus === 'completed').length;
      console.log(
        `  … ${done} of ${polled.length} documents analysed after ${((lastReport - started) / 1000).toFixed(0)} s`,
      );
    },
  });
  return { projectId, files, uploaded: missing.length, ingestMs: performance.now() - started };
}

/** "449 documents, 8,338 pages (0 failed)" */
export function describeFiles(files: ProjectFile[]): string {
  const pages = files.reduce((sum, file) => sum + (file.pageCount ?? 0), 0);
  const failed = files.filter((file) => file.processingStatus === 'failed').length;
  return `${files.length} documents, ${pages.toLocaleString('en')} pages (${failed} failed)`;
}

/** The developer corpus, kept outside the repository (../shared/corpus from the repo root). */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

export const CORPUS = path.resolve('../shared/corpus');

/** The contract PDFs at the top of a corpus folder, by file name. */
export function corpusPdfs(directory = CORPUS): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .filter((name) => /\.pdf$/i.test(name))
    .sort();
}

import { readdirSync } from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const chartDir = path.join(repoRoot, 'deploy/helm/clearroom');
export const k8sDir = path.join(repoRoot, 'deploy/k8s');
export const envExamplePath = path.join(repoRoot, '.env.example');

/** Every file under `dir` whose name ends with one of `extensions`, sorted, as absolute paths. */
export function listFiles(dir: string, extensions: readonly string[]): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && extensions.some((ext) => entry.name.endsWith(ext)))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** A path relative to the repository, for messages. */
export const relative = (file: string) => path.relative(repoRoot, file);

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';

/**
 * The house rules of ARCHITECTURE §3, read from the import graph of apps/api/src: feature modules
 * see of infra/ only ports and modules, infra/ never imports a feature module, folders import each
 * other without loops, and every port has its contract suite. The lint rule that enforces the
 * vendor boundary is run on a snippet to show that it bites.
 */
const SRC = import.meta.dirname;
const REPOSITORY = path.resolve(SRC, '../../..');

type SourceFile = { file: string; imports: string[] };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [full] : [];
  });
}

const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function readGraph(): SourceFile[] {
  return sourceFiles(SRC).map((file) => {
    const text = readFileSync(file, 'utf8');
    const imports = [...text.matchAll(IMPORT)].map((match) =>
      path.resolve(path.dirname(file), (match[1] ?? match[2])!.replace(/\.js$/, '.ts')),
    );
    return { file, imports };
  });
}

const relative = (file: string) => path.relative(SRC, file);

/** The folder a file belongs to, as the unit of the folder-level graph: `modules/qa`, `infra/search-index`, `common`… */
function unitOf(file: string): string {
  const parts = relative(file).split(path.sep);
  if (parts[0] === 'modules' || parts[0] === 'infra') return parts.slice(0, 2).join('/');
  return parts.length > 1 ? parts[0]! : '(root)';
}

function findCycle(edges: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (unit: string): string[] | null => {
    if (state.get(unit) === 'done') return null;
    if (state.get(unit) === 'visiting') return [...stack.slice(stack.indexOf(unit)), unit];
    state.set(unit, 'visiting');
    stack.push(unit);
    for (const next of edges.get(unit) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(unit, 'done');
    return null;
  };
  for (const unit of edges.keys()) {
    const cycle = visit(unit);
    if (cycle) return cycle;
  }
  return null;
}

describe('the import graph of apps/api/src', () => {
  const graph = readGraph();

  it('reads the graph (a parser that finds nothing would pass every rule)', () => {
    expect(graph.length).toBeGreaterThan(150);
    expect(graph.flatMap(({ imports }) => imports).length).toBeGreaterThan(500);
  });

  it('lets feature modules import from infra/ only ports (*.port) and modules (*.module)', () => {
    const offending = graph.flatMap(({ file, imports }) =>
      relative(file).startsWith(`modules${path.sep}`)
        ? imports
            .filter((target) => relative(target).startsWith(`infra${path.sep}`))
            .filter((target) => !/\.(port|module)\.ts$/.test(target))
            .map((target) => `${relative(file)} -> ${relative(target)}`)
        : [],
    );
    expect(offending).toEqual([]);
  });

  it('never imports a feature module from infra/', () => {
    const offending = graph.flatMap(({ file, imports }) =>
      relative(file).startsWith(`infra${path.sep}`)
        ? imports
            .filter((target) => relative(target).startsWith(`modules${path.sep}`))
            .map((target) => `${relative(file)} -> ${relative(target)}`)
        : [],
    );
    expect(offending).toEqual([]);
  });

  it('has no loop between folders', () => {
    const edges = new Map<string, Set<string>>();
    for (const { file, imports } of graph) {
      const from = unitOf(file);
      // The composition root (app.module, main, migrate, entities) imports everything by design.
      if (from === '(root)') continue;
      for (const target of imports) {
        const to = unitOf(target);
        if (to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
      }
    }
    expect(findCycle(edges)).toBeNull();
  });

  it('gives every port folder its contract suite', () => {
    const infra = path.join(SRC, 'infra');
    const ports = readdirSync(infra).filter((name) =>
      readdirSync(path.join(infra, name)).includes(`${name}.port.ts`),
    );
    expect(ports.length).toBeGreaterThanOrEqual(11);
    const missing = ports.filter(
      (name) => !readdirSync(path.join(infra, name)).includes(`${name}.contract.spec.ts`),
    );
    expect(missing).toEqual([]);
  });
});

describe('the lint rule on vendor clients', () => {
  const lint = async (text: string, file: string) => {
    const eslint = new ESLint({ cwd: REPOSITORY });
    const [result] = await eslint.lintText(text, { filePath: path.join(REPOSITORY, file) });
    return result!.messages.map(({ ruleId, message }) => ({ ruleId, message }));
  };

  it('fails a vendor import outside infra/, and an adapter imported by a feature module', async () => {
    const outside = await lint(
      "import { Redis } from 'ioredis';\nexport const redis = new Redis();\n",
      'apps/api/src/modules/projects/projects.service.ts',
    );
    expect(outside).toContainEqual({
      ruleId: 'no-restricted-imports',
      message: expect.stringContaining("'ioredis' import is restricted"),
    });
    const adapter = await lint(
      "export { RedisSessionStore } from '../../infra/session-store/redis.session-store.js';\n",
      'apps/api/src/modules/auth/auth.service.ts',
    );
    expect(adapter).toContainEqual({
      ruleId: 'no-restricted-imports',
      message: expect.stringContaining('Import a port (*.port) or a module (*.module)'),
    });
  }, 180_000);

  it('lets the same import through inside infra/', async () => {
    const inside = await lint(
      "import { Redis } from 'ioredis';\nexport const redis = new Redis();\n",
      'apps/api/src/infra/session-store/redis.session-store.ts',
    );
    expect(inside.filter(({ ruleId }) => ruleId === 'no-restricted-imports')).toEqual([]);
  }, 180_000);
});

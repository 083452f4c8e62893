/**
 * What can be checked of the k6 scripts without a k6 binary (their types are checked by
 * `tsc -p load-tests/k6/tsconfig.json` against @types/k6):
 * - once their types are stripped, as k6 strips them, they are ES2020 modules (what k6's
 *   JavaScript engine runs) that import only k6's modules and files beside them, so the folder
 *   works as one flat ConfigMap in the cluster;
 * - each script k6 runs exports its options and a default function;
 * - the sample TestRun names a script of the folder and only settings config.ts reads.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import * as espree from 'espree';
import { parse as parseYaml } from 'yaml';

const folder = path.join(import.meta.dirname, '..');
const modules = readdirSync(folder).filter(
  (name) => name.endsWith('.ts') && !name.endsWith('.d.ts'),
);
const scripts = ['ask.ts', 'ask-sse.ts', 'browse.ts', 'ingest.ts'];

type Program = ReturnType<typeof espree.parse>;

function strippedProgram(name: string): Program {
  const javascript = stripTypeScriptTypes(readFileSync(path.join(folder, name), 'utf8'));
  return espree.parse(javascript, { ecmaVersion: 2020, sourceType: 'module' });
}

function importsOf(program: Program): string[] {
  return program.body.flatMap((node) =>
    node.type === 'ImportDeclaration' ||
    node.type === 'ExportNamedDeclaration' ||
    node.type === 'ExportAllDeclaration'
      ? node.source && typeof node.source.value === 'string'
        ? [node.source.value]
        : []
      : [],
  );
}

void test('the folder holds the four scripts and the modules they share', () => {
  for (const script of scripts) assert.ok(modules.includes(script), `${script} is missing`);
});

for (const name of modules) {
  void test(`${name}: an ES2020 module importing only k6 and its siblings once its types are stripped`, () => {
    const program = strippedProgram(name);
    for (const source of importsOf(program)) {
      const fromK6 = source === 'k6' || source.startsWith('k6/');
      const sibling = /^\.\/[\w-]+\.ts$/.test(source) && existsSync(path.join(folder, source));
      assert.ok(
        fromK6 || sibling,
        `${name} imports ${source} at run time (only types may come from elsewhere)`,
      );
    }
  });
}

void test('the ES2020 check refuses newer syntax (k6 would not run it)', () => {
  assert.throws(() =>
    espree.parse('let a = null; a ??= 1;', { ecmaVersion: 2020, sourceType: 'module' }),
  );
});

for (const script of scripts) {
  void test(`${script} exports options and a default function`, () => {
    const program = strippedProgram(script);
    const exported = program.body.flatMap((node) => {
      if (node.type === 'ExportDefaultDeclaration') return [`default:${node.declaration.type}`];
      if (node.type !== 'ExportNamedDeclaration' || !node.declaration) return [];
      if (node.declaration.type === 'FunctionDeclaration') return [node.declaration.id.name];
      if (node.declaration.type === 'VariableDeclaration') {
        return node.declaration.declarations.map((d) =>
          d.id.type === 'Identifier' ? d.id.name : '?',
        );
      }
      return [];
    });
    assert.ok(exported.includes('options'), `${script} exports no options`);
    assert.ok(
      exported.includes('default:FunctionDeclaration'),
      `${script} has no default function`,
    );
  });
}

void test('testrun.yaml runs a script of this folder with settings config.ts reads', () => {
  type EnvVar = { name: string };
  const testRun = parseYaml(readFileSync(path.join(folder, 'testrun.yaml'), 'utf8')) as {
    apiVersion: string;
    kind: string;
    spec: { script: { configMap: { file: string } }; runner: { env: EnvVar[] } };
  };
  assert.equal(testRun.apiVersion, 'k6.io/v1alpha1');
  assert.equal(testRun.kind, 'TestRun');
  assert.ok(scripts.includes(testRun.spec.script.configMap.file));
  const config = readFileSync(path.join(folder, 'config.ts'), 'utf8');
  const settings = new Set(
    [...config.matchAll(/(?:text|required|positiveNumber|whole|flag|duration)\(\s*'(\w+)'/g)].map(
      (m) => m[1],
    ),
  );
  for (const { name } of testRun.spec.runner.env) {
    assert.ok(settings.has(name), `testrun.yaml sets ${name}, which config.ts does not read`);
  }
});

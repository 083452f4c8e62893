import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { exampleFiles, mergeValues, readValues, readValuesFile } from './support/helm-values.ts';
import { chartDir, relative } from './support/paths.ts';
import type { JsonObject } from './support/yaml-files.ts';

const schemaFile = path.join(chartDir, 'values.schema.json');
const schema = JSON.parse(readFileSync(schemaFile, 'utf8')) as JsonObject;
const values = readValues();

let validate: ValidateFunction;
beforeAll(() => {
  // Strict: unknown keywords or types the schema does not declare fail the compilation.
  validate = new Ajv({ strict: true, allErrors: true, allowUnionTypes: true }).compile(schema);
});

function errorsOf(candidate: JsonObject): string[] {
  return validate(candidate)
    ? []
    : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);
}

/** values.yaml with these values over it, as `helm install -f` would merge them. */
const withValues = (override: JsonObject) => mergeValues(values, override);

describe('values.schema.json', () => {
  it('is draft-07, which every Helm 3 and 4 release validates', () => {
    expect(schema['$schema']).toBe('http://json-schema.org/draft-07/schema#');
  });

  it('uses only regular expressions Go can run (RE2: no lookaround, no back-references)', () => {
    const patterns = [...JSON.stringify(schema).matchAll(/"pattern":"((?:[^"\\]|\\.)*)"/g)].map(
      (match) => JSON.parse(`"${match[1]}"`) as string,
    );
    expect(patterns.length).toBeGreaterThan(10);
    for (const pattern of patterns) {
      expect(pattern, pattern).not.toMatch(/\(\?[=!<]|\\[1-9]/);
    }
  });

  it('accepts values.yaml', () => {
    expect(errorsOf(values)).toEqual([]);
  });

  it.each(exampleFiles.map((file) => [relative(file), file]))(
    'accepts %s over values.yaml',
    (_, file) => {
      expect(errorsOf(withValues(readValuesFile(file)))).toEqual([]);
    },
  );
});

describe('values.schema.json refuses', () => {
  // prettier-ignore
  const refusals: [string, JsonObject, RegExp][] = [
    ['an unknown top-level key', { replicaCount: 2 }, /must NOT have additional properties/],
    ['a misspelt environment variable', { config: { SEARCH_DRIVR: 'embedded' } }, /^\/config must NOT have additional properties/m],
    ['a driver that does not exist', { config: { SEARCH_DRIVER: 'opensearch' } }, /^\/config\/SEARCH_DRIVER must be equal to one of the allowed values/m],
    ['a number where the environment holds a string', { config: { PORT: 3000 } }, /^\/config\/PORT must be string/m],
    ['a port that is not a number', { config: { PORT: 'http' } }, /^\/config\/PORT must match pattern/m],
    ['APP_ROLE=worker for the api Deployment', { config: { APP_ROLE: 'worker' } }, /^\/config\/APP_ROLE must be equal to one of the allowed values/m],
    ['APP_ROLE=api without the worker', { config: { APP_ROLE: 'api' } }, /^\/worker\/enabled must be equal to constant/m],
    ['the worker on the embedded search index', { worker: { enabled: true } }, /^\/config\/SEARCH_DRIVER must be equal to constant/m],
    ['a latest tag', { tika: { bundled: { image: { registry: 'docker.io', repository: 'apache/tika', tag: 'latest' } } } }, /^\/tika\/bundled\/image\/tag must NOT be valid/m],
    ['a bundled Tika the app does not use', { tika: { bundled: { enabled: true } } }, /^\/config\/EXTRACTOR_DRIVER must be equal to constant/m],
    ['a bundled MySQL next to a DATABASE_URL', { mysql: { bundled: { enabled: true } }, secrets: { DATABASE_URL: 'mysql://u:p@db:3306/c' } }, /^\/secrets\/DATABASE_URL must be equal to constant/m],
    ['the migration Job on SQLite', { migrations: { job: { enabled: true } } }, /^\/secrets\/DATABASE_URL must match pattern/m],
    ['bullmq without Redis', { config: { QUEUE_DRIVER: 'bullmq' } }, /^\/secrets\/REDIS_URL must NOT have fewer than 1 characters/m],
    ['a bundled Keycloak without its host', { config: { AUTH_DRIVER: 'oidc', OIDC_CLIENT_ID: 'clearroom' }, keycloak: { bundled: { enabled: true } } }, /^\/keycloak\/bundled\/host must NOT have fewer than 1 characters/m],
    ['scopes without openid', { config: { OIDC_SCOPES: 'profile email' } }, /^\/config\/OIDC_SCOPES must match pattern/m],
    ['a client secret the app would refuse (under 16 characters)', { keycloak: { bundled: { clientSecret: 'short' } } }, /^\/keycloak\/bundled\/clientSecret must match pattern/m],
    ['a bundled MySQL password that would break DATABASE_URL', { mysql: { bundled: { password: 'p@ss/word' } } }, /^\/mysql\/bundled\/password must match pattern/m],
  ];

  it.each(refusals)('%s', (_, override, expected) => {
    const errors = errorsOf(withValues(override));
    expect(errors.join('\n')).toMatch(expected);
  });
});

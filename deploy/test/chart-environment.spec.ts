import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSecretVariable, readEnvExample, secretVariables } from './support/env-example.ts';
import { defineBodies } from './support/go-template.ts';
import { readValues } from './support/helm-values.ts';
import { chartDir, k8sDir } from './support/paths.ts';
import { readYamlFile, type JsonObject } from './support/yaml-files.ts';

const envExample = readEnvExample();
const values = readValues();
const config = values['config'] as JsonObject;
const secrets = values['secrets'] as JsonObject;
const schema = JSON.parse(readFileSync(path.join(chartDir, 'values.schema.json'), 'utf8')) as {
  properties: Record<string, { properties: Record<string, unknown> }>;
};

/** Values that differ from .env.example on purpose: the app runs in a container. */
const containerDefaults: Record<string, string> = { HOST: '0.0.0.0', DATA_DIR: '/data' };

describe('values.yaml maps one-to-one onto .env.example', () => {
  it('has a value for every variable of .env.example, and no other', () => {
    const inValues = [...Object.keys(config), ...Object.keys(secrets)].sort();
    expect(inValues).toEqual([...envExample.keys()].sort());
  });

  it('keeps the secret variables, and only those, under secrets', () => {
    expect(Object.keys(secrets).sort()).toEqual([...secretVariables].sort());
    expect(Object.keys(config).filter(isSecretVariable)).toEqual([]);
  });

  it('declares exactly those keys in values.schema.json', () => {
    expect(Object.keys(schema.properties['config']!.properties).sort()).toEqual(
      Object.keys(config).sort(),
    );
    expect(Object.keys(schema.properties['secrets']!.properties).sort()).toEqual(
      Object.keys(secrets).sort(),
    );
  });

  it('defaults to .env.example, except where a container needs otherwise', () => {
    for (const [name, value] of envExample) {
      const expected = containerDefaults[name] ?? value;
      const actual = name in config ? config[name] : secrets[name];
      expect(actual, name).toBe(expected);
    }
  });

  it('holds every value as a string, as an environment does', () => {
    for (const [name, value] of Object.entries({ ...config, ...secrets })) {
      expect(typeof value, name).toBe('string');
    }
  });
});

describe('the environment the templates give the app', () => {
  const helpers = defineBodies(
    readFileSync(path.join(chartDir, 'templates/_helpers.tpl'), 'utf8'),
    '_helpers.tpl',
  );

  it('passes every config and secrets variable through the ConfigMap and the Secret', () => {
    expect(helpers.get('clearroom.configData')).toContain('range $name, $value := .Values.config');
    expect(helpers.get('clearroom.secretData')).toContain('range $name, $value := .Values.secrets');
    const podSpec = helpers.get('clearroom.appPodSpec') ?? '';
    expect(podSpec).toMatch(/configMapRef:\s+name: \{\{ include "clearroom\.fullname" \$ctx \}\}/);
    expect(podSpec).toMatch(/secretRef:\s+name: \{\{ include "clearroom\.secretName" \$ctx \}\}/);
  });

  it('overrides only variables the app reads, plus its own CLEARROOM_* and Node.js ones', () => {
    const appEnv = helpers.get('clearroom.appEnv') ?? '';
    const names = [...appEnv.matchAll(/^- name: ([A-Z0-9_]+)$/gm)].map((match) => match[1]!);
    expect(names.length).toBeGreaterThan(5);
    for (const name of names) {
      const allowed =
        envExample.has(name) || name.startsWith('CLEARROOM_') || name === 'NODE_EXTRA_CA_CERTS';
      expect(allowed, `${name} is neither in .env.example nor a CLEARROOM_/Node.js variable`).toBe(
        true,
      );
    }
  });
});

describe('deploy/k8s base ConfigMap', () => {
  it('is keyed by the non-secret variables of .env.example, with the same defaults', () => {
    const configMap = readYamlFile(path.join(k8sDir, 'base/configmap.yaml'));
    const data = (configMap as { data: Record<string, string> }).data;
    const expected = Object.fromEntries(
      [...envExample]
        .filter(([name]) => !isSecretVariable(name))
        .map(([name, value]) => [name, containerDefaults[name] ?? value]),
    );
    expect(data).toEqual(expected);
  });
});

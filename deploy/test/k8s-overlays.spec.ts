import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { checkPodHardening, checkReferences, validateAgainstSchema } from './support/kubernetes.ts';
import { buildKustomization, podSpecOf, type Resource } from './support/kustomize.ts';
import { chartDir, k8sDir } from './support/paths.ts';
import type { JsonObject } from './support/yaml-files.ts';

const overlays = {
  'single-node': buildKustomization(path.join(k8sDir, 'overlays/single-node')),
  production: buildKustomization(path.join(k8sDir, 'overlays/production')),
};
/** Created by the admin before `kubectl apply -k` (see the production kustomization). */
const externalObjects = ['Secret/clearroom-secrets'];

const find = (resources: Resource[], kind: string, name: string) =>
  resources.find((resource) => resource.kind === kind && resource.metadata.name === name);
const appContainer = (resources: Resource[], name: string) =>
  (podSpecOf(find(resources, 'Deployment', name)!)!['containers'] as JsonObject[])[0]!;
const envValue = (container: JsonObject, name: string) =>
  (container['env'] as { name: string; value?: string }[]).find((entry) => entry.name === name)
    ?.value;
const configData = (resources: Resource[]) =>
  find(resources, 'ConfigMap', 'clearroom-config')!['data'] as Record<string, string>;

// The app's configuration rules, as the chart's schema states them for `config`.
const chartSchema = JSON.parse(readFileSync(path.join(chartDir, 'values.schema.json'), 'utf8')) as {
  properties: { config: object };
};
const validateConfig = new Ajv({ allErrors: true }).compile(chartSchema.properties.config);

describe.each(Object.entries(overlays))('overlay %s', (_, resources) => {
  it('builds into namespaced, labelled objects', () => {
    expect(resources.length).toBeGreaterThan(5);
    for (const resource of resources) {
      expect(resource.metadata['namespace'], resource.metadata.name).toBe('clearroom');
    }
  });

  it('validates against the Kubernetes schemas', () => {
    for (const resource of resources) expect(() => validateAgainstSchema(resource)).not.toThrow();
  });

  it('refers only to objects, ports and claims that exist', () => {
    expect(checkReferences(resources, externalObjects)).toEqual([]);
  });

  it('runs every pod non-root, read-only, without capabilities, with requests', () => {
    expect(checkPodHardening(resources)).toEqual([]);
  });

  it('gives the app a configuration it accepts', () => {
    const valid = validateConfig(configData(resources));
    expect(validateConfig.errors ?? [], JSON.stringify(validateConfig.errors)).toEqual([]);
    expect(valid).toBe(true);
  });

  it('starts each app container with the role its APP_ROLE names, probed on /api/health', () => {
    for (const deployment of resources.filter((resource) => resource.kind === 'Deployment')) {
      const container = appContainer(resources, deployment.metadata.name);
      expect(container['args']).toEqual([envValue(container, 'APP_ROLE')]);
      expect(container).toMatchObject({
        image: 'clearroom/clearroom:0.1.0',
        livenessProbe: { httpGet: { path: '/api/health/live', port: 'http' } },
        readinessProbe: { httpGet: { path: '/api/health/ready', port: 'http' } },
      });
    }
  });
});

describe('overlay single-node', () => {
  const resources = overlays['single-node'];

  it('runs one all-in-one pod, replaced (not rolled) on its ReadWriteOnce volume', () => {
    expect(find(resources, 'Deployment', 'clearroom-worker')).toBeUndefined();
    const api = find(resources, 'Deployment', 'clearroom-api')!;
    expect(api['spec']).toMatchObject({ replicas: 1, strategy: { type: 'Recreate' } });
    expect(api['spec']).not.toHaveProperty('strategy.rollingUpdate');
    expect(envValue(appContainer(resources, 'clearroom-api'), 'APP_ROLE')).toBe('all');
    expect(find(resources, 'PersistentVolumeClaim', 'clearroom-data')!['spec']).toMatchObject({
      accessModes: ['ReadWriteOnce'],
    });
  });

  it('keeps the embedded drivers: no external service', () => {
    expect(configData(resources)).toMatchObject({
      SEARCH_DRIVER: 'embedded',
      EXTRACTOR_DRIVER: 'embedded',
      LLM_DRIVER: 'embedded',
      QUEUE_DRIVER: 'database',
      AUTH_DRIVER: 'local',
    });
  });
});

describe('overlay production', () => {
  const resources = overlays.production;

  it('runs api and worker pods, scaled and protected from disruptions', () => {
    expect(envValue(appContainer(resources, 'clearroom-api'), 'APP_ROLE')).toBe('api');
    expect(envValue(appContainer(resources, 'clearroom-worker'), 'APP_ROLE')).toBe('worker');
    for (const name of ['clearroom-api', 'clearroom-worker']) {
      expect(find(resources, 'Deployment', name)!['spec']).toMatchObject({ replicas: 2 });
      expect(find(resources, 'HorizontalPodAutoscaler', name)).toBeDefined();
      expect(find(resources, 'PodDisruptionBudget', name)).toBeDefined();
    }
    expect(find(resources, 'PersistentVolumeClaim', 'clearroom-data')!['spec']).toMatchObject({
      accessModes: ['ReadWriteMany'],
    });
  });

  it('uses external MySQL, Redis, Elasticsearch, Tika, Ollama and Keycloak', () => {
    expect(configData(resources)).toMatchObject({
      QUEUE_DRIVER: 'bullmq',
      EXTRACTOR_DRIVER: 'tika',
      TIKA_URL: expect.stringMatching(/^https?:\/\//),
      SEARCH_DRIVER: 'elasticsearch',
      ELASTICSEARCH_URL: expect.stringMatching(/^https?:\/\//),
      LLM_DRIVER: 'ollama',
      OLLAMA_URL: expect.stringMatching(/^https?:\/\//),
      AUTH_DRIVER: 'oidc',
      OIDC_ISSUER_URL: expect.stringMatching(/^https:\/\/.+\/realms\/.+$/),
      OIDC_CLIENT_ID: expect.stringMatching(/.+/),
    });
  });

  it('requires the Secret the admin creates (DATABASE_URL, REDIS_URL, ...)', () => {
    for (const name of ['clearroom-api', 'clearroom-worker']) {
      expect(appContainer(resources, name)['envFrom']).toContainEqual({
        secretRef: { name: 'clearroom-secrets' },
      });
    }
  });
});

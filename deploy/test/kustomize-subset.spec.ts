import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildKustomization, resourceId, type Resource } from './support/kustomize.ts';
import { k8sDir } from './support/paths.ts';
import { parseYamlDocuments } from './support/yaml-files.ts';

const workDir = mkdtempSync(path.join(tmpdir(), 'clearroom-kustomize-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** A kustomization tree in a temporary directory: { 'base/kustomization.yaml': '...' }. */
function tree(name: string, files: Record<string, string>): string {
  const root = path.join(workDir, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const deployment = `apiVersion: apps/v1
kind: Deployment
metadata: { name: web }
spec:
  strategy: { type: RollingUpdate, rollingUpdate: { maxSurge: 1 } }
  template:
    spec:
      containers:
        - name: app
          image: example/app
          args: [a, b]
          env: [{ name: A, value: '1' }, { name: B, value: '2' }]
        - name: sidecar
          image: example/sidecar:1.0
`;

describe('the kustomize subset', () => {
  it('merges containers and env by name, replaces other lists, deletes null keys', () => {
    const root = tree('merge', {
      'kustomization.yaml': 'resources: [web.yaml]\npatches:\n  - path: patch.yaml\n',
      'web.yaml': deployment,
      'patch.yaml': `apiVersion: apps/v1
kind: Deployment
metadata: { name: web }
spec:
  strategy: { type: Recreate, rollingUpdate: null }
  template:
    spec:
      containers:
        - name: app
          args: [c]
          env: [{ name: B, value: '3' }, { name: C, value: '4' }]
`,
    });
    const [web] = buildKustomization(root);
    expect(web!['spec']).toEqual({
      strategy: { type: 'Recreate' },
      template: {
        spec: {
          containers: [
            {
              name: 'app',
              image: 'example/app',
              args: ['c'],
              env: [
                { name: 'A', value: '1' },
                { name: 'B', value: '3' },
                { name: 'C', value: '4' },
              ],
            },
            { name: 'sidecar', image: 'example/sidecar:1.0' },
          ],
        },
      },
    });
  });

  it('deletes a resource, sets namespace, labels, replicas and image tags', () => {
    const root = tree('transform', {
      'base/kustomization.yaml': 'resources: [web.yaml, cm.yaml]\n',
      'base/web.yaml': deployment,
      'base/cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: cfg }\n',
      'overlay/kustomization.yaml': `namespace: shop
resources: [../base]
labels: [{ pairs: { team: a }, includeTemplates: true }]
replicas: [{ name: web, count: 3 }]
images: [{ name: example/app, newName: mirror/app, newTag: '2.0' }]
patches: [{ path: drop.yaml }]
`,
      'overlay/drop.yaml':
        '$patch: delete\napiVersion: v1\nkind: ConfigMap\nmetadata: { name: cfg }\n',
    });
    const resources = buildKustomization(path.join(root, 'overlay'));
    expect(resources.map(resourceId)).toEqual(['Deployment/shop/web']);
    const [web] = resources as [Resource];
    expect(web.metadata).toEqual({ name: 'web', namespace: 'shop', labels: { team: 'a' } });
    expect(web['spec']).toMatchObject({
      replicas: 3,
      template: {
        metadata: { labels: { team: 'a' } },
        spec: { containers: [{ image: 'mirror/app:2.0' }, { image: 'example/sidecar:1.0' }] },
      },
    });
  });

  it('refuses what it does not implement, and patches of missing resources', () => {
    const unsupported = tree('unsupported', {
      'kustomization.yaml': 'resources: []\nconfigMapGenerator: [{ name: x, literals: [a=b] }]\n',
    });
    expect(() => buildKustomization(unsupported)).toThrow(
      /"configMapGenerator" is outside the kustomize subset/,
    );
    const missing = tree('missing', {
      'kustomization.yaml': 'resources: [web.yaml]\npatches: [{ path: p.yaml }]\n',
      'web.yaml': deployment,
      'p.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: api }\n',
    });
    expect(() => buildKustomization(missing)).toThrow(/no resource Deployment\/api to patch/);
  });
});

// Where kubectl is installed (it embeds kustomize), the subset must build exactly what it does.
const kubectl = findKubectl();
const inCi = process.env['CI'] === 'true' || process.env['CI'] === '1';
if (!kubectl) {
  if (inCi)
    throw new Error('kubectl is not on PATH; CI must compare the overlays with kubectl kustomize');
  console.warn(
    '*** NOTICE: kubectl is not installed: the comparison with `kubectl kustomize` is SKIPPED.',
  );
}

describe.skipIf(!kubectl)('the kustomize subset compared with kubectl kustomize', () => {
  it.each(['single-node', 'production'])('builds overlay %s exactly as kubectl does', (overlay) => {
    const dir = path.join(k8sDir, 'overlays', overlay);
    const output = execFileSync(kubectl!, ['kustomize', dir], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    const expected = byId(parseYamlDocuments(output, `kubectl kustomize ${overlay}`) as Resource[]);
    const actual = byId(buildKustomization(dir));
    expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
    expect(actual).toEqual(expected);
  });
});

function byId(resources: Resource[]): Record<string, Resource> {
  return Object.fromEntries(resources.map((resource) => [resourceId(resource), resource]));
}

function findKubectl(): string | undefined {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore', timeout: 30_000 });
    return 'kubectl';
  } catch {
    return undefined;
  }
}

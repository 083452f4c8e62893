import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkBlocks,
  defineBodies,
  namedTemplates,
  nindentMismatches,
  readActions,
  skeletonDocuments,
  unknownFunctions,
  valuesPaths,
} from './support/go-template.ts';
import { readValues, valueAt } from './support/helm-values.ts';
import { chartDir, listFiles } from './support/paths.ts';
import { isObject } from './support/yaml-files.ts';

// The helm binary is not available here: these checks read the templates without rendering them.
const templatesDir = path.join(chartDir, 'templates');
const templateFiles = listFiles(templatesDir, ['.yaml', '.tpl', '.txt']).map((file) => ({
  name: path.relative(templatesDir, file),
  text: readFileSync(file, 'utf8'),
}));
const manifestTemplates = templateFiles.filter((file) => file.name.endsWith('.yaml'));
const values = readValues();
const actionsOf = (file: { name: string; text: string }) => readActions(file.text, file.name);
const helpersText = templateFiles.find((file) => file.name === '_helpers.tpl')!.text;
const appPodSpec = defineBodies(helpersText, '_helpers.tpl').get('clearroom.appPodSpec')!;

describe.each(templateFiles)('template $name', (file) => {
  it('closes every if/range/with/define with an end', () => {
    expect(checkBlocks(actionsOf(file), file.name)).toEqual([]);
  });

  it('reads only values that values.yaml defines', () => {
    const missing = valuesPaths(actionsOf(file))
      .filter(({ path: valuesPath }) => valueAt(values, valuesPath) === undefined)
      .map(({ path: valuesPath, line }) => `${file.name}:${line} .Values.${valuesPath}`);
    expect(missing).toEqual([]);
  });

  it('inserts each nindent block at the column of its action', () => {
    expect(nindentMismatches(file.text, file.name)).toEqual([]);
  });

  it('calls only Go template, Helm and Sprig functions', () => {
    expect(
      unknownFunctions(actionsOf(file)).map(({ name, line }) => `${file.name}:${line} ${name}`),
    ).toEqual([]);
  });
});

describe('named templates', () => {
  const all = templateFiles.flatMap((file) => actionsOf(file));
  const { defined, used } = namedTemplates(all);

  it('are all defined where they are included', () => {
    expect(used.length).toBeGreaterThan(20);
    expect([...new Set(used.filter((name) => !defined.includes(name)))]).toEqual([]);
  });

  it('are each defined once and all used', () => {
    expect(defined.filter((name, i) => defined.indexOf(name) !== i)).toEqual([]);
    expect(defined.filter((name) => !used.includes(name))).toEqual([]);
  });
});

describe.each(manifestTemplates)('manifest template $name', (file) => {
  it('is YAML once its actions are taken out, each document a Kubernetes object', () => {
    const documents = skeletonDocuments(file.text, file.name);
    expect(documents.length).toBeGreaterThan(0);
    for (const document of documents) {
      expect(isObject(document)).toBe(true);
      expect(Object.keys(document as object)).toEqual(
        expect.arrayContaining(['apiVersion', 'kind', 'metadata']),
      );
    }
  });

  it('names every image through clearroom.image (so global.imageRegistry applies)', () => {
    for (const line of file.text.split('\n').filter((text) => /^\s*image:/.test(text))) {
      expect(line).toMatch(/image: \{\{ include "clearroom\.(image|appImage)" /);
    }
  });

  it('gives every pod a security context and every container one too', () => {
    const podKinds = ['Deployment', 'StatefulSet', 'Job', 'Pod'];
    const documents = skeletonDocuments(file.text, file.name);
    const pods = (documents as { kind: string }[]).filter((document) =>
      podKinds.includes(document.kind),
    );
    // The api and worker pods come from the clearroom.appPodSpec helper.
    const text = file.text.includes('"clearroom.appPodSpec"')
      ? `${file.text}\n${appPodSpec}`
      : file.text;
    const containers = text.match(/^\s*image: /gm)?.length ?? 0;
    const contexts = text.match(/^\s*securityContext:/gm)?.length ?? 0;
    expect(contexts).toBe(pods.length + containers);
  });
});

describe('app pods', () => {
  const helpers = helpersText;

  it('probe /api/health/live and /api/health/ready on the http port', () => {
    expect(helpers).toMatch(
      /startupProbe:\n\s+httpGet: \{ path: \/api\/health\/live, port: http \}/,
    );
    expect(helpers).toMatch(
      /livenessProbe:\n\s+httpGet: \{ path: \/api\/health\/live, port: http \}/,
    );
    expect(helpers).toMatch(
      /readinessProbe:\n\s+httpGet: \{ path: \/api\/health\/ready, port: http \}/,
    );
  });

  it('run as uid 10001 with a read-only root, all capabilities dropped and seccomp RuntimeDefault', () => {
    expect(values['podSecurityContext']).toMatchObject({
      runAsNonRoot: true,
      runAsUser: 10001,
      seccompProfile: { type: 'RuntimeDefault' },
    });
    expect(values['containerSecurityContext']).toMatchObject({
      runAsNonRoot: true,
      runAsUser: 10001,
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
      seccompProfile: { type: 'RuntimeDefault' },
    });
  });

  it('mount a writable /tmp and the data volume at DATA_DIR', () => {
    expect(helpers).toMatch(/- name: tmp\n\s+mountPath: \/tmp/);
    expect(helpers).toMatch(/- name: data\n\s+mountPath: \{\{ \.Values\.config\.DATA_DIR \}\}/);
  });

  it('expose the metrics port apart from the Service the Ingress routes to', () => {
    const service = templateFiles.find((file) => file.name === 'service.yaml')!.text;
    expect(service).not.toContain('metrics');
    expect(templateFiles.find((file) => file.name === 'service-metrics.yaml')!.text).toContain(
      'targetPort: metrics',
    );
  });

  it('migrate in a pre-install/pre-upgrade hook Job running the image with "migrate"', () => {
    const job = templateFiles.find((file) => file.name === 'job-migrate.yaml')!.text;
    expect(job).toContain('helm.sh/hook: pre-install,pre-upgrade');
    expect(job).toContain('args: ["migrate"]');
  });

  it('are checked by a helm test pod calling /api/health/ready', () => {
    const test = templateFiles.find((file) => file.name === 'tests/test-api-ready.yaml')!.text;
    expect(test).toContain('helm.sh/hook: test');
    expect(test).toContain('/api/health/ready');
  });
});

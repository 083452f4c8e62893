/**
 * The subset of kustomize that deploy/k8s uses, so the tests can build the overlays without a
 * kustomize binary. Supported kustomization fields: resources (files and directories),
 * namespace, labels (without includeSelectors), images, replicas and patches (strategic merge,
 * by kind and name, `$patch: delete` included). Anything else is refused, so the overlays cannot
 * drift outside what is tested. Applied in kustomize's order: patches, namespace, labels,
 * replicas, images. When kubectl is installed, a test compares this builder with
 * `kubectl kustomize` on every overlay.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { relative } from './paths.ts';
import {
  isObject,
  readYamlDocuments,
  readYamlFile,
  type Json,
  type JsonObject,
} from './yaml-files.ts';

export type Resource = JsonObject & {
  apiVersion: string;
  kind: string;
  metadata: JsonObject & { name: string };
};

const supportedFields = new Set([
  'apiVersion',
  'kind',
  'resources',
  'namespace',
  'labels',
  'images',
  'replicas',
  'patches',
]);

export function buildKustomization(dir: string): Resource[] {
  const file = path.join(dir, 'kustomization.yaml');
  const kustomization = readYamlFile(file);
  if (!isObject(kustomization)) throw new Error(`${relative(file)} is not a mapping`);
  for (const field of Object.keys(kustomization)) {
    if (!supportedFields.has(field)) {
      throw new Error(
        `${relative(file)}: "${field}" is outside the kustomize subset the tests build`,
      );
    }
  }
  let resources = list(kustomization['resources'], file).flatMap((entry) => {
    if (typeof entry !== 'string') throw new Error(`${relative(file)}: resources must be paths`);
    return loadResources(path.join(dir, entry));
  });
  for (const patch of list(kustomization['patches'], file)) {
    if (!isObject(patch) || typeof patch['path'] !== 'string' || Object.keys(patch).length !== 1) {
      throw new Error(`${relative(file)}: only "patches: - path: <file>" is supported`);
    }
    const patchFile = path.join(dir, patch['path']);
    for (const document of readYamlDocuments(patchFile)) {
      resources = applyStrategicMergePatch(resources, asResource(document, patchFile), patchFile);
    }
  }
  const namespace = kustomization['namespace'];
  if (typeof namespace === 'string') {
    for (const resource of resources) resource.metadata['namespace'] = namespace;
  }
  for (const entry of list(kustomization['labels'], file)) applyLabels(resources, entry, file);
  for (const entry of list(kustomization['replicas'], file)) applyReplicas(resources, entry, file);
  for (const entry of list(kustomization['images'], file)) applyImage(resources, entry, file);
  return resources;
}

function list(value: Json | undefined, file: string): Json[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new Error(`${relative(file)}: expected a list`);
  return value;
}

function loadResources(target: string): Resource[] {
  if (!existsSync(target)) throw new Error(`${relative(target)} does not exist`);
  if (statSync(target).isDirectory()) return buildKustomization(target);
  return readYamlDocuments(target).map((document) => asResource(document, target));
}

function asResource(value: unknown, file: string): Resource {
  if (
    !isObject(value) ||
    typeof value['apiVersion'] !== 'string' ||
    typeof value['kind'] !== 'string' ||
    !isObject(value['metadata']) ||
    typeof value['metadata']['name'] !== 'string'
  ) {
    throw new Error(`${relative(file)}: a document without apiVersion, kind and metadata.name`);
  }
  return value as Resource;
}

export const resourceId = (resource: Resource) =>
  `${resource.kind}/${typeof resource.metadata['namespace'] === 'string' ? `${resource.metadata['namespace']}/` : ''}${resource.metadata.name}`;

// --- Strategic merge -------------------------------------------------------------------------

/** Lists Kubernetes merges item by item (patchMergeKey), by field name; other lists replace. */
const mergeKeys: Record<string, (item: JsonObject) => string> = {
  containers: () => 'name',
  initContainers: () => 'name',
  env: () => 'name',
  volumes: () => 'name',
  imagePullSecrets: () => 'name',
  volumeMounts: () => 'mountPath',
  topologySpreadConstraints: () => 'topologyKey',
  // Container ports merge by containerPort, Service ports by port.
  ports: (item) => ('containerPort' in item ? 'containerPort' : 'port'),
};

function applyStrategicMergePatch(
  resources: Resource[],
  patch: Resource,
  file: string,
): Resource[] {
  const index = resources.findIndex(
    (resource) =>
      resource.kind === patch.kind &&
      resource.metadata.name === patch.metadata.name &&
      apiGroup(resource.apiVersion) === apiGroup(patch.apiVersion),
  );
  if (index === -1) {
    throw new Error(`${relative(file)}: no resource ${patch.kind}/${patch.metadata.name} to patch`);
  }
  if (patch['$patch'] === 'delete') return resources.filter((_, i) => i !== index);
  if (patch['$patch'] !== undefined) {
    throw new Error(`${relative(file)}: only "$patch: delete" is supported`);
  }
  const patched = [...resources];
  patched[index] = mergeObject(resources[index]!, patch, file) as Resource;
  return patched;
}

const apiGroup = (apiVersion: string) => (apiVersion.includes('/') ? apiVersion.split('/')[0] : '');

function mergeObject(target: JsonObject, patch: JsonObject, file: string): JsonObject {
  const merged: JsonObject = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    if (key.startsWith('$'))
      throw new Error(`${relative(file)}: directive ${key} is not supported`);
    const current = merged[key];
    if (value === null) delete merged[key];
    else if (isObject(current) && isObject(value)) merged[key] = mergeObject(current, value, file);
    else if (Array.isArray(current) && Array.isArray(value) && key in mergeKeys) {
      merged[key] = mergeList(current, value, key, file);
    } else merged[key] = structuredClone(value);
  }
  return merged;
}

function mergeList(target: Json[], patch: Json[], field: string, file: string): Json[] {
  const merged = [...target];
  for (const item of patch) {
    if (!isObject(item)) throw new Error(`${relative(file)}: ${field} items must be mappings`);
    const key = mergeKeys[field]!(item);
    const position = merged.findIndex(
      (existing) => isObject(existing) && existing[key] === item[key],
    );
    if (position === -1) merged.push(structuredClone(item));
    else merged[position] = mergeObject(merged[position] as JsonObject, item, file);
  }
  return merged;
}

// --- Transformers ----------------------------------------------------------------------------

const workloadKinds = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'Job']);

function applyLabels(resources: Resource[], entry: Json, file: string): void {
  if (!isObject(entry) || !isObject(entry['pairs'])) {
    throw new Error(`${relative(file)}: labels entries need "pairs"`);
  }
  if (entry['includeSelectors'] === true) {
    throw new Error(
      `${relative(file)}: labels with includeSelectors are outside the tested subset`,
    );
  }
  const pairs = entry['pairs'];
  for (const resource of resources) {
    resource.metadata['labels'] = { ...asObject(resource.metadata['labels']), ...pairs };
    const template = isObject(resource['spec']) ? resource['spec']['template'] : undefined;
    if (
      entry['includeTemplates'] === true &&
      workloadKinds.has(resource.kind) &&
      isObject(template)
    ) {
      const metadata = asObject(template['metadata']);
      metadata['labels'] = { ...asObject(metadata['labels']), ...pairs };
      template['metadata'] = metadata;
    }
  }
}

function applyReplicas(resources: Resource[], entry: Json, file: string): void {
  if (!isObject(entry) || typeof entry['name'] !== 'string' || typeof entry['count'] !== 'number') {
    throw new Error(`${relative(file)}: replicas entries need a name and a count`);
  }
  const targets = resources.filter(
    (resource) =>
      ['Deployment', 'StatefulSet', 'ReplicaSet'].includes(resource.kind) &&
      resource.metadata.name === entry['name'],
  );
  if (targets.length === 0) throw new Error(`${relative(file)}: no workload ${entry['name']}`);
  for (const target of targets)
    target['spec'] = { ...asObject(target['spec']), replicas: entry['count'] };
}

function applyImage(resources: Resource[], entry: Json, file: string): void {
  if (!isObject(entry) || typeof entry['name'] !== 'string') {
    throw new Error(`${relative(file)}: images entries need a name`);
  }
  for (const container of podContainers(resources)) {
    const image = container['image'];
    if (typeof image !== 'string') continue;
    const { name, tag, digest } = splitImage(image);
    if (name !== entry['name']) continue;
    const newName = typeof entry['newName'] === 'string' ? entry['newName'] : name;
    if (typeof entry['digest'] === 'string') container['image'] = `${newName}@${entry['digest']}`;
    else if (typeof entry['newTag'] === 'string')
      container['image'] = `${newName}:${entry['newTag']}`;
    else container['image'] = `${newName}${digest ? `@${digest}` : tag ? `:${tag}` : ''}`;
  }
}

export function splitImage(image: string): { name: string; tag?: string; digest?: string } {
  const [withoutDigest, digest] = image.split('@') as [string, string | undefined];
  const lastSlash = withoutDigest.lastIndexOf('/');
  const colon = withoutDigest.indexOf(':', lastSlash + 1);
  if (colon === -1) return { name: withoutDigest, ...(digest ? { digest } : {}) };
  return {
    name: withoutDigest.slice(0, colon),
    tag: withoutDigest.slice(colon + 1),
    ...(digest ? { digest } : {}),
  };
}

/** The containers and init containers of every workload's pod template. */
export function podContainers(resources: Resource[]): JsonObject[] {
  return resources.flatMap((resource) => {
    const podSpec = podSpecOf(resource);
    if (!podSpec) return [];
    return [...asList(podSpec['initContainers']), ...asList(podSpec['containers'])].filter(
      isObject,
    );
  });
}

export function podSpecOf(resource: Resource): JsonObject | undefined {
  if (resource.kind === 'Pod') return isObject(resource['spec']) ? resource['spec'] : undefined;
  const spec = resource['spec'];
  if (!isObject(spec) || !isObject(spec['template'])) return undefined;
  const podSpec = spec['template']['spec'];
  return isObject(podSpec) ? podSpec : undefined;
}

const asObject = (value: Json | undefined): JsonObject => (isObject(value) ? value : {});
const asList = (value: Json | undefined): Json[] => (Array.isArray(value) ? value : []);

/**
 * Validation of Kubernetes objects against the API's JSON schemas (kubernetes-models), plus the
 * references between objects that the schemas cannot see (a Service selecting no pod, a claim
 * that does not exist...).
 */
import { HTTPRoute } from '@kubernetes-models/gateway-api/gateway.networking.k8s.io/v1/HTTPRoute';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { StatefulSet } from 'kubernetes-models/apps/v1/StatefulSet';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import { Pod } from 'kubernetes-models/v1/Pod';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { ServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import { podSpecOf, resourceId, type Resource } from './kustomize.ts';
import { isObject, type Json, type JsonObject } from './yaml-files.ts';

type Model = { validate(): void };
const models: Record<string, new (data: never) => Model> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'v1/ServiceAccount': ServiceAccount,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'v1/Pod': Pod,
  'apps/v1/Deployment': Deployment,
  'apps/v1/StatefulSet': StatefulSet,
  'batch/v1/Job': Job,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'gateway.networking.k8s.io/v1/HTTPRoute': HTTPRoute,
};

/** Throws, naming the object, when it breaks its kind's schema or its kind is unknown here. */
export function validateAgainstSchema(resource: Resource): void {
  const model = models[`${resource.apiVersion}/${resource.kind}`];
  if (!model)
    throw new Error(
      `${resourceId(resource)}: no schema for ${resource.apiVersion} ${resource.kind}`,
    );
  try {
    new model(resource as never).validate();
  } catch (error) {
    throw new Error(
      `${resourceId(resource)}: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
}

const get = (value: Json | undefined, ...keys: string[]): Json | undefined => {
  let current = value;
  for (const key of keys) current = isObject(current) ? current[key] : undefined;
  return current;
};
const asObject = (value: Json | undefined): JsonObject => (isObject(value) ? value : {});
/** A value for a message: strings as they are, anything else as JSON. */
const text = (value: Json | undefined) =>
  typeof value === 'string' ? value : JSON.stringify(value);
const asList = (value: Json | undefined): Json[] => (Array.isArray(value) ? value : []);

const matches = (selector: JsonObject, labels: JsonObject) =>
  Object.keys(selector).length > 0 &&
  Object.entries(selector).every(([key, value]) => labels[key] === value);

const podLabels = (resource: Resource) =>
  asObject(get(resource, 'spec', 'template', 'metadata', 'labels'));

/**
 * References between the objects: selectors that select, ports and objects that exist.
 * `external` names objects created outside this set (e.g. a Secret the admin creates).
 */
export function checkReferences(resources: Resource[], external: string[] = []): string[] {
  const errors: string[] = [];
  const ids = new Set(resources.map(resourceId));
  const named = (kind: string, name: string) =>
    resources.some((r) => r.kind === kind && r.metadata.name === name) ||
    external.includes(`${kind}/${name}`);
  const workloads = resources.filter((r) => podSpecOf(r) && r.kind !== 'Pod');

  if (ids.size !== resources.length) errors.push('two objects share a kind, namespace and name');
  for (const workload of workloads) {
    const id = resourceId(workload);
    const selector = asObject(get(workload, 'spec', 'selector', 'matchLabels'));
    if (workload.kind !== 'Job' && !matches(selector, podLabels(workload))) {
      errors.push(`${id}: spec.selector does not match its pod template's labels`);
    }
    const podSpec = podSpecOf(workload)!;
    const volumes = asList(podSpec['volumes']).filter(isObject);
    for (const volume of volumes) {
      const claim = get(volume, 'persistentVolumeClaim', 'claimName');
      if (typeof claim === 'string' && !named('PersistentVolumeClaim', claim)) {
        errors.push(`${id}: claim ${claim} does not exist`);
      }
      const configMap = get(volume, 'configMap', 'name');
      if (typeof configMap === 'string' && !named('ConfigMap', configMap)) {
        errors.push(`${id}: ConfigMap ${configMap} does not exist`);
      }
    }
    const serviceAccount = podSpec['serviceAccountName'];
    if (typeof serviceAccount === 'string' && !named('ServiceAccount', serviceAccount)) {
      errors.push(`${id}: ServiceAccount ${serviceAccount} does not exist`);
    }
    for (const container of asList(podSpec['containers']).filter(isObject)) {
      const volumeNames = new Set(volumes.map((v) => v['name']));
      for (const mount of asList(container['volumeMounts']).filter(isObject)) {
        if (!volumeNames.has(mount['name'] ?? null)) {
          errors.push(`${id}: mount ${text(mount['name'])} names no volume`);
        }
      }
      for (const source of asList(container['envFrom']).filter(isObject)) {
        for (const kind of ['ConfigMap', 'Secret'] as const) {
          const ref = asObject(source[kind === 'ConfigMap' ? 'configMapRef' : 'secretRef']);
          if (
            typeof ref['name'] === 'string' &&
            ref['optional'] !== true &&
            !named(kind, ref['name'])
          ) {
            errors.push(`${id}: ${kind} ${ref['name']} does not exist`);
          }
        }
      }
    }
  }
  for (const service of resources.filter((r) => r.kind === 'Service')) {
    const selector = asObject(get(service, 'spec', 'selector'));
    const selected = workloads.filter((w) => matches(selector, podLabels(w)));
    if (selected.length === 0) errors.push(`${resourceId(service)}: selects no pod`);
    for (const port of asList(get(service, 'spec', 'ports')).filter(isObject)) {
      const target = port['targetPort'];
      if (typeof target !== 'string') continue;
      for (const workload of selected) {
        const names = asList(podSpecOf(workload)!['containers'])
          .filter(isObject)
          .flatMap((c) =>
            asList(c['ports'])
              .filter(isObject)
              .map((p) => p['name']),
          );
        if (!names.includes(target)) {
          errors.push(
            `${resourceId(service)}: ${resourceId(workload)} has no port named ${target}`,
          );
        }
      }
    }
  }
  for (const ingress of resources.filter((r) => r.kind === 'Ingress')) {
    for (const rule of asList(get(ingress, 'spec', 'rules')).filter(isObject)) {
      for (const path of asList(get(rule, 'http', 'paths')).filter(isObject)) {
        const name = get(path, 'backend', 'service', 'name');
        const port = get(path, 'backend', 'service', 'port', 'name');
        const service = resources.find((r) => r.kind === 'Service' && r.metadata.name === name);
        const portNames = asList(get(service, 'spec', 'ports'))
          .filter(isObject)
          .map((p) => p['name']);
        if (!service || !portNames.includes(port ?? null)) {
          errors.push(`${resourceId(ingress)}: backend ${text(name)}:${text(port)} does not exist`);
        }
      }
    }
  }
  for (const hpa of resources.filter((r) => r.kind === 'HorizontalPodAutoscaler')) {
    const target = asObject(get(hpa, 'spec', 'scaleTargetRef'));
    const kind = text(target['kind']);
    const name = text(target['name']);
    if (!named(kind, name)) {
      errors.push(`${resourceId(hpa)}: scales ${kind}/${name}, which does not exist`);
    }
  }
  for (const pdb of resources.filter((r) => r.kind === 'PodDisruptionBudget')) {
    const selector = asObject(get(pdb, 'spec', 'selector', 'matchLabels'));
    if (!workloads.some((w) => matches(selector, podLabels(w)))) {
      errors.push(`${resourceId(pdb)}: selects no pod`);
    }
  }
  return errors;
}

/**
 * The hardening every Clearroom pod carries: non-root, seccomp RuntimeDefault, read-only root
 * filesystem, no privilege escalation, all capabilities dropped, resources requested.
 */
export function checkPodHardening(resources: Resource[]): string[] {
  const errors: string[] = [];
  for (const resource of resources) {
    const podSpec = podSpecOf(resource);
    if (!podSpec) continue;
    const id = resourceId(resource);
    const pod = asObject(podSpec['securityContext']);
    if (pod['runAsNonRoot'] !== true) errors.push(`${id}: pod runAsNonRoot is not true`);
    if (get(pod, 'seccompProfile', 'type') !== 'RuntimeDefault') {
      errors.push(`${id}: pod seccompProfile is not RuntimeDefault`);
    }
    for (const container of [
      ...asList(podSpec['initContainers']),
      ...asList(podSpec['containers']),
    ]) {
      const name = `${id} container ${text(get(container, 'name'))}`;
      const context = asObject(get(container, 'securityContext'));
      if (context['readOnlyRootFilesystem'] !== true)
        errors.push(`${name}: root filesystem is writable`);
      if (context['allowPrivilegeEscalation'] !== false)
        errors.push(`${name}: may escalate privileges`);
      if (!asList(get(context, 'capabilities', 'drop')).includes('ALL')) {
        errors.push(`${name}: capabilities are not all dropped`);
      }
      if (Object.keys(asObject(get(container, 'resources', 'requests'))).length === 0) {
        errors.push(`${name}: requests no resources`);
      }
    }
  }
  return errors;
}

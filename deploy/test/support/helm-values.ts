import path from 'node:path';
import { chartDir, listFiles } from './paths.ts';
import { isObject, readYamlFile, type JsonObject } from './yaml-files.ts';

export const valuesFile = path.join(chartDir, 'values.yaml');
export const exampleFiles = listFiles(path.join(chartDir, 'examples'), ['.yaml']);

export function readValues(): JsonObject {
  return asObject(readYamlFile(valuesFile), valuesFile);
}

export function readValuesFile(file: string): JsonObject {
  return asObject(readYamlFile(file), file);
}

function asObject(value: unknown, file: string): JsonObject {
  if (!isObject(value)) throw new Error(`${file} is not a YAML mapping`);
  return value;
}

/**
 * Helm's coalescing of a user values file over the chart's values: mappings merge key by key,
 * lists and scalars replace, and `null` removes the chart's key.
 */
export function mergeValues(base: JsonObject, override: JsonObject): JsonObject {
  const merged: JsonObject = structuredClone(base);
  for (const [key, value] of Object.entries(override)) {
    const current = merged[key];
    if (value === null) delete merged[key];
    else if (isObject(current) && isObject(value)) merged[key] = mergeValues(current, value);
    else merged[key] = structuredClone(value);
  }
  return merged;
}

/** The value at a dotted path, or undefined when a step is missing. */
export function valueAt(values: JsonObject, dottedPath: string): unknown {
  let current: unknown = values;
  for (const key of dottedPath.split('.')) {
    if (!isObject(current) || !(key in current)) return undefined;
    current = current[key];
  }
  return current;
}

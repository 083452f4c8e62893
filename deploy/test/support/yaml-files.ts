import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';
import { relative } from './paths.ts';

/** Parses every document of a YAML file; a syntax error throws, naming the file and the line. */
export function readYamlDocuments(file: string): unknown[] {
  return parseYamlDocuments(readFileSync(file, 'utf8'), relative(file));
}

export function parseYamlDocuments(text: string, source: string): unknown[] {
  const documents = parseAllDocuments(text, { prettyErrors: true });
  const values: unknown[] = [];
  for (const document of documents) {
    const [error] = document.errors;
    if (error) throw new Error(`${source}: ${error.message}`);
    const value: unknown = document.toJS();
    if (value !== null && value !== undefined) values.push(value);
  }
  return values;
}

/** A file holding exactly one YAML document. */
export function readYamlFile(file: string): unknown {
  const documents = readYamlDocuments(file);
  if (documents.length !== 1) {
    throw new Error(`${relative(file)}: expected one YAML document, found ${documents.length}`);
  }
  return documents[0];
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

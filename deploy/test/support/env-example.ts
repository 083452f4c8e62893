import { readFileSync } from 'node:fs';
import { envExamplePath } from './paths.ts';

/** The variables of .env.example that hold secrets (the team's fixed list). */
export const secretVariables = [
  'DATABASE_URL',
  'REDIS_URL',
  'ELASTICSEARCH_API_KEY',
  'OIDC_CLIENT_SECRET',
] as const;

/** Every `NAME=value` line of .env.example, in file order. */
export function readEnvExample(): Map<string, string> {
  const variables = new Map<string, string>();
  for (const line of readFileSync(envExamplePath, 'utf8').split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (!match) continue;
    const [, name, value] = match as unknown as [string, string, string];
    if (variables.has(name)) throw new Error(`.env.example sets ${name} twice`);
    variables.set(name, value);
  }
  return variables;
}

export function isSecretVariable(name: string): boolean {
  return (secretVariables as readonly string[]).includes(name);
}

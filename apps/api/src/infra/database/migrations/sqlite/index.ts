import type { MigrationObject } from '@mikro-orm/core';
import { InitialSchema } from './0001-initial-schema.js';

/** Applied in order; a name, once released, never changes. */
export const sqliteMigrations: MigrationObject[] = [
  { name: '0001-initial-schema', class: InitialSchema },
];

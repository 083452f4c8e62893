import type { MigrationObject } from '@mikro-orm/core';
import { InitialSchema } from './0001-initial-schema.js';
import { UserDataVersion } from './0002-user-data-version.js';
import { Documents } from './0003-documents.js';
import { Chat } from './0004-chat.js';
import { SingleSignOn } from './0005-single-sign-on.js';
import { AnalysisNote } from './0006-analysis-note.js';
import { ValuationReadFromText } from './0007-valuation-read-from-text.js';
import { Clauses } from './0008-clauses.js';
import { Reviews } from './0009-reviews.js';
import { DealTeams } from './0010-deal-teams.js';

/** Applied in order; a name, once released, never changes. */
export const sqliteMigrations: MigrationObject[] = [
  { name: '0001-initial-schema', class: InitialSchema },
  { name: '0002-user-data-version', class: UserDataVersion },
  { name: '0003-documents', class: Documents },
  { name: '0004-chat', class: Chat },
  { name: '0005-single-sign-on', class: SingleSignOn },
  { name: '0006-analysis-note', class: AnalysisNote },
  { name: '0007-valuation-read-from-text', class: ValuationReadFromText },
  { name: '0008-clauses', class: Clauses },
  { name: '0009-reviews', class: Reviews },
  { name: '0010-deal-teams', class: DealTeams },
];

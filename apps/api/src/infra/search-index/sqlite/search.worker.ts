import { setPriority } from 'node:os';
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import type { SearchHit } from '../search-index.port.ts';
import { type ReaderQuery, SqliteSearchReader } from './sqlite-search-reader.ts';

export type SearchTask = { file: string; query: ReaderQuery };

let reader: { file: string; reader: SqliteSearchReader } | undefined;

// This thread, not the process (Linux keeps a nice value per thread): when the cores are busy,
// the event loop that answers requests goes first, and a search waits a little longer.
setPriority(0, 10);

/**
 * The entry point of the search threads (piscina calls the default export with each task): each
 * thread reads the index file on a read-only connection of its own, opened on its first task.
 */
export default function search(task: SearchTask): SearchHit[] {
  if (reader?.file !== task.file) {
    const db = new Database(task.file, { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    sqliteVec.load(db);
    reader = { file: task.file, reader: new SqliteSearchReader(db) };
  }
  return reader.reader.search(task.query);
}

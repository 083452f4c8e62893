import type Database from 'better-sqlite3';
import { queryTerms, toFtsMatch } from './fts-query.ts';
import { candidateCount, fuseRankings } from '../../../common/text/rrf.ts';
import type { SearchHit, SearchQuery } from '../search-index.port.ts';
import { planTerms, rescore } from './term-budget.ts';

/** Beyond this many remembered counts, they are counted afresh. */
const MAX_REMEMBERED_COUNTS = 50_000;

type ChunkRow = {
  id: number;
  document_id: number;
  page_number: number;
  start: number;
  end: number;
  text: string;
};

/** The query a search thread receives: a SearchQuery without its AbortSignal, which cannot cross. */
export type ReaderQuery = Omit<SearchQuery, 'signal'>;

/**
 * The read side of the embedded search index, on a connection of its own (the writer's, or a
 * read-only one in a search thread): BM25 from FTS5 within a budget of postings, exact cosine
 * kNN from sqlite-vec, fused by RRF. Synchronous, as better-sqlite3 is.
 */
export class SqliteSearchReader {
  private readonly statements: ReturnType<typeof prepareReadStatements>;
  private vectors: {
    dimensions: number;
    nearest: Database.Statement;
    nearestInDocuments: Database.Statement;
  } | null = null;
  /**
   * Document frequencies ("p<project>:<word>") and chunk counts ("p<project>", "d<document>"),
   * valid while the file's data_version (any connection's commit changes it) stays the same.
   */
  private readonly counts = new Map<string, number>();
  private countsVersion = -1;
  private readonly db: Database.Database;

  constructor(db: Database.Database) {
    this.db = db;
    this.statements = prepareReadStatements(db);
  }

  /** Called by the writer on its own connection, whose commits leave data_version unchanged. */
  forgetCounts(): void {
    this.counts.clear();
  }

  search(query: ReaderQuery): SearchHit[] {
    if (query.documentIds?.length === 0) return [];
    this.dropStaleCounts();
    const limit = candidateCount(query.k);
    const rankings = [this.lexicalRanking(query, limit)];
    if (query.vector) rankings.push(this.vectorRanking(query.vector, query, limit));
    const fused = fuseRankings(rankings).slice(0, query.k);
    const rows = this.rowsOf(fused.map((hit) => hit.id));
    return fused.flatMap(({ id, score }) => {
      const row = rows.get(id);
      if (!row) return [];
      const { document_id: documentId, page_number: pageNumber, start, end, text } = row;
      return [{ documentId, pageNumber, start, end, text, score }];
    });
  }

  /**
   * BM25 ranking. The commonest words beyond the postings budget (see term-budget.ts) only score
   * the candidates that the rarer words found.
   */
  private lexicalRanking(query: ReaderQuery, limit: number): number[] {
    const { projectId, documentIds } = query;
    const projectRows = this.count(`p${projectId}`, () =>
      this.statements.projectRows.get(projectId),
    );
    const documentRows = (documentIds ?? []).reduce(
      (sum, id) => sum + this.count(`d${id}`, () => this.statements.documentRows.get(id)),
      0,
    );
    const plan = planTerms(
      queryTerms(query.text).map((term) => ({
        term,
        documentFrequency: this.count(`p${projectId}:${term}`, () => {
          const match = toFtsMatch([term], projectId);
          return match === null ? undefined : this.statements.matches.get(match);
        }),
      })),
      projectRows,
      documentIds ? documentRows / Math.max(1, projectRows) : 1,
    );
    const match = toFtsMatch(plan.searched, projectId, documentIds);
    if (!match) return [];
    if (plan.scored.length === 0) {
      return (this.statements.lexical.all(match, limit) as { id: number }[]).map((row) => row.id);
    }
    const found = this.statements.lexical.all(match, 2 * limit) as { id: number; bm25: number }[];
    const rows = this.rowsOf(found.map((row) => row.id));
    const candidates = found.map((row) => ({ ...row, text: rows.get(row.id)?.text ?? '' }));
    return rescore(candidates, plan.scored).slice(0, limit);
  }

  private vectorRanking(vector: Float32Array, query: ReaderQuery, limit: number): number[] {
    // Vectors of another length come from another model: they cannot be compared.
    const vectors = this.vectorStatements(vector.length);
    if (!vectors) return [];
    const [k, projectId] = [BigInt(limit), BigInt(query.projectId)];
    const rows = query.documentIds
      ? vectors.nearestInDocuments.all(vector, k, projectId, JSON.stringify(query.documentIds))
      : vectors.nearest.all(vector, k, projectId);
    return (rows as { id: number }[]).map((row) => row.id);
  }

  /** The kNN statements for vectors of this length, or null when the index holds none such. */
  private vectorStatements(dimensions: number) {
    if (this.vectors?.dimensions !== dimensions) {
      // The writer creates (or recreates, for another model) the vector table at any time.
      const current = vectorDimensions(this.db);
      this.vectors = current === null ? null : { dimensions: current, ...prepareKnn(this.db) };
    }
    return this.vectors?.dimensions === dimensions ? this.vectors : null;
  }

  private rowsOf(ids: number[]): Map<number, ChunkRow> {
    const rows = this.statements.rows.all(JSON.stringify(ids)) as ChunkRow[];
    return new Map(rows.map((row) => [row.id, row]));
  }

  private dropStaleCounts(): void {
    const version = this.statements.dataVersion.get() as number;
    if (version !== this.countsVersion || this.counts.size >= MAX_REMEMBERED_COUNTS) {
      this.counts.clear();
      this.countsVersion = version;
    }
  }

  private count(key: string, read: () => unknown): number {
    let value = this.counts.get(key);
    if (value === undefined) {
      value = (read() as { n: number } | undefined)?.n ?? 0;
      this.counts.set(key, value);
    }
    return value;
  }
}

/** The length fixed in the vector table's definition, or null before the first vector. */
export function vectorDimensions(db: Database.Database): number | null {
  const table = db
    .prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'chunk_vectors'")
    .get() as { sql: string } | undefined;
  const match = table && /float\[(\d+)\]/.exec(table.sql);
  return match ? Number(match[1]) : null;
}

function prepareReadStatements(db: Database.Database) {
  return {
    // The weights give the scope column no say in the ranking.
    lexical: db.prepare(
      'SELECT rowid AS id, bm25(chunks_fts, 1.0, 0.0) AS bm25 FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY bm25 LIMIT ?',
    ),
    matches: db.prepare('SELECT count(*) AS n FROM chunks_fts WHERE chunks_fts MATCH ?'),
    projectRows: db.prepare('SELECT count(*) AS n FROM chunks WHERE project_id = ?'),
    documentRows: db.prepare('SELECT count(*) AS n FROM chunks WHERE document_id = ?'),
    rows: db.prepare(
      'SELECT id, document_id, page_number, start, "end", text FROM chunks WHERE id IN (SELECT value FROM json_each(?))',
    ),
    dataVersion: db.prepare('PRAGMA data_version').pluck(),
  };
}

function prepareKnn(db: Database.Database) {
  const nearest = (documentFilter: string) =>
    db.prepare(`
      SELECT chunk_id AS id FROM chunk_vectors
      WHERE embedding MATCH ? AND k = ? AND project_id = ? ${documentFilter}
      ORDER BY distance`);
  return {
    nearest: nearest(''),
    nearestInDocuments: nearest('AND document_id IN (SELECT value FROM json_each(?))'),
  };
}

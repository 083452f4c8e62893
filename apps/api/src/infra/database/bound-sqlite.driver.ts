import {
  type Configuration,
  type Dictionary,
  isRaw,
  JsonProperty,
  type LogContext,
  type Transaction,
  Utils,
} from '@mikro-orm/core';
import type { AbstractSqlPlatform } from '@mikro-orm/sql';
import { SqliteConnection, SqliteDriver } from '@mikro-orm/sqlite';
import type Database from 'better-sqlite3';
import { CompiledQuery, type Dialect, type Kysely } from 'kysely';

export type BoundQuery = { sql: string; parameters: unknown[] };

/**
 * MikroORM writes every value into the SQL text, quoted (its `formatQuery`), and runs the text
 * without parameters. SQLite reads SQL as a C string, so a NUL character inside a quoted value
 * ends the statement early ("unrecognized token"), and the safety of every query rests on
 * quoting. Here text (and JSON, and blobs) becomes a bound parameter instead, and so do whole
 * numbers (as BigInt: SQLite's INTEGER, exactly what the written-out number was), so that a
 * query's text no longer changes with its ids and its prepared statement can be kept (see
 * {@link cachePreparedStatements}). Fractions, dates, booleans and nulls stay written out as
 * MikroORM writes them. Placeholders follow `formatQuery`: `?` a value, `??` an identifier,
 * `\?` a literal `?`.
 */
export function bindParameters(
  platform: AbstractSqlPlatform,
  sql: string,
  params: readonly unknown[],
): BoundQuery {
  const parameters: unknown[] = [];
  let next = 0;
  const valueSql = (value: unknown): string => {
    if (typeof value === 'string' || Buffer.isBuffer(value) || typeof value === 'bigint') {
      parameters.push(value);
      return '?';
    }
    if (typeof value === 'number' && Number.isSafeInteger(value)) {
      parameters.push(BigInt(value));
      return '?';
    }
    if (Utils.isPlainObject(value) || (value as { [JsonProperty]?: unknown })?.[JsonProperty]) {
      parameters.push(JSON.stringify(value));
      return '?';
    }
    if (Array.isArray(value)) return value.map(valueSql).join(', ');
    if (isRaw(value)) {
      const inner = bindParameters(platform, value.sql, value.params);
      parameters.push(...inner.parameters);
      return inner.sql;
    }
    return String(platform.quoteValue(value));
  };
  let out = '';
  let position = 0;
  while (position < sql.length) {
    const mark = sql.indexOf('?', position);
    if (mark === -1) {
      out += sql.slice(position);
      break;
    }
    out += sql.slice(position, mark);
    if (mark > 0 && sql[mark - 1] === '\\') {
      out = `${out.slice(0, -1)}?`;
      position = mark + 1;
    } else if (sql[mark + 1] === '?') {
      out += platform.quoteIdentifier(params[next++] as string);
      position = mark + 2;
    } else {
      out += valueSql(params[next++]);
      position = mark + 1;
    }
  }
  return { sql: out, parameters };
}

/** MikroORM's own preparation (raw fragments, named parameters, the onQuery hook); private in its types. */
type PreparesQueries = {
  prepareQuery(
    query: unknown,
    params: unknown[],
  ): { query: string; params: unknown[]; formatted: string };
};

type AbortContext = LogContext & { signal?: unknown; inflightQueryAbortStrategy?: unknown };

/** Statements kept per connection; the least recently used one goes first. */
const PREPARED_STATEMENTS = 500;

/**
 * Keeps the statements `db.prepare` compiles, by SQL text: Kysely prepares every query anew, and
 * compiling was an eighth of the server's CPU under load. Safe because better-sqlite3 runs a
 * statement to its end synchronously, and SQLite recompiles one itself when the schema changes.
 */
export function cachePreparedStatements(db: Database.Database, size = PREPARED_STATEMENTS): void {
  const prepare = db.prepare.bind(db);
  const statements = new Map<string, Database.Statement>();
  db.prepare = ((sql: string) => {
    let statement = statements.get(sql);
    if (statement) statements.delete(sql);
    else statement = prepare(sql);
    statements.set(sql, statement);
    if (statements.size > size) statements.delete(statements.keys().next().value!);
    return statement;
  }) as typeof db.prepare;
}

/** better-sqlite3 through MikroORM, with values bound (see {@link bindParameters}). */
class BoundSqliteConnection extends SqliteConnection {
  override createKyselyDialect(options: Dictionary): Dialect {
    const dialect = super.createKyselyDialect(options);
    // MikroORM's own handle on the database it just opened (private in its types).
    cachePreparedStatements((this as unknown as { database: Database.Database }).database);
    return dialect;
  }

  override async execute<T>(
    query: string | Parameters<SqliteConnection['execute']>[0],
    params: unknown[] = [],
    method: 'all' | 'get' | 'run' = 'all',
    ctx?: Transaction,
    loggerContext?: LogContext,
  ): Promise<T> {
    await this.ensureConnection();
    const prepared = (this as unknown as PreparesQueries).prepareQuery(query, params);
    const bound = bindParameters(this.platform, prepared.query, prepared.params);
    const { signal, inflightQueryAbortStrategy, ...context } = (loggerContext ??
      {}) as AbortContext;
    const abort =
      signal || inflightQueryAbortStrategy ? { signal, inflightQueryAbortStrategy } : {};
    const client = (ctx ?? this.getClient()) as Kysely<unknown>;
    return this.executeQuery(
      this.getSql(prepared.query, prepared.formatted, loggerContext),
      async () => {
        const result = await client.executeQuery(
          CompiledQuery.raw(bound.sql, bound.parameters),
          abort as Parameters<Kysely<unknown>['executeQuery']>[1],
        );
        return this.transformRawResult<T>(result, method);
      },
      { ...prepared, ...context },
    );
  }
}

export class BoundSqliteDriver extends SqliteDriver {
  constructor(config: Configuration) {
    super(config);
    // Set once here, as the base constructor sets its own (read-only only in the types).
    (this as unknown as { connection: SqliteConnection }).connection = new BoundSqliteConnection(
      this.config,
    );
  }
}

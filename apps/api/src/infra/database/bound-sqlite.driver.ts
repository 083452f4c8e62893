import {
  type Configuration,
  isRaw,
  JsonProperty,
  type LogContext,
  type Transaction,
  Utils,
} from '@mikro-orm/core';
import type { AbstractSqlPlatform } from '@mikro-orm/sql';
import { SqliteConnection, SqliteDriver } from '@mikro-orm/sqlite';
import { CompiledQuery, type Kysely } from 'kysely';

export type BoundQuery = { sql: string; parameters: unknown[] };

/**
 * MikroORM writes every value into the SQL text, quoted (its `formatQuery`), and runs the text
 * without parameters. SQLite reads SQL as a C string, so a NUL character inside a quoted value
 * ends the statement early ("unrecognized token"), and the safety of every query rests on
 * quoting. Here text (and JSON, and blobs) becomes a bound parameter instead; numbers, dates,
 * booleans and nulls stay written out as MikroORM writes them (they carry no user text).
 * Placeholders follow `formatQuery`: `?` a value, `??` an identifier, `\?` a literal `?`.
 */
export function bindParameters(
  platform: AbstractSqlPlatform,
  sql: string,
  params: readonly unknown[],
): BoundQuery {
  const parameters: unknown[] = [];
  let next = 0;
  const valueSql = (value: unknown): string => {
    if (typeof value === 'string' || Buffer.isBuffer(value)) {
      parameters.push(value);
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

/** better-sqlite3 through MikroORM, with text values bound (see {@link bindParameters}). */
class BoundSqliteConnection extends SqliteConnection {
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

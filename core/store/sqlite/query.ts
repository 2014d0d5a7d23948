import type Database from 'better-sqlite3';
import { InvalidInputError } from '../../errors.js';

/** A `WHERE` clause and its parameters, built from optional filters. */
export class Where {
  readonly #clauses: string[] = [];
  readonly params: unknown[] = [];

  /** Adds a condition with its parameters. */
  add(sql: string, ...params: unknown[]): this {
    this.#clauses.push(sql);
    this.params.push(...params);
    return this;
  }

  /**
   * `column IN (...)` for a list of values: one placeholder each (an index is used, and the
   * statements differ only by how many values, so few are prepared). An empty list matches
   * nothing; leave the filter out to match everything.
   */
  in(column: string, values: readonly string[]): this {
    if (values.length === 1) return this.add(`${column} = ?`, values[0]);
    return this.add(`${column} IN (${values.map(() => '?').join(', ')})`, ...values);
  }

  toString(): string {
    return this.#clauses.length === 0 ? '' : `WHERE ${this.#clauses.join(' AND ')}`;
  }
}

/** `LIMIT … OFFSET …` with the parameters; no limit when none is given. */
export function limitOffset(limit: number | undefined, offset: number | undefined): { sql: string; params: number[] } {
  for (const [name, n] of [['limit', limit], ['offset', offset]] as const) {
    if (n !== undefined && (!Number.isInteger(n) || n < 0)) throw new InvalidInputError(`${name} must be a whole number ≥ 0, got ${n}`);
  }
  return { sql: 'LIMIT ? OFFSET ?', params: [limit ?? -1, offset ?? 0] };
}

const statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/**
 * A statement for SQL built from a query's filters, prepared once per database: a listing's
 * SQL varies only with which filters it has, so there are few, and preparing is costlier
 * than running.
 */
export function prepared(db: Database.Database, sql: string): Database.Statement {
  let byText = statements.get(db);
  if (!byText) statements.set(db, (byText = new Map()));
  let statement = byText.get(sql);
  if (!statement) {
    if (byText.size >= 256) byText.clear();
    statement = db.prepare(sql);
    byText.set(sql, statement);
  }
  return statement;
}

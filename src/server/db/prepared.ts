import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { directReadOf } from './connect.js';
import type { Database } from './schema.js';

const ARG = Symbol('prepared query argument');
type Slot = { readonly [ARG]: number };

const isSlot = (value: unknown): value is Slot =>
  typeof value === 'object' && value !== null && ARG in value;

/** Stands for the `index`-th argument of a prepared query, typed as the value it stands for. */
export function arg<T>(index: number): T {
  return { [ARG]: index } as unknown as T;
}

/**
 * A query built and compiled once per database (dialect), run with new arguments bound into the
 * compiled SQL. Kysely builds, freezes and compiles a tree of nodes for every query, which costs
 * more time and garbage than the primary-key reads the hottest calls make; on SQLite the same
 * SQL text also finds its statement already prepared, and runs directly when no transaction is
 * open (connect.ts, directReadOf). For reads only.
 */
export function prepared<Args extends unknown[], Row>(
  build: (db: Kysely<Database>) => Compilable<Row>,
): (db: Kysely<Database>, ...args: Args) => Promise<Row[]> {
  const compiled = new WeakMap<object, { query: CompiledQuery<Row>; slots: number[] }>();
  return async (db, ...args) => {
    // The adapter is one object per database, shared by its transactions.
    const key = db.getExecutor().adapter;
    let entry = compiled.get(key);
    if (!entry) {
      const query = build(db).compile();
      entry = { query, slots: query.parameters.map((p) => (isSlot(p) ? p[ARG] : -1)) };
      compiled.set(key, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((p, i) => (slots[i]! >= 0 ? args[slots[i]!] : p));
    const direct = directReadOf(db)?.(query.sql, parameters);
    if (direct) return direct as Row[];
    const { rows } = await db.executeQuery<Row>({ ...query, parameters });
    return rows;
  };
}

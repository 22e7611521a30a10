import {
  sql,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type ColumnDataType,
  type Kysely,
  type RawBuilder,
} from 'kysely';
import type { DialectName } from '../connect.js';

/**
 * The pieces the migrations build their tables from. Frozen like the migrations themselves:
 * what a piece produces is part of every schema made with it, so a piece never changes (a new
 * shape is a new piece) and nothing here imports app code that may change later.
 */

// Kysely<any>: a migration describes the schema of its own date, not today's types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = Kysely<any>;

type Column = ColumnDefinitionBuilder;

/** An integer key the database numbers: SQLite's autoincrement, PostgreSQL's identity. */
export const numberedKey =
  (dialect: DialectName) =>
  (c: Column): Column =>
    dialect === 'sqlite'
      ? c.primaryKey().autoIncrement()
      : c.primaryKey().generatedByDefaultAsIdentity();

export const required = (c: Column): Column => c.notNull();

/** Columns of one `type`, each made by `build`, added in the order named. */
const columnsAlike =
  (type: ColumnDataType, build: (c: Column) => Column) =>
  <N extends string>(...names: N[]) =>
  <T extends string, C extends string>(builder: CreateTableBuilder<T, C>) =>
    names.reduce<CreateTableBuilder<T, C | N>>(
      (table, name) => table.addColumn(name, type, build),
      builder,
    );

/** Required columns of one `type`, added in the order named (a table's plain fields). */
export const requiredColumns = <N extends string>(type: ColumnDataType, ...names: N[]) =>
  columnsAlike(type, required)(...names);

/** A row that belongs to the row `target` names (`table.column`) and goes when it goes. */
export const belongsTo =
  (target: string) =>
  (c: Column): Column =>
    c.notNull().references(target).onDelete('cascade');

/** Integer columns that each name a person (`users.user_id`); the row goes when they go. */
export const userColumns = columnsAlike('integer', belongsTo('users.user_id'));

/** The key of a row that extends the row `target` names, one to one, and goes when it goes. */
export const sameKeyAs =
  (target: string) =>
  (c: Column): Column =>
    c.primaryKey().references(target).onDelete('cascade');

/** A row that may name another; the name is cleared when that row goes. */
export const mayName =
  (target: string) =>
  (c: Column): Column =>
    c.references(target).onDelete('set null');

/** `column in ('a', 'b', …)`, for a CHECK constraint. */
export function oneOf(column: string, values: readonly string[]): RawBuilder<unknown> {
  return sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}

/** An index on `table`'s `columns`, unique or partial when the options say so. */
export function createIndex(
  db: Db,
  name: string,
  table: string,
  columns: readonly string[],
  options: { unique?: boolean; where?: RawBuilder<boolean> } = {},
): Promise<void> {
  const create = db.schema
    .createIndex(name)
    .on(table)
    .columns([...columns]);
  const unique = options.unique ? create.unique() : create;
  return (options.where ? unique.where(options.where) : unique).execute();
}

/**
 * The columns of a queue in the database (src/server/lib/queue.ts): the row's status among
 * `statuses`, its tries, when it is next due, whose lease holds it and the last failure.
 */
export const queueColumns =
  (table: string, statuses: readonly string[]) =>
  <T extends string>(builder: CreateTableBuilder<T, never>) =>
    builder
      .addColumn('status', 'text', required)
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text', required)
      .addColumn('lease_until', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', required)
      .addCheckConstraint(
        `${table}_status`,
        sql`status in (${sql.join(statuses.map((s) => sql.lit(s)))})`,
      );

/** The index a queue's claims read (the rows due, by status): `<table>_due`. */
export function createQueueIndex(db: Db, table: string): Promise<void> {
  return createIndex(db, `${table}_due`, table, ['status', 'next_attempt_at']);
}

/** A count per text key over a fixed window: the key, when its window began and `count`. */
export const windowCounter =
  (count: string) =>
  <T extends string>(builder: CreateTableBuilder<T, never>) =>
    builder
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('window_start', 'text', required)
      .addColumn(count, 'integer', required);

/** A 0/1 column added to a table that has rows already: theirs is 0. */
export function addFlagColumn(db: Db, table: string, column: string): Promise<void> {
  return db.schema
    .alterTable(table)
    .addColumn(column, 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`${sql.raw(column)} in (0, 1)`),
    )
    .execute();
}

/**
 * SQLite: the triggers that keep `fts`, an external-content FTS5 table over products(title), in
 * step with products, then its first fill. SQLite keeps a trigger's text as it was written,
 * white space included, so the text below stays indented as the migrations first wrote it.
 */
export async function syncProductTitles(db: Db, fts: string): Promise<void> {
  const table = sql.raw(fts);
  const trigger = (event: string) => sql.raw(`${fts}_${event}`);
  await sql`create trigger ${trigger('insert')} after insert on products begin
          insert into ${table}(rowid, title) values (new.product_id, new.title);
        end`.execute(db);
  await sql`create trigger ${trigger('delete')} after delete on products begin
          insert into ${table}(${table}, rowid, title)
            values ('delete', old.product_id, old.title);
        end`.execute(db);
  await sql`create trigger ${trigger('update')} after update of title on products begin
          insert into ${table}(${table}, rowid, title)
            values ('delete', old.product_id, old.title);
          insert into ${table}(rowid, title) values (new.product_id, new.title);
        end`.execute(db);
  await sql`insert into ${table}(${table}) values ('rebuild')`.execute(db);
}

import { sql, type Kysely } from 'kysely';
import type { Engine } from '../db/database.js';

/**
 * What a backup needs to know of each table, read from the database itself so that tables and columns
 * added by later migrations are carried without changes here.
 */
export interface TableInfo {
  name: string;
  /** Columns that hold data: generated columns (PostgreSQL's search vector) are left out. */
  columns: string[];
  primaryKey: string[];
  /** Tables this one's foreign keys point at. */
  references: string[];
}

/** Table and column names come from the database's catalogue, so queries over them are built with sql.id. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely names a database of unknown tables so.
export type AnyDb = Kysely<any>;

/** The tables of the current schema (PostgreSQL) or main database (SQLite), without SQLite's internal and full-text tables. */
export async function listTables(db: AnyDb, engine: Engine): Promise<TableInfo[]> {
  return engine === 'sqlite' ? listSqliteTables(db) : listPostgresTables(db);
}

async function listSqliteTables(db: AnyDb): Promise<TableInfo[]> {
  // 'shadow' and 'virtual' are the full-text index, which triggers rebuild as rows are inserted.
  const { rows: tables } = await sql<{ name: string }>`
    select name from pragma_table_list where schema = 'main' and type = 'table' and substr(name, 1, 7) <> 'sqlite_'
    order by name`.execute(db);
  const result: TableInfo[] = [];
  for (const { name } of tables) {
    const { rows: columns } = await sql<{ name: string; pk: number }>`
      select name, pk from pragma_table_xinfo(${name}) where hidden = 0 order by cid`.execute(db);
    const { rows: keys } = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${name})`.execute(
      db,
    );
    result.push({
      name,
      columns: columns.map((c) => c.name),
      primaryKey: columns
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name),
      references: keys.map((k) => k.table),
    });
  }
  return result;
}

async function listPostgresTables(db: AnyDb): Promise<TableInfo[]> {
  const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
    order by c.table_name, c.ordinal_position`.execute(db);
  const { rows: keys } = await sql<{ table_name: string; column_name: string }>`
    select rel.relname as table_name, a.attname as column_name
    from pg_index i
    join pg_class rel on rel.oid = i.indrelid
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
    where i.indisprimary and rel.relnamespace = current_schema()::regnamespace
    order by rel.relname, array_position(i.indkey::int2[], a.attnum)`.execute(db);
  const { rows: references } = await sql<{ table_name: string; target: string }>`
    select source.relname as table_name, target.relname as target
    from pg_constraint con
    join pg_class source on source.oid = con.conrelid
    join pg_class target on target.oid = con.confrelid
    where con.contype = 'f' and con.connamespace = current_schema()::regnamespace`.execute(db);

  const tables = new Map<string, TableInfo>();
  for (const { table_name, column_name } of columns) {
    const table = tables.get(table_name) ?? { name: table_name, columns: [], primaryKey: [], references: [] };
    table.columns.push(column_name);
    tables.set(table_name, table);
  }
  for (const { table_name, column_name } of keys) tables.get(table_name)?.primaryKey.push(column_name);
  for (const { table_name, target } of references) tables.get(table_name)?.references.push(target);
  return [...tables.values()];
}

/**
 * Tables ordered so that every table comes after the tables its foreign keys point at: rows load in this
 * order and are deleted in the reverse one, with every constraint checked as usual.
 */
export function loadOrder(tables: TableInfo[]): TableInfo[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const ordered: TableInfo[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (table: TableInfo) => {
    if (state.get(table.name) === 'done') return;
    if (state.get(table.name) === 'visiting') throw new Error(`Foreign keys form a cycle through table ${table.name}`);
    state.set(table.name, 'visiting');
    for (const target of table.references) {
      const referenced = byName.get(target);
      if (referenced && referenced !== table) visit(referenced);
    }
    state.set(table.name, 'done');
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

/**
 * The highest id each table's id generator has handed out, which can be above the largest id left (the
 * newest rows were deleted): restored, the generator goes on from there and never hands an old id again.
 */
export async function readLastIds(db: AnyDb, engine: Engine, tables: TableInfo[]): Promise<Map<string, number>> {
  const lastIds = new Map<string, number>();
  if (engine === 'sqlite') {
    // SQLite makes sqlite_sequence with the first AUTOINCREMENT table.
    const { rows: present } = await sql`select 1 from sqlite_master where name = 'sqlite_sequence'`.execute(db);
    if (present.length === 0) return lastIds;
    const { rows } = await sql<{ name: string; seq: number }>`select name, seq from sqlite_sequence`.execute(db);
    for (const { name, seq } of rows) lastIds.set(name, Number(seq));
    return lastIds;
  }
  for (const table of tables) {
    const [column] = table.primaryKey;
    if (table.primaryKey.length !== 1 || !column) continue;
    const sequence = serialSequence(table.name, column);
    const { rows } = await sql<{ last: string | null }>`
      select pg_sequence_last_value(${sequence}::regclass) as last where ${sequence} is not null`.execute(db);
    const last = rows[0]?.last;
    if (last != null) lastIds.set(table.name, Number(last));
  }
  return lastIds;
}

/** Sets a table's id generator so that it goes on after `lastId` (a table without one is left alone). */
export async function restoreLastId(db: AnyDb, engine: Engine, table: TableInfo, lastId: number): Promise<void> {
  if (engine === 'sqlite') {
    await sql`delete from sqlite_sequence where name = ${table.name}`.execute(db);
    await sql`insert into sqlite_sequence (name, seq) values (${table.name}, ${lastId})`.execute(db);
    return;
  }
  const [column] = table.primaryKey;
  if (table.primaryKey.length !== 1 || !column || lastId < 1) return;
  const sequence = serialSequence(table.name, column);
  await sql`select setval(${sequence}, ${lastId}) where ${sequence} is not null`.execute(db);
}

/** The sequence behind a serial column; pg_get_serial_sequence reads the table name as SQL, hence the quotes. */
function serialSequence(table: string, column: string) {
  return sql`pg_get_serial_sequence(${`"${table.replaceAll('"', '""')}"`}, ${column})`;
}

/** The migrations a database has had, from the table in which the migrator records them. */
export async function migrationNames(db: AnyDb): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((row) => row.name);
}

import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../database.js';

/**
 * No journal by default (decision 121): `journal_id` defaulted to journal 1 (migration 012 and the tables made
 * after it), so that a write which forgot its journal landed in journal 1's rows instead of failing. Every row
 * already names its journal; without the default, a row written without one is refused (NOT NULL).
 */
export function journalWithoutDefaultMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const tables = await tablesWithDefaultJournal(db, engine);
      if (engine === 'sqlite') return rebuildWithoutDefaultSqlite(db, tables);
      for (const table of tables) {
        await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN journal_id DROP DEFAULT`.execute(db);
      }
    },
  };
}

/**
 * The tables whose `journal_id` has a default: every table of one journal's rows, as migrations 012-017 made them
 * (the journals' hosts, the installation's, never had one).
 */
export async function tablesWithDefaultJournal(db: Kysely<unknown>, engine: Engine): Promise<string[]> {
  const { rows } =
    engine === 'postgres'
      ? await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.columns
          WHERE table_schema = current_schema() AND column_name = 'journal_id' AND column_default IS NOT NULL
          ORDER BY table_name`.execute(db)
      : await sql<{ name: string }>`SELECT m.name FROM sqlite_master m JOIN pragma_table_info(m.name) c
          WHERE m.type = 'table' AND c.name = 'journal_id' AND c.dflt_value IS NOT NULL ORDER BY m.name`.execute(db);
  return rows.map((row) => row.name);
}

/** The column as migrations 012-017 declared it on SQLite, and as it becomes. */
const WITH_DEFAULT = 'journal_id integer NOT NULL DEFAULT 1 REFERENCES journals (id)';
const WITHOUT_DEFAULT = 'journal_id integer NOT NULL REFERENCES journals (id)';

/**
 * SQLite cannot drop a column's default, so each table is made again without it and its rows copied, ids kept
 * (SQLite's documented way: foreign keys off while the tables are swapped, checked before the commit). The copy
 * also writes out the journal of rows older than the column, which SQLite read from the default until now.
 */
async function rebuildWithoutDefaultSqlite(db: Kysely<unknown>, tables: string[]) {
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      // A trigger may name a table about to be swapped (articles' names article_tombstones): all are set aside
      // while the tables are, so that no renaming meets one naming a table not there at that moment.
      const { rows: triggers } = await sql<SchemaEntry>`SELECT name, sql FROM sqlite_master
        WHERE type = 'trigger'`.execute(trx);
      for (const { name } of triggers) await sql`DROP TRIGGER ${sql.ref(name)}`.execute(trx);
      for (const table of tables) await rebuildSqliteTable(trx, table);
      for (const trigger of triggers) await sql.raw(trigger.sql).execute(trx);
      const { rows } = await sql`PRAGMA foreign_key_check`.execute(trx);
      if (rows.length)
        throw new Error(`Foreign keys broken while dropping the default journal: ${JSON.stringify(rows)}`);
    });
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}

interface SchemaEntry {
  name: string;
  sql: string;
}

async function rebuildSqliteTable(db: Kysely<unknown>, table: string) {
  const { rows: entries } = await sql<SchemaEntry & { type: string }>`SELECT type, name, sql FROM sqlite_master
    WHERE tbl_name = ${table} AND type IN ('table', 'index') AND sql IS NOT NULL ORDER BY type = 'table' DESC`.execute(
    db,
  );
  const [create, ...indexes] = entries;
  if (create?.type !== 'table' || create.sql.split(WITH_DEFAULT).length !== 2) {
    throw new Error(`The table ${table} is not as migration 018 left it`);
  }
  const newTable = `${table}_without_default`;
  const header = new RegExp(`^CREATE TABLE "?${table}"?`);
  await sql
    .raw(create.sql.replace(WITH_DEFAULT, WITHOUT_DEFAULT).replace(header, `CREATE TABLE "${newTable}"`))
    .execute(db);
  await sql`INSERT INTO ${sql.table(newTable)} SELECT * FROM ${sql.table(table)}`.execute(db);
  const lastId = await lastIdOf(db, table);
  await sql`DROP TABLE ${sql.table(table)}`.execute(db);
  await sql`ALTER TABLE ${sql.table(newTable)} RENAME TO ${sql.table(table)}`.execute(db);
  for (const index of indexes) await sql.raw(index.sql).execute(db);
  // An AUTOINCREMENT table never hands out an id again, even one whose row was deleted (a deleted article's usage
  // stays counted under its id): its counter goes on from where it was.
  if (lastId !== undefined) {
    await sql`DELETE FROM sqlite_sequence WHERE name = ${table}`.execute(db);
    await sql`INSERT INTO sqlite_sequence (name, seq) VALUES (${table}, ${lastId})`.execute(db);
  }
}

async function lastIdOf(db: Kysely<unknown>, table: string): Promise<number | undefined> {
  const { rows } = await sql<{ seq: number }>`SELECT seq FROM sqlite_sequence WHERE name = ${table}`.execute(db);
  return rows[0]?.seq;
}

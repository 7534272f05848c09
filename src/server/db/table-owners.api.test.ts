import { afterAll, beforeAll, expect, it } from 'vitest';
import { listTables, type TableInfo } from '../ops/database-tables.js';
import { EXPORTED_TABLES } from '../ops/journal-move-format.js';
import { createTestApp, testEngine, type TestApp } from '../test/test-app.js';
import { TABLE_OWNERS } from './table-owners.js';

// Decision 118: the declaration of whose rows each table holds is the schema's, on each engine.

let t: TestApp;
let tables: TableInfo[];

beforeAll(async () => {
  t = await createTestApp();
  tables = (await listTables(t.ctx.db, t.ctx.engine)).filter((table) => !table.name.startsWith('kysely_'));
});
afterAll(() => t.close());

it(`declares every table the migrations make on ${testEngine}, and no other`, () => {
  const declared = Object.keys(TABLE_OWNERS);
  const undeclared = tables.map((table) => table.name).filter((name) => !declared.includes(name));
  expect(
    undeclared,
    'a migration made tables src/server/db/table-owners.ts does not declare: say there whose rows they hold',
  ).toEqual([]);
  expect(tables.map((table) => table.name).sort()).toEqual(declared.sort());
});

it("gives each journal's table the journal_id its scope filters on", () => {
  const journalTables = tables.filter(
    (table) => TABLE_OWNERS[table.name as keyof typeof TABLE_OWNERS].owner === 'journal',
  );
  expect(journalTables.length).toBeGreaterThan(10);
  for (const table of journalTables) expect(table.columns, table.name).toContain('journal_id');
});

it('moves with a journal exactly the tables declared to move', () => {
  const moving = Object.entries(TABLE_OWNERS)
    .filter(([, declared]) => 'moves' in declared && declared.moves === true)
    .map(([name]) => name);
  expect([...EXPORTED_TABLES].sort()).toEqual(moving.sort());
});

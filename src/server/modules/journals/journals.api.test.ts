import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOURNAL_CREATED_MESSAGE } from '../../../common/schemas/journal.js';
import { HttpError } from '../../http/errors.js';
import { scopedDb } from '../../journals/journal-scope.js';
import { JournalsService } from './journals.service.js';
import { createTestApp, testEngine, type TestApp } from '../../test/test-app.js';

const URL = '/api/publisher/journals';

let t: TestApp;
let publisher: { authorization: string };

const list = () => t.app.inject({ method: 'GET', url: URL, headers: publisher });
const create = (payload: object, headers = publisher) => t.app.inject({ method: 'POST', url: URL, headers, payload });
const journalCount = async () =>
  Number(
    (
      await t.ctx.db
        .selectFrom('journals')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp();
  // The test admin becomes a publisher admin (users.publisher, migration 013).
  await t.ctx.db
    .updateTable('users')
    .set({ publisher: 1 } as never)
    .where('id', '=', 1)
    .execute();
  publisher = await t.authHeader();
});
afterAll(() => t?.close());

describe(`the publisher admin's journals (${testEngine})`, () => {
  it('lists the journals, creates one that answers at its hosts at once, and lists it', async () => {
    const before = await list();
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual([
      { id: 1, name: expect.any(String), shortName: '', publicOrigin: '', hosts: [], createdAt: expect.any(String) },
    ]);

    const created = await create({ name: 'Annals of Soil', shortName: 'AnnSoil', hosts: ['J3.test', 'www.j3.test'] });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    expect(created.json()).toEqual({ id: expect.any(Number), message: JOURNAL_CREATED_MESSAGE });

    const home = await t.app.inject({ url: '/', headers: { host: 'j3.test' } });
    expect(home.statusCode).toBe(200);
    expect(home.body).toMatch(/<title>[^<]*Annals of Soil[^<]*<\/title>/);
    const alias = await t.app.inject({ url: '/', headers: { host: 'www.j3.test' } });
    expect(alias.statusCode).toBe(301);
    expect(alias.headers.location).toBe('http://j3.test/');

    const after = (await list()).json();
    expect(after.map((journal: { id: number }) => journal.id)).toEqual([1, id]);
    expect(after[1]).toEqual({
      id,
      name: 'Annals of Soil',
      shortName: 'AnnSoil',
      publicOrigin: '',
      hosts: ['j3.test', 'www.j3.test'],
      createdAt: expect.any(String),
    });
  });

  it('answers 409 host_taken for a host another journal has, and creates nothing', async () => {
    const count = await journalCount();
    const taken = await create({ name: 'Copy', hosts: ['new.j3.test', 'j3.test'] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: 'host_taken', message: expect.stringContaining('j3.test') });
    expect(await journalCount()).toBe(count);
  });

  it('answers 409, not 500, to two journals created at once with one host (both pass the check)', async () => {
    const count = await journalCount();
    // Called side by side, both checks find the host free; the database's unique host refuses the second insert.
    const results = await Promise.allSettled([
      t.ctx.journalList.create({ name: 'Race one', hosts: ['race.test'] }),
      t.ctx.journalList.create({ name: 'Race two', hosts: ['race.test'] }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((result) => result.status === 'rejected')!.reason;
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({
      statusCode: 409,
      code: 'host_taken',
      message: expect.stringContaining('race.test'),
    });
    expect(await journalCount()).toBe(count + 1);
  });

  it('creates nothing, and leaves its hosts free, when its settings or pages cannot be written', async () => {
    const count = await journalCount();
    const failing = new JournalsService(t.ctx.db, {
      prepare: async (trx, journalId) => {
        await scopedDb(trx, journalId)
          .insertInto('settings')
          .values({ id: journalId } as never)
          .execute();
        throw new Error('the disk is full');
      },
      opened: async () => {},
    });
    await expect(failing.create({ name: 'Half made', hosts: ['half.test'] })).rejects.toThrow('the disk is full');
    expect(await journalCount()).toBe(count);
    const hosts = await t.ctx.db.selectFrom('journal_hosts').select('host').where('host', '=', 'half.test').execute();
    expect(hosts).toEqual([]);
    expect(await t.ctx.journalList.create({ name: 'Made whole', hosts: ['half.test'] })).toBeGreaterThan(1);
  });

  it('answers 400 to bad input and creates nothing', async () => {
    const count = await journalCount();
    for (const payload of [
      { name: '', hosts: ['ok.test'] },
      { name: 'No hosts', hosts: [] },
      { name: 'Bad host', hosts: ['bad host!'] },
      { name: 'Bad origin', hosts: ['origin.test'], publicOrigin: 'ftp://x' },
      { name: 'Too many', hosts: Array.from({ length: 11 }, (_, i) => `h${i}.test`) },
      { hosts: ['no-name.test'] },
    ]) {
      const response = await create(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toBe('invalid_input');
    }
    expect(await journalCount()).toBe(count);
  });

  it('refuses a plain admin with 403 and an anonymous request with 401', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: publisher,
      payload: { username: 'plainadmin', name: 'Plain Admin', password: 'plain-admin-password', role: 'admin' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const admin = {
      authorization: `Bearer ${await t.ctx.tokens.sign({ userId: made.json().id, username: 'plainadmin', name: 'Plain Admin' })}`,
    };
    expect((await t.app.inject({ url: '/api/admin/', headers: admin })).statusCode).toBe(200);

    const count = await journalCount();
    for (const [headers, status, error] of [
      [admin, 403, 'forbidden'],
      [{}, 401, 'unauthorized'],
    ] as const) {
      const listed = await t.app.inject({ method: 'GET', url: URL, headers });
      expect(listed.statusCode).toBe(status);
      expect(listed.json().error).toBe(error);
      const created = await create({ name: 'Refused', hosts: ['refused.test'] }, headers as typeof publisher);
      expect(created.statusCode).toBe(status);
      expect(created.json().error).toBe(error);
    }
    expect(await journalCount()).toBe(count);
  });
});

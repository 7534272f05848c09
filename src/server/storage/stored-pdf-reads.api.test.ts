import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { articleFields, issueFields, multipartForm, testPdf, type IssueNumbers } from '../test/article-form.js';
import { createTestApp, startAnotherInstance, type TestApp } from '../test/test-app.js';
import { FileJournal } from './file-journal.js';
import { listPendingMoves } from './pending-moves.repository.js';

/**
 * Reading a stored PDF while other instances write. A write commits its rows with the moves that put their files in place, then carries the moves out (decision 013).
 * When its process dies in between, another instance asked for the file before any later write or start has carried
 * the journal out finds the row and the staged file, not yet the file: it carries the journal out and serves the PDF.
 * A file moved or removed between the moment it is found and the moment it is opened is a 404, not a server error.
 */
let t: TestApp;
let other: Awaited<ReturnType<typeof startAnotherInstance>>;
let auth: { authorization: string };
const ISSUE: IssueNumbers = { year: 2027, volume: 12, issue: 1 };
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  other = await startAnotherInstance(t);
  auth = await t.authHeader();
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/create-issue',
    headers: auth,
    payload: { ...ISSUE, frequency: 'jan' },
  });
  expect(created.statusCode).toBe(201);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

/** Adds an article on the first instance as a process killed right after the commit would: its move stays pending. */
async function addWithoutCarryingOut(): Promise<{ id: number; url: string; pdf: Buffer }> {
  const pdf = testPdf(`pending ${++n}`);
  const fields = { ...articleFields(n), ...issueFields(ISSUE) };
  const carryOut = vi
    .spyOn(FileJournal.prototype, 'carryOut')
    .mockResolvedValueOnce({ finished: 0, cleared: 0, lost: [] });
  try {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admin/archives/',
      headers: auth,
      payload: multipartForm(fields, pdf),
    });
    expect(added.statusCode).toBe(201);
    const { id } = added.json<{ id: number }>();
    const path = `archives/${ISSUE.year}/vol${ISSUE.volume}issue${ISSUE.issue}/${fields.refnumber}.pdf`;
    expect(t.journal.files.exists(path)).toBe(false);
    expect((await listPendingMoves(t.journal.db)).map((move) => move.target)).toEqual([path]);
    return { id, url: `/assets/${path}`, pdf };
  } finally {
    carryOut.mockRestore();
  }
}

describe('a PDF whose row is committed and whose move is still pending', () => {
  it('is served by another instance, which carries the journal out first', async () => {
    const { url, pdf } = await addWithoutCarryingOut();
    const served = await other.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(pdf)).toBe(true);
    expect(await listPendingMoves(t.journal.db)).toEqual([]);
  });

  it("is the admin's to fetch as well", async () => {
    const { id, pdf } = await addWithoutCarryingOut();
    const served = await other.app.inject({ method: 'GET', url: `/api/admin/archives/${id}/pdf`, headers: auth });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(pdf)).toBe(true);
    expect(await listPendingMoves(t.journal.db)).toEqual([]);
  });
});

describe('a PDF moved or removed between its stat and its opening', () => {
  /** Removes the PDF just before it is opened, as a move or delete of another instance carried out just then would. */
  function removedAsOpened() {
    const open = fs.createReadStream;
    return vi.spyOn(fs, 'createReadStream').mockImplementation(((file: fs.PathLike, options?: never) => {
      if (String(file).endsWith('.pdf')) fs.rmSync(file, { force: true });
      return open(file, options);
    }) as typeof fs.createReadStream);
  }

  it('answers 404 without the headers of a file, at its address and to the admin', async () => {
    const { id, url } = await addWithoutCarryingOut();
    expect((await other.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    for (const request of [{ url }, { url: `/api/admin/archives/${id}/pdf`, headers: auth }]) {
      const path = url.slice('/assets/'.length);
      if (!t.journal.files.exists(path)) await t.journal.files.write(path, testPdf('again'));
      const removing = removedAsOpened();
      try {
        const served = await other.app.inject({ method: 'GET', ...request });
        expect(served.statusCode).toBe(404);
        expect(served.json()).toMatchObject({ error: 'not_found' });
        expect(served.headers['content-type']).toMatch(/^application\/json/);
        expect(served.headers.etag).toBeUndefined();
        expect(served.headers['last-modified']).toBeUndefined();
      } finally {
        removing.mockRestore();
      }
    }
  });
});

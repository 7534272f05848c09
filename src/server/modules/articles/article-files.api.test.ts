import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testPdf } from '../../test/article-form.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { insertIssue } from '../issues/issues.repository.js';

let t: TestApp;
let auth: { authorization: string };
const ISSUE = { year: 2026, volume: 9, issue: 4 };
const DIR = 'archives/2026/vol9issue4';
const URL_DIR = '/assets/archives/2026/vol9issue4';

beforeAll(async () => {
  t = await createTestApp();
  auth = await t.authHeader();
  await insertIssue(t.journal.db, { ...ISSUE, frequency: 'jul-aug' });
});
afterAll(() => t.close());

function form(values: Record<string, string>, file?: Buffer): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.append(key, value);
  if (file) data.append('pdfFile', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), 'paper.pdf');
  return data;
}

let serial = 0;
const fields = (refnumber: string, overrides: Record<string, string> = {}) => ({
  refnumber,
  title: `Groundwater in the Deccan, part ${refnumber}`,
  authorname: 'Asha Rao',
  abstract: '<p>We measured wells.</p>',
  email: 'asha@uni.example',
  pagenumber: `${++serial * 10}-${serial * 10 + 5}`,
  txnid: `TXN${refnumber}`,
  ptype: 'paid',
  publishdate: '2026-07-10',
  ...overrides,
});

async function addArticle(refnumber: string, file: Buffer): Promise<number> {
  const payload = form(
    { ...fields(refnumber), year: `${ISSUE.year}`, volume: `${ISSUE.volume}`, issue: `${ISSUE.issue}` },
    file,
  );
  const response = await t.app.inject({ method: 'POST', url: '/api/admin/archives/', headers: auth, payload });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}
const edit = (id: number, values: Record<string, string>, file?: Buffer) =>
  t.app.inject({ method: 'POST', url: `/api/archives/${id}`, headers: auth, payload: form(values, file) });
const download = (url: string) => t.app.inject({ method: 'GET', url });
const issueFiles = () => fs.readdirSync(path.join(t.journal.files.root, DIR)).sort();
const article = (id: number) =>
  t.journal.db
    .selectFrom('articles')
    .select(['refnumber', 'file', 'status'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('article PDFs under /assets/archives/', () => {
  it('serves a PDF, under its current number only, while its article is published', async () => {
    const id = await addArticle('8101', testPdf('switched off'));
    const published = await download(`${URL_DIR}/8101.pdf`);
    expect(published.statusCode).toBe(200);
    expect(published.headers['content-type']).toContain('application/pdf');
    expect(published.rawPayload.equals(testPdf('switched off'))).toBe(true);

    expect((await edit(id, fields('8101', { status: 'disabled' }))).statusCode).toBe(200);
    for (const method of ['GET', 'HEAD'] as const) {
      expect((await t.app.inject({ method, url: `${URL_DIR}/8101.pdf` })).statusCode, method).toBe(404);
    }
    expect(issueFiles()).toContain('8101.pdf');

    expect((await edit(id, fields('8101', { status: 'enabled' }))).statusCode).toBe(200);
    expect((await download(`${URL_DIR}/8101.pdf`)).rawPayload.equals(testPdf('switched off'))).toBe(true);

    // A new number: the file moves with it and no copy stays under the old name.
    const renamed = { txnid: 'TXN8101', title: 'Groundwater in the Deccan, part 8101' };
    expect((await edit(id, fields('8102', renamed))).statusCode).toBe(200);
    expect(await article(id)).toMatchObject({ refnumber: '8102', file: '8102.pdf' });
    expect((await download(`${URL_DIR}/8101.pdf`)).statusCode).toBe(404);
    expect((await download(`${URL_DIR}/8102.pdf`)).rawPayload.equals(testPdf('switched off'))).toBe(true);
    // A new PDF and a new number at once.
    expect((await edit(id, fields('8103', renamed), testPdf('replaced'))).statusCode).toBe(200);
    expect(issueFiles().filter((file) => /^810[123]/.test(file))).toEqual(['8103.pdf']);
    expect((await download(`${URL_DIR}/8103.pdf`)).rawPayload.equals(testPdf('replaced'))).toBe(true);
  });

  it('answers 404 for a PDF no row names, however its address is spelt, and serves other files as before', async () => {
    await t.journal.files.write(`${DIR}/8199.pdf`, testPdf('orphan'));
    expect((await download(`${URL_DIR}/8199.pdf`)).statusCode).toBe(404);
    for (const url of [
      '/assets/%61rchives/2026/vol9issue4/8199.pdf',
      '/assets/archives/2026/vol9issue4/./8199.pdf',
      '/assets/archives/2026/vol09issue4/8199.pdf',
      '/assets/archives/2026/vol9issue4/sub/../8199.pdf',
    ]) {
      const { statusCode } = await download(url);
      expect(statusCode >= 400 && statusCode < 500, `${url}: ${statusCode}`).toBe(true);
    }
    await t.journal.files.write('editors/portrait.png', Buffer.from('89504e470d0a1a0a', 'hex'));
    await t.journal.files.write('indexing/logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect((await download('/assets/editors/portrait.png')).statusCode).toBe(200);
    expect((await download('/assets/indexing/logo.svg')).statusCode).toBe(200);
  });
});

describe('a full disk while a PDF is written', () => {
  /** The next file write stops half way with ENOSPC, as on a full disk. */
  function diskFullOnce() {
    return vi.spyOn(fs.promises, 'writeFile').mockImplementationOnce(async (file) => {
      fs.writeFileSync(file as string, '%PDF-1.4\n% half');
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    });
  }

  it('leaves the article, its file and the folder as they were, with no temporary file', async () => {
    const id = await addArticle('8201', testPdf('kept'));
    const before = issueFiles();
    const spy = diskFullOnce();
    const response = await edit(
      id,
      fields('8202', { txnid: 'TXN8201', title: 'Groundwater in the Deccan, part 8201' }),
      testPdf('lost'),
    );
    spy.mockRestore();
    expect(response.statusCode).toBeGreaterThanOrEqual(500);
    expect(await article(id)).toMatchObject({ refnumber: '8201', file: '8201.pdf', status: 'enabled' });
    expect(issueFiles()).toEqual(before);
    expect((await download(`${URL_DIR}/8201.pdf`)).rawPayload.equals(testPdf('kept'))).toBe(true);
  });

  it('adds no article and no file', async () => {
    const count = async () => (await t.journal.db.selectFrom('articles').select('id').execute()).length;
    const [articles, before] = [await count(), issueFiles()];
    const spy = diskFullOnce();
    const payload = form(
      { ...fields('8301'), year: `${ISSUE.year}`, volume: `${ISSUE.volume}`, issue: `${ISSUE.issue}` },
      testPdf('lost'),
    );
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/archives/', headers: auth, payload });
    spy.mockRestore();
    expect(response.statusCode).toBeGreaterThanOrEqual(500);
    expect(await count()).toBe(articles);
    expect(issueFiles()).toEqual(before);
  });
});

describe('GET /api/admin/archives/{id}/pdf', () => {
  it("gives the admin an article's PDF whatever its status, never to be kept by a cache", async () => {
    const id = await addArticle('8301', testPdf('checked before enabling'));
    expect((await edit(id, { ...fields('8301'), status: 'disabled' })).statusCode).toBe(200);
    expect((await download(`${URL_DIR}/8301.pdf`)).statusCode).toBe(404);
    const own = await t.app.inject({ method: 'GET', url: `/api/admin/archives/${id}/pdf`, headers: auth });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toContain('application/pdf');
    expect(own.headers['cache-control']).toBe('no-store');
    expect(own.rawPayload).toEqual(testPdf('checked before enabling'));
  });

  it('answers 404 for an article without a PDF or an unknown one, and 401 without a token', async () => {
    const id = await addArticle('8302', testPdf('soon gone'));
    await t.journal.db.updateTable('articles').set({ file: null }).where('id', '=', id).execute();
    for (const url of [`/api/admin/archives/${id}/pdf`, '/api/admin/archives/999999/pdf']) {
      const answer = await t.app.inject({ method: 'GET', url, headers: auth });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json().error).toBe('not_found');
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/archives/${id}/pdf` })).statusCode).toBe(401);
  });
});

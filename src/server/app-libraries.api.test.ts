import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.js';

/**
 * The libraries of documents, zips, spreadsheets and OJS exports load with their first use, not with the server
 * (docs/decisions/109-document-libraries-on-first-use.md): each mock below notes when its library is first imported,
 * then hands over the real one.
 */
const loaded = vi.hoisted(() => new Set<string>());
vi.mock('pdfkit', async (real) => (loaded.add('pdfkit'), real()));
vi.mock('fontkit', async (real) => (loaded.add('fontkit'), real()));
vi.mock('archiver', async (real) => (loaded.add('archiver'), real()));
vi.mock('yauzl', async (real) => (loaded.add('yauzl'), real()));
vi.mock('fast-xml-parser', async (real) => (loaded.add('fast-xml-parser'), real()));
vi.mock('read-excel-file/node', async (real) => (loaded.add('read-excel-file'), real()));
vi.mock('write-excel-file/node', async (real) => (loaded.add('write-excel-file'), real()));

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a server', () => {
  it('starts and serves pages without the document, zip, spreadsheet or XML libraries', async () => {
    expect((await t.app.inject({ url: '/' })).statusCode).toBe(200);
    expect([...loaded]).toEqual([]);
  });

  it('loads pdfkit and fontkit with the first document it draws', async () => {
    const response = await t.app.inject({ url: '/api/pdf/editorialboard' });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(loaded).toEqual(new Set(['pdfkit', 'fontkit']));
  });

  it('loads the spreadsheet writer with the first XLSX file it writes', async () => {
    const headers = await t.authHeader();
    const response = await t.app.inject({ url: '/api/admin/import/template?format=xlsx', headers });
    expect(response.statusCode).toBe(200);
    expect(loaded.has('write-excel-file')).toBe(true);
    expect(loaded.has('read-excel-file')).toBe(false);
  });
});

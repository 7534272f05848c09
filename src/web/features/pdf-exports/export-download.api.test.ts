import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfUrls } from '../../../common/pdf-links.js';
import { pdfText, zipEntries } from '../../../server/test/pdf-inspect.js';
import { createTestApp, type TestApp } from '../../../server/test/test-app.js';
import { fetchExport, filenameOf, formatBytes } from './export-download.js';

let t: TestApp;
let origin: string;
let token: string;
let articleIds: number[];

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  token = (await t.authHeader()).authorization.replace('Bearer ', '');
  articleIds = (await t.ctx.db.selectFrom('articles').select('id').orderBy('id').limit(30).execute()).map((row) => row.id);
});
afterAll(() => t.close());

describe('fetchExport (the browser side of the admin exports)', () => {
  it('streams a zip of certificates, reporting growing byte counts, and names it from the server', async () => {
    const progress: number[] = [];
    const result = await fetchExport({
      url: origin + pdfUrls.bulkCertificates,
      selectedIds: articleIds,
      token,
      fallbackName: 'fallback.zip',
      onProgress: (received) => progress.push(received),
    });
    if (!result.ok) throw new Error(result.message);
    expect(result.filename).toBe('certificates.zip');
    expect(result.blob.type).toBe('application/zip');
    expect(progress.length).toBeGreaterThan(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(result.blob.size);
    const entries = zipEntries(new Uint8Array(await result.blob.arrayBuffer()));
    const authors = await t.ctx.db.selectFrom('articles').select('authorname').where('id', 'in', articleIds).execute();
    const expected = authors.reduce((sum, row) => sum + row.authorname.split(',').length, 0);
    expect(Object.keys(entries)).toHaveLength(expected);
  });

  it('saves the index page as a PDF', async () => {
    const result = await fetchExport({ url: origin + pdfUrls.indexPage, selectedIds: articleIds.slice(0, 3), token, fallbackName: 'x.pdf' });
    if (!result.ok) throw new Error(result.message);
    expect(result.filename).toBe('index-page.pdf');
    expect(pdfText(new Uint8Array(await result.blob.arrayBuffer()))).toContain('TABLE OF CONTENTS');
  });

  it('reports the server message of a refused export, and 401 without a token', async () => {
    const empty = await fetchExport({ url: origin + pdfUrls.editorsCertificates, selectedIds: [], token, fallbackName: 'x.zip' });
    expect(empty).toEqual({ ok: false, status: 400, message: 'Select at least one record.' });
    const anonymous = await fetchExport({ url: origin + pdfUrls.editorsCertificates, selectedIds: [1], token: undefined, fallbackName: 'x.zip' });
    expect(anonymous).toMatchObject({ ok: false, status: 401 });
  });

  it('reports an aborted download', async () => {
    const controller = new AbortController();
    const pending = fetchExport({
      url: origin + pdfUrls.bulkCertificates,
      selectedIds: articleIds,
      token,
      fallbackName: 'x.zip',
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    expect(await pending).toEqual({ ok: false, status: 0, message: 'Request aborted' });
  });
});

describe('download helpers', () => {
  it('reads the file name of a Content-Disposition header', () => {
    expect(filenameOf('attachment; filename="certificate-10001.pdf"', 'x')).toBe('certificate-10001.pdf');
    expect(filenameOf(null, 'fallback.zip')).toBe('fallback.zip');
  });

  it('formats byte counts', () => {
    expect(formatBytes(300)).toBe('1 KB');
    expect(formatBytes(812 * 1024)).toBe('812 KB');
    expect(formatBytes(2.45 * 1024 * 1024)).toBe('2.5 MB');
  });
});

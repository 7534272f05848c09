import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICTURE_PIXELS_MESSAGE } from '../../common/constants.js';
import { PDF_UNREADABLE_MESSAGE } from '../../common/schemas/article.js';
import { IMAGE_UNREADABLE_MESSAGE } from '../../common/schemas/editor-input.js';
import { articleFields, issueFields, multipartForm, testPdf, type IssueNumbers } from '../test/article-form.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { FAKE_FILES, pagelessPdf, pngClaiming, restrictedPdf, TEST_PICTURES } from '../test/upload-fixtures.js';

/**
 * Every upload route parses the PDF or decodes the picture it is sent, not only its first bytes
 * (docs/decisions/092-upload-content-checks.md): a refused file changes no row and leaves no file behind.
 */
let t: TestApp;
let auth: { authorization: string };
const ISSUE: IssueNumbers = { year: 2027, volume: 9, issue: 1 };
let articleId: number;
let editorId: number;
let indexingId: number;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  auth = await t.authHeader();
  await t.app.inject({
    method: 'POST',
    url: '/api/admin/create-issue',
    headers: auth,
    payload: { ...ISSUE, frequency: 'jan' },
  });
  articleId = (await send('POST', '/api/admin/archives/', articleAdd(), testPdf('first'))).json().id;
  editorId = (await send('POST', '/api/editors', editor(), TEST_PICTURES.png, 'imgFile')).json().id;
  indexingId = (await send('POST', '/api/admin/indexing', indexing(), TEST_PICTURES.png, 'imgFile')).json().id;
});
afterAll(() => t.close());

function send(method: string, url: string, fields: Record<string, string>, file: Buffer, field = 'pdfFile') {
  const form = field === 'pdfFile' ? multipartForm(fields, file) : multipartForm(fields);
  if (field !== 'pdfFile') form.append(field, new Blob([new Uint8Array(file)]), 'upload.bin');
  return t.app.inject({ method: method as 'POST', url, headers: auth, payload: form });
}

const articleAdd = () => ({ ...articleFields(++n), ...issueFields(ISSUE) });
const editor = () => ({
  name: `Dr. Upload ${++n}`,
  content: 'University of Lisbon',
  category: 'associate editor',
  post: 'Professor',
});
const indexing = () => ({ title: `Index ${++n}`, link: 'index.example' });

interface UploadRoute {
  field: 'pdfFile' | 'imgFile';
  url: () => string;
  fields: () => Record<string, string>;
}

const PDF_ROUTES: Record<string, UploadRoute> = {
  'article add': { field: 'pdfFile', url: () => '/api/admin/archives/', fields: articleAdd },
  'article edit': { field: 'pdfFile', url: () => `/api/archives/${articleId}`, fields: () => articleFields(1) },
};
const PICTURE_ROUTES: Record<string, UploadRoute> = {
  'editor add': { field: 'imgFile', url: () => '/api/editors', fields: editor },
  'editor edit': { field: 'imgFile', url: () => `/api/editors/${editorId}`, fields: editor },
  'indexing add': { field: 'imgFile', url: () => '/api/admin/indexing', fields: indexing },
  'indexing edit': { field: 'imgFile', url: () => `/api/admin/indexing/${indexingId}`, fields: indexing },
  'site picture': { field: 'imgFile', url: () => '/api/admin/site-pictures/logo', fields: () => ({}) },
};

const upload = (route: UploadRoute, file: Buffer) => send('POST', route.url(), route.fields(), file, route.field);

/** Every file under DATA_DIR (temporary ones too) and every row an upload writes. */
async function everything() {
  const tables = ['articles', 'editors', 'indexing', 'site_pictures', 'activity_log', 'pending_file_moves'] as const;
  const rows = await Promise.all(tables.map((table) => t.journal.db.selectFrom(table).selectAll().execute()));
  const files = fs
    .readdirSync(t.dataDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(t.dataDir, path.join(entry.parentPath, entry.name)));
  return { files: files.sort(), rows };
}

const cases = (routes: Record<string, UploadRoute>, files: Record<string, [Buffer, string]>) =>
  Object.entries(routes).flatMap(([routeName, route]) =>
    Object.entries(files).map(([fileName, [file, message]]) => [routeName, fileName, route, file, message] as const),
  );

/** Sends `file` and expects a 400 with `message`, every row and file as they were. */
async function expectRefused(route: UploadRoute, file: Buffer, message: string) {
  const before = await everything();
  const response = await upload(route, file);
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ error: 'invalid_file', message });
  expect(await everything()).toEqual(before);
}

describe('PDF uploads', () => {
  it.each(
    cases(PDF_ROUTES, {
      'the bare signature %PDF-': [FAKE_FILES.bareSignaturePdf, PDF_UNREADABLE_MESSAGE],
      '%PDF-1.4 followed by HTML': [FAKE_FILES.htmlPdf, PDF_UNREADABLE_MESSAGE],
      'a PDF cut in half': [testPdf('cut').subarray(0, 300), PDF_UNREADABLE_MESSAGE],
      'a PDF without pages': [pagelessPdf(), PDF_UNREADABLE_MESSAGE],
    }),
  )('%s refuses %s with a 400, storing nothing', (_route, _file, route, file, message) =>
    expectRefused(route, file, message),
  );

  it.each(
    cases(PDF_ROUTES, {
      'a one-page PDF': [testPdf('valid'), ''],
      'a PDF with an owner password only (opens without one)': [restrictedPdf('restricted'), ''],
    }),
  )('%s stores %s', async (_route, _file, route, file) => {
    const response = await upload(route, file);
    expect(response.statusCode).toBeLessThan(300);
    const { year, volume, issue, file: name } = response.json();
    const stored = path.join(t.journal.files.root, `archives/${year}/vol${volume}issue${issue}`, name);
    expect(fs.readFileSync(stored).equals(file)).toBe(true);
  });
});

describe('picture uploads', () => {
  it.each(
    cases(PICTURE_ROUTES, {
      'a PNG signature followed by HTML': [FAKE_FILES.htmlPng, IMAGE_UNREADABLE_MESSAGE],
      'a truncated PNG': [FAKE_FILES.truncatedPng, IMAGE_UNREADABLE_MESSAGE],
      'a PNG claiming 50,000 × 50,000 pixels': [FAKE_FILES.bombPng, PICTURE_PIXELS_MESSAGE],
      'a PNG claiming 7,000 × 7,000 pixels (49 megapixels)': [pngClaiming(7_000, 7_000), PICTURE_PIXELS_MESSAGE],
    }),
  )('%s refuses %s with a 400, storing nothing', (_route, _file, route, file, message) =>
    expectRefused(route, file, message),
  );

  it.each(
    cases(
      PICTURE_ROUTES,
      Object.fromEntries(Object.entries(TEST_PICTURES).map(([format, file]) => [format, [file, format]])),
    ),
  )('%s stores a valid %s picture under its extension', async (_route, _file, route, file, extension) => {
    const before = (await everything()).files;
    const response = await upload(route, file);
    expect(response.statusCode).toBeLessThan(300);
    const added = (await everything()).files.filter((name) => !before.includes(name));
    expect(added).toEqual([expect.stringMatching(new RegExp(`\\.${extension}$`))]);
    expect(fs.readFileSync(path.join(t.dataDir, added[0]!)).equals(file)).toBe(true);
  });
});

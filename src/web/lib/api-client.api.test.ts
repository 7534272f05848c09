import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { pdfUrls } from '../../common/pdf-links.js';
import { pdfText, zipEntries } from '../../server/test/pdf-inspect.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../server/test/test-app.js';
import {
  adminDownload,
  adminRequest,
  requireAdminSession,
  SESSION_EXPIRED_MESSAGE,
} from '../features/admin-shell/admin-request.js';
import { formatBytes } from '../features/pdf-exports/export-download.js';
import { requireLogin } from '../routes/worklog/worklog-login.js';
import { apiDownload, apiRequest, filenameOf } from './api-client.js';
import { checkSession } from './session-guard.js';
import { getSession, setSession } from './session.js';
import { signIn } from './sign-in.js';

let t: TestApp;
let origin: string;
let articleIds: number[];
const realFetch = globalThis.fetch;
const asked: string[] = [];

/** The browser's surroundings: localStorage, alert and location, and fetch resolving paths against the test server. */
function stubBrowser() {
  const stored = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  });
  vi.stubGlobal('window', { alert: vi.fn(), location: { assign: vi.fn() } });
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    asked.push(url);
    return realFetch(new URL(url, origin), init);
  });
}

async function signInAsAdmin() {
  const result = await signIn(TEST_ADMIN);
  if (!result.ok) throw new Error(result.message);
  setSession(result.session);
}

/** A redirect thrown by a loader, as [status, location]. */
async function redirectOf(loading: Promise<unknown>): Promise<[number, string | null]> {
  const thrown = await loading.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(thrown instanceof Response)) throw new Error(`expected a redirect, got ${String(thrown)}`);
  return [thrown.status, thrown.headers.get('location')];
}

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  articleIds = (await t.journal.db.selectFrom('articles').select('id').orderBy('id').limit(30).execute()).map(
    (row) => row.id,
  );
});
afterAll(() => t.close());
beforeEach(() => {
  stubBrowser();
  asked.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('apiRequest (every call of the browser)', () => {
  it('signs in, sends the stored token, and reports refusals as the server explains them', async () => {
    expect(await signIn({ username: TEST_ADMIN.username, password: 'wrong' })).toEqual({
      ok: false,
      message: 'Invalid user and password',
    });
    await signInAsAdmin();
    expect(await apiRequest('/api/admin/')).toMatchObject({
      ok: true,
      status: 200,
      data: { archives: expect.any(Number) },
    });
    expect(await apiRequest('/api/admin/', { withToken: false })).toMatchObject({
      ok: false,
      status: 401,
      error: 'unauthorized',
    });
    expect(await apiRequest('/api/admin/create-issue', { method: 'POST', body: {} })).toMatchObject({
      ok: false,
      status: 400,
    });
  });

  it("runs the calling area's rule on a 401 only", async () => {
    const onUnauthorized = vi.fn();
    await apiRequest('/api/archives/', { onUnauthorized });
    expect(onUnauthorized).not.toHaveBeenCalled();
    await apiRequest('/api/admin/', { onUnauthorized });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('reports a server that does not answer as a Network Error', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('fetch failed')));
    expect(await apiRequest('/api/archives/')).toEqual({
      ok: false,
      error: 'Network Error',
      message: 'Network Error',
      status: 0,
    });
  });
});

describe('apiDownload (the admin exports)', () => {
  beforeEach(signInAsAdmin);

  it('streams a zip of certificates, reporting growing byte counts, and names it from the server', async () => {
    const progress: number[] = [];
    const result = await apiDownload(pdfUrls.bulkCertificates, {
      method: 'POST',
      body: { ids: articleIds },
      fallbackName: 'fallback.zip',
      onProgress: (received) => progress.push(received),
    });
    if (!result.ok) throw new Error(result.message);
    const { blob, filename } = result.data;
    expect(filename).toBe('certificates.zip');
    expect(blob.type).toBe('application/zip');
    expect(progress.length).toBeGreaterThan(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(blob.size);
    const entries = zipEntries(new Uint8Array(await blob.arrayBuffer()));
    const authors = await t.journal.db
      .selectFrom('articles')
      .select('authorname')
      .where('id', 'in', articleIds)
      .execute();
    const expected = authors.reduce((sum, row) => sum + row.authorname.split(',').length, 0);
    expect(Object.keys(entries)).toHaveLength(expected);
  });

  it('saves the index page as a PDF', async () => {
    const result = await apiDownload(pdfUrls.indexPage, {
      method: 'POST',
      body: { ids: articleIds.slice(0, 3) },
      fallbackName: 'x.pdf',
    });
    if (!result.ok) throw new Error(result.message);
    expect(result.data.filename).toBe('index-page.pdf');
    expect(pdfText(new Uint8Array(await result.data.blob.arrayBuffer()))).toContain('TABLE OF CONTENTS');
  });

  it('reports the server message of a refused export', async () => {
    const empty = await apiDownload(pdfUrls.editorsCertificates, {
      method: 'POST',
      body: { ids: [] },
      fallbackName: 'x.zip',
    });
    expect(empty).toMatchObject({ ok: false, status: 400, message: 'Select at least one record.' });
  });

  it('reports an aborted download', async () => {
    const controller = new AbortController();
    const pending = apiDownload(pdfUrls.bulkCertificates, {
      method: 'POST',
      body: { ids: articleIds },
      fallbackName: 'x.zip',
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    expect(await pending).toEqual({ ok: false, error: 'Request aborted', message: 'Request aborted', status: 0 });
  });
});

describe("the admin area's 401 rule (specification: States and transitions)", () => {
  it('a refused export, like any admin call, clears the session, alerts once and goes to the sign-in page', async () => {
    setSession({
      token: 'expired',
      user: { id: 1, username: 'admin', name: 'Administrator', role: 'admin', publisher: false },
    });
    expect(
      await adminDownload(pdfUrls.editorsCertificates, { method: 'POST', body: { ids: [1] }, fallbackName: 'x.zip' }),
    ).toMatchObject({ status: 401 });
    expect(await adminRequest('/api/admin/')).toMatchObject({ status: 401, error: 'unauthorized' });
    expect(getSession()).toBeNull();
    expect(window.alert).toHaveBeenCalledTimes(1);
    expect(window.alert).toHaveBeenCalledWith(SESSION_EXPIRED_MESSAGE);
    expect(window.location.assign).toHaveBeenCalledWith('/admin/login');
  });
});

describe('the session guard of both signed-in areas', () => {
  it('checks a stored login with the server once per token', async () => {
    expect(await checkSession()).toEqual({ kind: 'signed-out' });
    await signInAsAdmin();
    const [first, second] = await Promise.all([checkSession(), checkSession()]);
    expect(first).toEqual({
      kind: 'signed-in',
      user: expect.objectContaining({ username: TEST_ADMIN.username, role: 'admin' }),
    });
    expect(second).toBe(first);
    expect(await checkSession()).toBe(first);
    expect(asked.filter((url) => url === '/auth/verify-token/')).toHaveLength(1);
    expect(await requireAdminSession()).toMatchObject({ username: TEST_ADMIN.username });
    expect(await requireLogin()).toMatchObject({ username: TEST_ADMIN.username });
  });

  it('asks again after a refusal', async () => {
    setSession({
      token: 'refused-token',
      user: { id: 1, username: 'admin', name: 'Administrator', role: 'admin', publisher: false },
    });
    expect(await checkSession()).toMatchObject({ kind: 'refused', failure: { status: 401 } });
    expect(await checkSession()).toMatchObject({ kind: 'refused' });
    expect(asked.filter((url) => url === '/auth/verify-token/')).toHaveLength(2);
  });

  it("sends each area's visitors where its specification says", async () => {
    expect(await redirectOf(requireAdminSession())).toEqual([302, '/admin/login']);
    expect(await redirectOf(requireLogin())).toEqual([302, '/webdata/login']);
    // A refused work-log login is cleared and goes to the root (specification: Work-log area).
    setSession({
      token: 'stale-token',
      user: { id: 1, username: 'admin', name: 'Administrator', role: 'admin', publisher: false },
    });
    expect(await redirectOf(requireLogin())).toEqual([302, '/']);
    expect(getSession()).toBeNull();
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

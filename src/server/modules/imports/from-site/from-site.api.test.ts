import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorLine, authorsFromLine, authorsOrLine, type Author } from '../../../../common/authors.js';
import { PRIVATE_SETTING_FIELDS, settingsInputSchema } from '../../../../common/schemas/settings.js';
import { LONE_SURROGATE_MESSAGE, NUL_MESSAGE } from '../../../../common/schemas/text-characters.js';
import { createContext } from '../../../bootstrap.js';
import { loadConfig } from '../../../config.js';
import type { ArticleRow } from '../../../db/schema.js';
import { FileStore } from '../../../storage/file-store.js';
import { sanitizeInlineName, sanitizeRichText } from '../../../storage/sanitize.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { findAuthors, replaceAuthors } from '../../articles/article-authors.repository.js';
import type { ImportedArticle, ImportedFile, ImportPlan } from '../import-plan.js';
import { runImportCommand } from '../../../ops/import-command.js';
import { ImportService } from '../import.service.js';
import { readSite, SiteReadError } from './read-site.js';
import { IMPORT_USER_AGENT, MAX_RETRIES } from './site-client.js';

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

let source: TestApp;
let origin: string;

/** The authors one demo article is given, with what only structured authors carry. */
const STRUCTURED_AUTHORS: Author[] = [
  {
    given_name: 'Maria',
    family_name: 'van der Berg',
    affiliation: 'Leiden University',
    country: 'Netherlands',
    orcid: '0000-0002-1825-0097',
    email: 'maria@leiden.example',
    corresponding: true,
  },
  {
    given_name: 'Ravi',
    family_name: 'Kumar',
    affiliation: 'IIT Delhi',
    country: 'India',
    orcid: '',
    email: '',
    corresponding: false,
  },
];

/**
 * The demo journal, with one article given structured authors and a title with a tag and an entity, one with an
 * entity alone, one article withdrawn and one editor disabled.
 */
beforeAll(async () => {
  source = await createTestApp({ seedDemo: true });
  const db = source.journal.db;
  const [structured, withdrawn, ampersand] = await db
    .selectFrom('articles')
    .selectAll()
    .orderBy('id')
    .limit(3)
    .execute();
  await replaceAuthors(db, structured!.id, STRUCTURED_AUTHORS);
  await db
    .updateTable('articles')
    .set({ authorname: authorLine(STRUCTURED_AUTHORS), title: 'Growth of <i>E. coli</i> in R&amp;D laboratories' })
    .where('id', '=', structured!.id)
    .execute();
  await db
    .updateTable('articles')
    .set({ title: 'Soil &amp; water in dry lands' })
    .where('id', '=', ampersand!.id)
    .execute();
  await db.updateTable('articles').set({ status: 'disabled' }).where('id', '=', withdrawn!.id).execute();
  const lastEditor = await db.selectFrom('editors').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  await db.updateTable('editors').set({ status: 'disabled' }).where('id', '=', lastEditor.id).execute();
  source.journal.clock.publicDataChanged();
  origin = await source.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => source.close());

const storedFile = (relativePath: string) => fs.readFileSync(source.journal.files.resolve(relativePath));
const articlesOf = (plan: ImportPlan) => plan.issues.flatMap((issue) => issue.articles);
const articleOf = (plan: ImportPlan, refnumber: string): ImportedArticle =>
  articlesOf(plan).find((article) => article.refnumber === refnumber)!;

async function publishedArticles(): Promise<ArticleRow[]> {
  return source.journal.db
    .selectFrom('articles')
    .selectAll()
    .where('status', '=', 'enabled')
    .where('refnumber', '<>', '')
    .where('issue_published', '=', 1)
    .orderBy('year')
    .orderBy('volume')
    .orderBy('issue')
    .orderBy('first_page')
    .execute();
}

const withoutEmails = (authors: Author[]) => authors.map((author) => ({ ...author, email: '' }));

/** A fetch whose JSON answers under /api/archives/ are rewritten by `change`. */
function rewritingFetch(change: (path: string, json: unknown) => Promise<unknown> | unknown): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const path = new URL(String(input)).pathname;
    if (!path.startsWith('/api/archives/') || response.status !== 200) return response;
    const json = await change(path, await response.json());
    return new Response(JSON.stringify(json), { headers: { 'content-type': 'application/json' } });
  };
}

/** A server of our own answering every request with `answer`; stopped when the test ends. */
async function otherServer(answer: (response: http.ServerResponse) => void): Promise<{ url: string; close(): void }> {
  const server = http.createServer((_request, response) => answer(response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

/** A setting as the site shows it: its HTML sanitised again on the way out, as every answer's is. */
function shown(key: string, value: unknown): unknown {
  if (key === 'formatted_journal_name') return sanitizeInlineName(String(value));
  return key === 'home_content' ? sanitizeRichText(String(value)) : value;
}

describe('a site running this product', () => {
  let plan: ImportPlan;
  const progress: [number, number, string][] = [];
  beforeAll(async () => {
    plan = await readSite(`${origin}/`, { onProgress: (...call) => progress.push(call) });
  });

  it('gives every published issue, oldest first, at its address, with its months, published', async () => {
    const issues = await source.journal.db
      .selectFrom('issues')
      .select(['year', 'volume', 'issue', 'frequency'])
      .where('state', '=', 'published')
      .orderBy('year')
      .orderBy('volume')
      .orderBy('issue')
      .execute();
    expect(issues.length).toBeGreaterThan(1);
    expect(plan.source).toBe(origin);
    expect(plan.problems).toEqual([]);
    expect(plan.issues.map(({ year, volume, issue, frequency }) => ({ year, volume, issue, frequency }))).toEqual(
      issues,
    );
    for (const issue of plan.issues) {
      expect(issue.record).toBe(`issue ${issue.year} vol ${issue.volume} no ${issue.issue}`);
      expect(issue.state).toBe('published');
      expect(issue.publication_date).toBe('');
    }
  });

  it('gives every published article with the fields readers see, in its issue, by first page', async () => {
    const rows = await publishedArticles();
    expect(articlesOf(plan).map((article) => article.refnumber)).toEqual(rows.map((row) => row.refnumber));
    for (const row of rows) {
      const issue = plan.issues.find((candidate) =>
        candidate.articles.some((article) => article.refnumber === row.refnumber),
      )!;
      expect([issue.year, issue.volume, issue.issue]).toEqual([row.year, row.volume, row.issue]);
      const article = articleOf(plan, row.refnumber);
      expect(article).toMatchObject({
        record: `${issue.record}, article ${row.refnumber}`,
        title: row.title,
        abstract: row.abstract,
        keywords: row.keywords,
        doi: row.doi,
        subject: row.subject,
        country: row.country,
        pagenumber: row.pagenumber,
        publishdate: row.publishdate,
        status: 'enabled',
        licence_name: row.licence_name,
        licence_url: row.licence_url,
      });
      expect(article.authors).toEqual(withoutEmails(authorsOrLine(await findAuthors(source.journal.db, row.id), row)));
      expect(article.pdf?.name).toBe(row.file);
    }
  });

  it('keeps the structured authors the site gives, with their affiliations and ORCID iDs', () => {
    const withAuthors = articlesOf(plan).find((article) => article.authors[0]?.family_name === 'van der Berg');
    expect(withAuthors?.authors).toEqual(withoutEmails(STRUCTURED_AUTHORS));
  });

  it('leaves out the withdrawn article, and stands in for what the site keeps from the public', async () => {
    const all = await source.journal.db.selectFrom('articles').select('refnumber').execute();
    expect(articlesOf(plan)).toHaveLength(all.length - 1);
    const settings = await source.journal.db.selectFrom('settings').selectAll().executeTakeFirstOrThrow();
    for (const article of articlesOf(plan)) {
      expect(article).toMatchObject({
        txnid: `site-${article.refnumber}`,
        email: settings.websiteemail,
        mobile: '',
        ptype: 'paid',
      });
    }
    const notices = plan.unmapped.map((notice) => notice.message).join('\n');
    expect(notices).toContain(
      "The site does not show transaction ids, contact emails, payment types, mobile numbers, authors' emails publicly",
    );
    expect(notices).toContain(`its contact email is the journal's (${settings.websiteemail})`);
    expect(plan.unmapped.filter((notice) => notice.record === 'articles')).toHaveLength(1);
  });

  it("downloads every article's PDF with the bytes the site stores", async () => {
    const rows = await publishedArticles();
    for (const row of rows) {
      const bytes = await articleOf(plan, row.refnumber).pdf!.read();
      const stored = storedFile(FileStore.articlePath(row.year, row.volume, row.issue, row.refnumber));
      expect(sha256(bytes), row.refnumber).toBe(sha256(stored));
    }
  });

  it('gives the enabled editors with their pictures', async () => {
    const rows = await source.journal.db.selectFrom('editors').selectAll().where('status', '=', 'enabled').execute();
    expect(plan.editors.map((editor) => editor.name).sort()).toEqual(rows.map((row) => row.name).sort());
    expect(rows.some((row) => row.picture) && rows.some((row) => !row.picture)).toBe(true);
    for (const row of rows) {
      const editor = plan.editors.find((candidate) => candidate.name === row.name)!;
      expect(editor).toMatchObject({
        record: `editor '${row.name}'`,
        category: row.category,
        post: row.post,
        degree: row.degree,
        content: row.content,
        email: row.email,
        phone: row.phone,
        country: row.country,
        editor_website: row.editor_website,
        status: 'enabled',
        is_pinned: row.is_pinned === 1,
      });
      if (!row.picture) expect(editor.picture).toBeNull();
      else expect(sha256(await editor.picture!.read())).toBe(sha256(storedFile(`editors/${row.picture}`)));
    }
    expect(plan.unmapped).toContainEqual({
      record: 'editors',
      message: 'Those the site has disabled are not public, so not read: only the enabled editors are.',
    });
  });

  it('gives the indexing entries in order with their logos', async () => {
    const rows = await source.journal.db
      .selectFrom('indexing')
      .selectAll()
      .where('status', '=', 'enabled')
      .orderBy('sortnumber')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(plan.indexing.map(({ logo: _logo, ...entry }) => entry)).toEqual(
      rows.map((row) => ({
        record: `indexing entry '${row.title}'`,
        title: row.title,
        link: row.link,
        sortnumber: row.sortnumber,
        status: 'enabled',
      })),
    );
    for (const [index, row] of rows.entries()) {
      const logo = plan.indexing[index]!.logo!;
      expect(logo.name).toBe(row.image);
      expect(sha256(await logo.read())).toBe(sha256(storedFile(`indexing/${row.image}`)));
    }
  });

  it('gives the public settings, home content included, and says which are not public', async () => {
    const row = await source.journal.db.selectFrom('settings').selectAll().executeTakeFirstOrThrow();
    const hidden = new Set<string>(PRIVATE_SETTING_FIELDS);
    const keys = Object.keys(settingsInputSchema.shape);
    const expected = Object.fromEntries(
      keys
        .filter((key) => !hidden.has(key))
        .map((key) => [key, shown(key, row[key as keyof typeof row])])
        .filter(([, value]) => value !== ''),
    );
    expect(plan.settings).toEqual(expected);
    expect(plan.settings.home_content).toContain('<h2>Aims and Scope</h2>');
    expect(plan.settings.issn).toBe('2999-1234');
    expect(plan.unmapped).toContainEqual({
      record: 'settings',
      message: `The site does not show these settings publicly (or has none of them), so they are not copied: ${keys.filter((key) => hidden.has(key)).join(', ')}.`,
    });
  });

  it('tells its progress call by call, up to every call it made', () => {
    const articles = articlesOf(plan).length;
    const total = 4 + plan.issues.length + articles;
    expect(progress).toHaveLength(total);
    expect(progress.at(-1)!.slice(0, 2)).toEqual([total, total]);
    expect(progress.map(([done]) => done)).toEqual(Array.from({ length: total }, (_, index) => index + 1));
    expect(progress.map(([, , what]) => what)).toContain('settings');
  });
});

describe('an installation no server has started yet', () => {
  it("takes the site's settings from the command line, and then starts as that journal, not the demo", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-never-started-'));
    const lines: string[] = [];
    try {
      const database = { sqliteFile: path.join(dataDir, 'journal.sqlite') };
      await runImportCommand(
        { action: 'import', source: { kind: 'site', url: origin }, journal: undefined, dryRun: false },
        { dataDir, database },
        (line) => lines.push(line),
      );
      expect(lines.join('\n')).toMatch(/imported \d+ issues, \d+ articles, .*\d+ settings/);
      const started = await createContext(
        loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'silent' }),
        pino({ level: 'silent' }),
        database,
      );
      try {
        const settings = await started.journals.first().services.settings.get();
        const original = await source.journal.services.settings.get();
        for (const field of ['websitename', 'issn', 'journal_essn', 'home_content'] as const)
          expect(settings[field], field).toBe(original[field]);
        const issues = await started.journals.first().db.selectFrom('issues').select('id').execute();
        const sourceIssues = await source.journal.db.selectFrom('issues').select('id').execute();
        expect(issues.length).toBe(sourceIssues.length);
        expect(started.journals.all()).toHaveLength(1);
      } finally {
        await started.usage.close();
        await started.db.destroy();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("a site answering as the original product's calls are specified", () => {
  /** The original gives no issue numbers or structured authors, stores titles encoded and shows every column. */
  const originalLike = rewritingFetch(async (path, json) => {
    if (path === '/api/archives/') {
      return (json as Record<string, unknown>[]).map(({ issues: _issues, ...group }) => group);
    }
    // An article's own answer comes as the list of one row its query found.
    const rows = Array.isArray(json) ? json : [json];
    return Promise.all(rows.map((article) => asOriginal(article as Record<string, unknown>)));
  });

  const encoded = (html: string) => html.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

  async function asOriginal({ authors: _a, licence_name: _n, licence_url: _u, ...article }: Record<string, unknown>) {
    const row = await source.journal.db
      .selectFrom('articles')
      .select(['txnid', 'email', 'mobile', 'ptype'])
      .where('refnumber', '=', String(article.refnumber))
      .executeTakeFirstOrThrow();
    return { ...article, ...row, title: encoded(String(article.title)), refnumber: Number(article.refnumber) };
  }

  it('numbers issues by their count, reads authors from the line and takes the fields it shows', async () => {
    const plan = await readSite(origin, { fetch: originalLike });
    const rows = await publishedArticles();
    expect(plan.problems).toEqual([]);
    expect(articlesOf(plan)).toHaveLength(rows.length);
    for (const row of rows) {
      expect(articleOf(plan, row.refnumber)).toMatchObject({
        title: row.title,
        authors: authorsFromLine(row.authorname),
        txnid: row.txnid,
        email: row.email,
        mobile: row.mobile,
        ptype: row.ptype,
        licence_name: '',
      });
    }
    const notices = plan.unmapped.filter((notice) => notice.record === 'articles').map((notice) => notice.message);
    expect(notices).toEqual([
      "The site does not show authors' emails publicly (the original product keeps them for its staff), so they cannot be copied. Where an article's is not shown, its authors have no emails. Correct them after the import where they matter.",
      `The site gives no structured authors: the authors of ${rows.length} article(s) are read from their author line, without affiliations, countries or ORCID iDs.`,
    ]);
  });
});

describe('a site whose text no form takes', () => {
  it('gets a dry run naming the article and field of a NUL and of a lone surrogate, as the forms would', async () => {
    const [first] = await publishedArticles();
    const damaged = rewritingFetch((_path, json) =>
      Array.isArray(json) || (json as { refnumber?: unknown }).refnumber !== first!.refnumber
        ? json
        : { ...(json as object), title: 'Growth\u0000 of rice', keywords: 'rice, \udc00nitrogen' },
    );
    const plan = await readSite(origin, { fetch: damaged });
    const report = await new ImportService(source.journal.db, source.journal.files, source.journal.clock).dryRun(plan);
    const record = `issue ${first!.year} vol ${first!.volume} no ${first!.issue}, article ${first!.refnumber}`;
    expect(report.problems).toEqual([
      { record, field: 'title', message: NUL_MESSAGE },
      { record, field: 'keywords', message: LONE_SURROGATE_MESSAGE },
    ]);
  });
});

describe('a site that keeps its board for its staff', () => {
  it('reads no editors and says why', async () => {
    const staffOnly: typeof fetch = async (input, init) =>
      new URL(String(input)).pathname === '/api/editors/'
        ? new Response('{"error":"unauthorized"}', { status: 401, statusText: 'Unauthorized' })
        : fetch(input, init);
    const plan = await readSite(origin, { fetch: staffOnly });
    expect(plan.editors).toEqual([]);
    expect(plan.indexing.length).toBeGreaterThan(0);
    expect(plan.unmapped).toContainEqual({
      record: 'editors',
      message:
        'GET /api/editors/ answered 401 Unauthorized: the site does not show its editors publicly, so none are read.',
    });
  });
});

describe('an address that is not a journal site', () => {
  it('is refused by the call that shows it, naming the address', async () => {
    const page = await otherServer((response) =>
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>'),
    );
    const missing = await otherServer((response) => response.writeHead(404, { 'content-type': 'text/html' }).end());
    try {
      await expect(readSite(page.url)).rejects.toThrow(
        new SiteReadError(
          `${page.url} does not answer like a journal site: GET /api/settings/ returned a page that is not JSON (text/html)`,
        ),
      );
      await expect(readSite(`${missing.url}/journal/`)).rejects.toThrow(
        `${missing.url}/journal does not answer like a journal site: GET /api/settings/ returned 404 Not Found`,
      );
    } finally {
      page.close();
      missing.close();
    }
  });

  it('is refused when it answers JSON of another shape', async () => {
    const other = await otherServer((response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}'),
    );
    try {
      await expect(readSite(other.url)).rejects.toThrow(
        `${other.url} does not answer like a journal site: GET /api/settings/ returned JSON that is not a journal's settings`,
      );
    } finally {
      other.close();
    }
  });

  it('is refused when nothing answers there, after the retries', async () => {
    const gone = await otherServer(() => {});
    gone.close();
    await expect(readSite(gone.url, { retryDelayMs: 1 })).rejects.toThrow(
      `${gone.url} does not answer: GET ${gone.url}/api/settings/ failed: ECONNREFUSED, ${MAX_RETRIES + 1} attempts`,
    );
  });

  it('is refused when it is not a web address', async () => {
    await expect(readSite('ftp://journal.example')).rejects.toThrow(
      'ftp://journal.example is not the web address of a site (like https://journal.example)',
    );
  });
});

describe('being polite to the site', () => {
  it('keeps to its number of requests at once and names itself', async () => {
    let active = 0;
    let most = 0;
    const agents = new Set<string>();
    const counting: typeof fetch = async (input, init) => {
      active += 1;
      most = Math.max(most, active);
      agents.add(new Headers(init?.headers).get('user-agent') ?? '');
      try {
        const response = await fetch(input, init);
        return new Response(await response.arrayBuffer(), response);
      } finally {
        active -= 1;
      }
    };
    await readSite(origin, { fetch: counting, concurrency: 2 });
    expect(most).toBe(2);
    expect([...agents]).toEqual([IMPORT_USER_AGENT]);
  });

  it('retries a 5xx answer and a network failure with pauses, and reads the same plan', async () => {
    const attempts = new Map<string, number>();
    const flaky: typeof fetch = async (input, init) => {
      const path = new URL(String(input)).pathname;
      const attempt = (attempts.get(path) ?? 0) + 1;
      attempts.set(path, attempt);
      if (path === '/api/settings/' && attempt <= MAX_RETRIES) return new Response('busy', { status: 503 });
      if (path === '/api/archives/' && attempt === 1)
        throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
      return fetch(input, init);
    };
    const plan = await readSite(origin, { fetch: flaky, retryDelayMs: 1 });
    expect(attempts.get('/api/settings/')).toBe(MAX_RETRIES + 1);
    expect(attempts.get('/api/archives/')).toBe(2);
    expect(plan.issues.length).toBeGreaterThan(0);
  });

  it('gives up after its retries, naming the call and the answer', async () => {
    let attempts = 0;
    const down: typeof fetch = async () => {
      attempts += 1;
      return new Response('down', { status: 502, statusText: 'Bad Gateway' });
    };
    await expect(readSite(origin, { fetch: down, retryDelayMs: 1 })).rejects.toThrow(
      `${origin} does not answer like a journal site: GET /api/settings/ returned 502 Bad Gateway`,
    );
    expect(attempts).toBe(MAX_RETRIES + 1);
  });

  it('reports an issue the archive lists but that does not answer as a problem of the plan', async () => {
    const [first] = await publishedArticles();
    const issuePath = `/api/archives/${first!.year}/${first!.volume}/${first!.issue}`;
    const missingIssue: typeof fetch = async (input, init) =>
      new URL(String(input)).pathname === issuePath
        ? new Response('', { status: 404, statusText: 'Not Found' })
        : fetch(input, init);
    const plan = await readSite(origin, { fetch: missingIssue });
    const record = `issue ${first!.year} vol ${first!.volume} no ${first!.issue}`;
    expect(plan.problems).toEqual([
      {
        record,
        field: '',
        message: `The archive lists it, but GET ${issuePath} answered 404 Not Found: read the site again.`,
      },
    ]);
    expect(plan.issues.map((issue) => issue.record)).not.toContain(record);
  });
});

describe('files that cannot be had', () => {
  let first: ArticleRow;
  let address: string;
  beforeAll(async () => {
    [first] = await publishedArticles();
    address = `${origin}/assets/archives/${first.year}/vol${first.volume}issue${first.issue}/${first.file}`;
  });
  const pdfOf = (plan: ImportPlan): ImportedFile => articleOf(plan, first.refnumber).pdf!;

  it('a PDF that answers 404 names its address', async () => {
    const plan = await readSite(origin);
    const stored = source.journal.files.resolve(
      FileStore.articlePath(first.year, first.volume, first.issue, first.refnumber),
    );
    const bytes = fs.readFileSync(stored);
    fs.rmSync(stored);
    try {
      await expect(pdfOf(plan).read()).rejects.toThrow(
        `The file ${first.file} could not be downloaded from ${address}: the site answered 404 Not Found.`,
      );
    } finally {
      fs.writeFileSync(stored, bytes);
    }
  });

  it('a page answered instead of a PDF is refused', async () => {
    const pages: typeof fetch = async (input, init) =>
      new URL(String(input)).pathname.startsWith('/assets/')
        ? new Response('<html></html>', { headers: { 'content-type': 'text/html' } })
        : fetch(input, init);
    const plan = await readSite(origin, { fetch: pages });
    await expect(pdfOf(plan).read()).rejects.toThrow(
      `The file ${first.file} could not be downloaded from ${address}: what the site answered is not a PDF (text/html).`,
    );
  });

  it('a file over the size limit is refused', async () => {
    const plan = await readSite(origin, { maxFileBytes: 1000 });
    await expect(pdfOf(plan).read()).rejects.toThrow(
      `The file ${first.file} could not be downloaded from ${address}: it is larger than the 1000 bytes an import reads.`,
    );
  });

  it('a download that does not finish in time is refused after its retries', async () => {
    let attempts = 0;
    const stalled: typeof fetch = (input, init) => {
      if (!new URL(String(input)).pathname.startsWith('/assets/')) return fetch(input, init);
      attempts += 1;
      return new Promise((_resolve, reject) =>
        init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason)),
      );
    };
    const plan = await readSite(origin, { fetch: stalled, timeoutMs: 200, retryDelayMs: 1 });
    const started = Date.now();
    await expect(pdfOf(plan).read()).rejects.toThrow(
      `The file ${first.file} could not be downloaded from ${address}: no complete answer within 0.2 s, ${MAX_RETRIES + 1} attempts.`,
    );
    expect(attempts).toBe(MAX_RETRIES + 1);
    expect(Date.now() - started).toBeGreaterThanOrEqual((MAX_RETRIES + 1) * 200);
  });
});

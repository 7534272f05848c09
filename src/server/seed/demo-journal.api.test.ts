import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/passwords.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
});
afterAll(() => t.close());

describe('demo journal', () => {
  it('has three years of issues and at least 60 enabled articles, each with a real PDF on disk', async () => {
    const issues = await t.journal.db.selectFrom('issues').select(['year']).distinct().execute();
    expect(issues.map((i) => i.year).sort()).toEqual([2024, 2025, 2026]);
    const articles = await t.journal.db.selectFrom('articles').selectAll().where('status', '=', 'enabled').execute();
    expect(articles.length).toBeGreaterThanOrEqual(60);
    for (const article of articles) {
      const file = path.join(
        t.journal.files.root,
        'archives',
        String(article.year),
        `vol${article.volume}issue${article.issue}`,
        article.file!,
      );
      expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('looks true: no article dated after today, page ranges that fit the PDFs, long abstracts and DOIs', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const articles = await t.journal.db.selectFrom('articles').selectAll().execute();
    for (const article of articles) {
      expect(article.publishdate <= today, article.refnumber).toBe(true);
      expect(article.abstract_text.length, article.refnumber).toBeGreaterThan(600);
      expect(article.doi).toBe(`10.5555/ijars.${article.year}.${article.volume}.${article.issue}.${article.refnumber}`);
    }
    for (const article of articles.slice(0, 6)) {
      const file = path.join(
        t.journal.files.root,
        'archives',
        String(article.year),
        `vol${article.volume}issue${article.issue}`,
        article.file!,
      );
      const pages = fs.readFileSync(file, 'latin1').match(/\/Type \/Page\b/g)?.length;
      const [first, last] = article.pagenumber.split('-').map(Number);
      expect(pages, article.refnumber).toBe(last! - first! + 1);
    }
  });

  it('has editors in all three categories, with and without pictures', async () => {
    const editors = await t.journal.db.selectFrom('editors').selectAll().execute();
    expect(new Set(editors.map((e) => e.category))).toEqual(
      new Set(['chief editor', 'associate editor', 'assistant editor']),
    );
    expect(editors.some((e) => e.picture)).toBe(true);
    expect(editors.some((e) => !e.picture)).toBe(true);
    const picture = editors.find((e) => e.picture)!.picture!;
    const png = fs.readFileSync(path.join(t.journal.files.root, 'editors', picture));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
  });

  it('serves uploaded files at /assets/ with their content type', async () => {
    const article = await t.journal.db.selectFrom('articles').selectAll().executeTakeFirstOrThrow();
    const url = `/assets/archives/${article.year}/vol${article.volume}issue${article.issue}/${article.file}`;
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const traversal = await t.app.inject({ method: 'GET', url: '/assets/../journal.sqlite' });
    expect(traversal.statusCode).toBe(404);
  });

  it('creates the first admin from ADMIN_USERNAME and ADMIN_PASSWORD with an argon2id hash', async () => {
    const user = await t.journal.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(user.username).toBe(TEST_ADMIN.username);
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    await expect(verifyPassword(user.password_hash, TEST_ADMIN.password)).resolves.toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../auth/passwords.js';
import { articleFields, issueFields, multipartForm, testPdf } from '../../test/article-form.js';
import { addArticle as storeArticle, addIssue } from '../../test/archive-fixtures.js';
import { SmtpInbox, type ReceivedMail } from '../../test/smtp-inbox.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { waitUntil } from '../../test/wait-until.js';
import { insertUser } from '../users/users.repository.js';

const inbox = new SmtpInbox();
let t: TestApp;
let auth: { authorization: string };
const ISSUE = { year: 2026, volume: 12, issue: 3 };

beforeAll(async () => {
  await inbox.start();
  t = await createTestApp({ env: { SMTP_URL: inbox.url, SITE_URL: 'https://journal.example' } });
  auth = await t.authHeader();
  await t.app.inject({
    method: 'POST',
    url: '/api/admin/create-issue',
    headers: auth,
    payload: { ...ISSUE, frequency: 'may-jun' },
  });
});
afterAll(async () => {
  await t.close();
  await inbox.stop();
});

const post = (url: string, payload: object, headers = {}) => t.app.inject({ method: 'POST', url, headers, payload });
const addArticle = async (n: number, email: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/archives/',
      headers: auth,
      payload: multipartForm({ ...articleFields(n, { email }), ...issueFields(ISSUE) }, testPdf(`pdf ${n}`)),
    })
  ).json();
/** Articles are added with an email; one stored before email was required has none. */
async function noEmailArticle(): Promise<number> {
  const { id } = await addArticle(2, 'someone@uni.example');
  await t.journal.db.updateTable('articles').set({ email: '' }).where('id', '=', id).execute();
  await t.journal.db.updateTable('article_authors').set({ email: '' }).where('article_id', '=', id).execute();
  return id;
}
const activityCountOf = async (app: TestApp) =>
  (await app.journal.db.selectFrom('activity_log').selectAll().execute()).length;
const activityCount = () => activityCountOf(t);
/**
 * The server stores a reset link and starts its mail before it answers (the mail arrives after the answer): the
 * links stored are the mails on their way.
 */
const resetLinkCount = async () => (await t.journal.db.selectFrom('password_resets').selectAll().execute()).length;

let markerArticle: number | undefined;
/**
 * Sends one more mail to an author and returns it once received. A mail to an author is sent before the answer,
 * so once this one is in, a mail that an earlier call had started would have gone out before it.
 */
async function markerMail(): Promise<ReceivedMail> {
  markerArticle ??= await storeArticle(t.journal.db, { ...ISSUE, email: 'marker@uni.example' });
  const before = inbox.messages.length;
  const sent = await post(`/api/archives/${markerArticle}/send-to-author`, { action: 'updated' }, auth);
  expect(sent.statusCode, sent.body).toBe(200);
  return inbox.waitFor('marker@uni.example', before);
}

describe('GET /auth/features', () => {
  it('says email is set up', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/auth/features' })).json()).toEqual({ email: true });
  });
});

describe('POST /api/archives/{id}/send-to-author', () => {
  it("sends the message for the author to the article's email, with the download link, and logs it", async () => {
    const article = await addArticle(1, 'asha@uni.example');
    const before = inbox.messages.length;
    const response = await post(`/api/archives/${article.id}/send-to-author`, { action: 'published' }, auth);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Message sent to asha@uni.example' });
    const mail = await inbox.waitFor('asha@uni.example', before);
    const { websitename } = await t.journal.services.settings.get();
    expect(mail.subject).toBe(`${websitename}: your article "Soil study number 1"`);
    expect(mail.text).toContain(`has been published successfully.`);
    expect(mail.text).toContain(`Download link: https://journal.example/pdf?refno=${article.refnumber}`);
    const logged = await t.journal.db
      .selectFrom('activity_log')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(logged).toMatchObject({ action: 'send', object_type: 'email', object_id: article.id, username: 'admin' });
    expect(logged.summary).toBe(`Sent to asha@uni.example: ${mail.text.trim()}`);
  });

  it.each([
    [
      'an article without an email',
      async () => noEmailArticle(),
      { action: 'updated' },
      400,
      'This article has no author email to send to.',
    ],
    ['an unknown article', async () => 999_999, { action: 'updated' }, 404, 'Article not found'],
    ['an unknown action', async () => 1, { action: 'deleted' }, 400, 'action: action must be published or updated'],
  ])('refuses %s and sends nothing', async (_label, articleId, payload, status, message) => {
    const id = await articleId();
    const [mails, logged] = [inbox.messages.length, await activityCount()];
    const response = await post(`/api/archives/${id}/send-to-author`, payload, auth);
    expect([response.statusCode, response.json().message]).toEqual([status, message]);
    expect(await activityCount()).toBe(logged);
    const marker = await markerMail();
    expect(inbox.messages.slice(mails)).toEqual([marker]);
  });

  it('reaches every author with an email, each address once', async () => {
    const article = await addArticle(90, 'lead@uni.example');
    const co = (position: number, email: string) => ({
      article_id: article.id,
      position,
      given_name: 'Co',
      family_name: `Author ${position}`,
      affiliation: '',
      country: '',
      orcid: '',
      email,
      corresponding: 0,
    });
    await t.journal.db
      .insertInto('article_authors')
      .values([co(1, 'second@uni.example'), co(2, 'LEAD@uni.example'), co(3, '')])
      .execute();
    const before = inbox.messages.length;
    const response = await post(`/api/archives/${article.id}/send-to-author`, { action: 'published' }, auth);
    expect(response.json()).toEqual({ message: 'Message sent to lead@uni.example, second@uni.example' });
    const mail = await inbox.waitFor('second@uni.example', before);
    expect(mail.to).toContain('lead@uni.example');
  });
});

describe('Forgot password', () => {
  let userId: number;
  beforeAll(async () => {
    userId = await insertUser(t.journal.db, {
      username: 'meera',
      name: 'Meera',
      email: 'meera@journal.example',
      password_hash: await hashPassword('old-password-1'),
    });
    await insertUser(t.journal.db, {
      username: 'nomail',
      name: 'No Mail',
      password_hash: await hashPassword('old-password-1'),
    });
  });

  const linkToken = (text: string) => /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  const signIn = (password: string) => post('/auth/login/', { username: 'meera', password });

  it('answers the same for an account with email, one without and none, and mails only the first a single-use link', async () => {
    const [before, links] = [inbox.messages.length, await resetLinkCount()];
    const answers = await Promise.all(
      ['meera', 'nomail', 'nobody'].map((username) => post('/auth/forgot-password', { username })),
    );
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers[0]!.statusCode).toBe(200);
    expect(answers[0]!.json().message).toContain('If that account exists and has an email address');

    expect(await resetLinkCount()).toBe(links + 1);
    const mail = await inbox.waitFor('meera@journal.example', before);
    expect(mail.text).toContain('https://journal.example/admin/reset-password?token=');
    expect(inbox.messages.slice(before)).toEqual([mail]);

    const token = linkToken(mail.text)!;
    const session = (await signIn('old-password-1')).json().token;
    const reset = await post('/auth/reset-password', { token, password: 'new-password-2' });
    expect([reset.statusCode, reset.json().message]).toEqual([
      200,
      'Your password has been changed. Sign in with the new one.',
    ]);
    expect((await signIn('new-password-2')).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/auth/verify-token/',
          headers: { authorization: `Bearer ${session}` },
        })
      ).statusCode,
    ).toBe(401);
    const logged = await t.journal.db
      .selectFrom('activity_log')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(logged).toMatchObject({
      username: 'meera',
      object_type: 'user',
      object_id: userId,
      summary: 'meera: password, by an emailed link',
    });

    const again = await post('/auth/reset-password', { token, password: 'third-password-3' });
    expect([again.statusCode, again.json().error]).toEqual([400, 'invalid_reset_link']);
    expect((await signIn('new-password-2')).statusCode).toBe(200);
  });

  it('goes to the address an admin gives the user, and refuses one that is not an email', async () => {
    const bad = await post(`/api/users/${userId}`, { email: 'not-an-address' }, auth);
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'email: Email must be an email address']);
    const saved = await post(`/api/users/${userId}`, { email: 'meera.new@journal.example' }, auth);
    expect(saved.json()).toMatchObject({ email: 'meera.new@journal.example' });
    const before = inbox.messages.length;
    await t.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      payload: { username: 'meera' },
      remoteAddress: '192.0.2.44',
    });
    expect((await inbox.waitFor('meera.new@journal.example', before)).subject).toBe('Set a new password');
    await post(`/api/users/${userId}`, { email: 'meera@journal.example' }, auth);
  });

  it('refuses a link older than 30 minutes', async () => {
    const before = inbox.messages.length;
    await post('/auth/forgot-password', { username: 'meera' });
    const token = linkToken((await inbox.waitFor('meera@journal.example', before)).text)!;
    await t.journal.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', userId)
      .execute();
    const response = await post('/auth/reset-password', { token, password: 'late-password-4' });
    expect(response.json()).toEqual({
      error: 'invalid_reset_link',
      message: 'This link is not valid any more: it was used or is older than 30 minutes. Ask for a new one.',
    });
  });

  it.each([
    [{ token: 'short', password: 'long-enough-1' }, 'token: The link is incomplete: open it again from the email'],
    [{ token: 'a'.repeat(43), password: 'short' }, 'password: Password must be at least 8 characters'],
    [{ username: '' }, 'username: Username is required'],
  ])('refuses %j with a clear 400', async (payload, message) => {
    const url = 'username' in payload ? '/auth/forgot-password' : '/auth/reset-password';
    const response = await post(url, payload);
    expect([response.statusCode, response.json().message]).toEqual([400, message]);
  });

  it('sends at most three links per user name in half an hour, whatever the address', async () => {
    const eagerId = await insertUser(t.journal.db, {
      username: 'eager',
      name: 'Eager',
      email: 'eager@journal.example',
      password_hash: await hashPassword('old-password-1'),
    });
    const before = inbox.messages.length;
    for (let n = 1; n <= 5; n++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/forgot-password',
        payload: { username: 'eager' },
        remoteAddress: `198.51.100.${n}`,
      });
      expect(response.statusCode).toBe(200);
    }
    const links = await t.journal.db.selectFrom('password_resets').selectAll().where('user_id', '=', eagerId).execute();
    expect(links).toHaveLength(3);
    const eagerMails = () => inbox.messages.slice(before).filter((mail) => mail.to.includes('eager@'));
    await waitUntil(() => eagerMails().length >= 3, {
      message: () => `the three links to arrive; ${eagerMails().length} did`,
    });
    expect(eagerMails()).toHaveLength(3);
  });

  it('answers 429 to the eleventh request from one address in 15 minutes', async () => {
    const from = (username: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/forgot-password',
        payload: { username },
        remoteAddress: '203.0.113.9',
      });
    for (let n = 0; n < 10; n++) expect((await from(`someone-${n}`)).statusCode).toBe(200);
    const limited = await from('meera');
    expect([limited.statusCode, limited.json().error]).toEqual([429, 'too_many_attempts']);
  });
});

describe('mailed links', () => {
  const forgot = (app: TestApp, username: string, remoteAddress: string) =>
    app.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      headers: { host: 'evil.example' },
      payload: { username },
      remoteAddress,
    });

  it('start with SITE_URL whatever host the request names', async () => {
    await insertUser(t.journal.db, {
      username: 'rohan',
      name: 'Rohan',
      email: 'rohan@journal.example',
      password_hash: await hashPassword('old-password-1'),
    });
    const before = inbox.messages.length;
    expect((await forgot(t, 'rohan', '192.0.2.61')).statusCode).toBe(200);
    const reset = await inbox.waitFor('rohan@journal.example', before);
    expect(reset.text).toMatch(/^https:\/\/journal\.example\/admin\/reset-password\?token=/m);

    const id = await storeArticle(t.journal.db, { ...ISSUE, refnumber: '70001', email: 'ravi@uni.example' });
    const headers = { ...auth, host: 'evil.example' };
    const sent = await post(`/api/archives/${id}/send-to-author`, { action: 'published' }, headers);
    expect(sent.statusCode, sent.body).toBe(200);
    const toAuthor = await inbox.waitFor('ravi@uni.example', before);
    expect(toAuthor.text).toContain('Download link: https://journal.example/pdf?refno=70001');
    for (const mail of [reset, toAuthor]) expect(mail.text).not.toContain('evil.example');
  });

  it('are not sent without SITE_URL: both calls answer 409 site_url_required, whether or not the account exists', async () => {
    const bare = await createTestApp({ env: { SMTP_URL: inbox.url } });
    try {
      await insertUser(bare.journal.db, {
        username: 'meera',
        name: 'Meera',
        email: 'meera.bare@journal.example',
        password_hash: await hashPassword('old-password-1'),
      });
      await addIssue(bare.journal.db, ISSUE.year, ISSUE.volume, ISSUE.issue);
      const articleId = await storeArticle(bare.journal.db, { ...ISSUE, email: 'bare@uni.example' });
      const [mails, logged] = [inbox.messages.length, await activityCountOf(bare)];
      const refusal = {
        error: 'site_url_required',
        message:
          'Emails with links are not sent until the public address of the site (SITE_URL) is set on the server; nothing was sent.',
      };
      for (const username of ['meera', 'nobody']) {
        const response = await forgot(bare, username, '192.0.2.62');
        expect([response.statusCode, response.json()]).toEqual([409, refusal]);
      }
      const sent = await bare.app.inject({
        method: 'POST',
        url: `/api/archives/${articleId}/send-to-author`,
        headers: { ...(await bare.authHeader()), host: 'evil.example' },
        payload: { action: 'published' },
      });
      expect([sent.statusCode, sent.json()]).toEqual([409, refusal]);
      expect(await activityCountOf(bare)).toBe(logged);
      expect(await bare.ctx.db.selectFrom('password_resets').selectAll().execute()).toEqual([]);
      const marker = await markerMail();
      expect(inbox.messages.slice(mails)).toEqual([marker]);
    } finally {
      await bare.close();
    }
  });
});

describe('without SMTP_URL', () => {
  it('offers no email and refuses every email call with 404', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/auth/features' })).json()).toEqual({ email: false });
      const headers = await plain.authHeader();
      for (const [url, payload] of [
        ['/auth/forgot-password', { username: 'admin' }],
        ['/api/archives/1/send-to-author', { action: 'published' }],
      ] as const) {
        const response = await plain.app.inject({ method: 'POST', url, headers, payload });
        expect([response.statusCode, response.json()]).toEqual([
          404,
          { error: 'email_disabled', message: 'Email is not set up on this server (SMTP_URL).' },
        ]);
      }
    } finally {
      await plain.close();
    }
  });

  it('answers 502 and logs nothing when the mail server cannot be reached', async () => {
    const broken = await createTestApp({
      env: { SMTP_URL: 'smtp://127.0.0.1:1', SITE_URL: 'https://journal.example' },
    });
    try {
      const headers = await broken.authHeader();
      await broken.app.inject({
        method: 'POST',
        url: '/api/admin/create-issue',
        headers,
        payload: { ...ISSUE, frequency: 'may-jun' },
      });
      const form = multipartForm(
        { ...articleFields(9, { email: 'x@uni.example' }), ...issueFields(ISSUE) },
        testPdf('pdf 9'),
      );
      const { id } = (
        await broken.app.inject({ method: 'POST', url: '/api/admin/archives/', headers, payload: form })
      ).json();
      const logged = await activityCountOf(broken);
      const response = await broken.app.inject({
        method: 'POST',
        url: `/api/archives/${id}/send-to-author`,
        headers,
        payload: { action: 'published' },
      });
      expect([response.statusCode, response.json().error]).toEqual([502, 'email_failed']);
      expect(await activityCountOf(broken)).toBe(logged);
    } finally {
      await broken.close();
    }
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from './support/browser.js';
import { answerConfirmation } from './support/confirm-dialog.js';
import { expectText, pasteInto } from './support/page-state.js';
import { testPdf } from '../src/server/test/article-form.js';
import { waitUntil } from '../src/server/test/wait-until.js';

const baseUrl = inject('baseUrl');
const admin = { username: inject('adminUsername'), password: inject('adminPassword') };
const nextYear = new Date().getFullYear() + 1;
const PUBLICATION_DATE = `${nextYear}-01-20`;
/** The browser runs on this machine, in its time zone. */
const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
const ARTICLES = [
  { ref: '82001', title: 'Tidal flats of the Konkan coast', authors: 'Meera Pillai, Arjun Das' },
  { ref: '82002', title: 'Mangrove carbon in Sundarbans soils', authors: 'María José van der Berg' },
  { ref: '82003', title: 'Salt marsh birds after the cyclone', authors: 'Kavya Nair' },
];
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const flash = (page: Page, text: string) => page.locator('.flash', { hasText: text }).waitFor();
const text = async (path: string) => (await fetch(`${baseUrl}${path}`)).text();
const status = async (path: string) => (await fetch(`${baseUrl}${path}`)).status;
const articlePath = (volume: number, issue: number, ref: string) =>
  `/archives/${nextYear}/vol${volume}/issue${issue}/${ref}`;

/** Where readers, crawlers and harvesters could meet an article. */
async function traces(volume: number, issue: number, ref: string) {
  const path = articlePath(volume, issue, ref);
  return {
    page: await status(path),
    search: (JSON.parse(await text(`/api/search?keyword=${ref}`)) as { total: number }).total,
    sitemap: (await text(`/sitemap-${nextYear}.xml`)).includes(path),
    feed: (await text('/feed.xml')).includes(path),
    oai: (await text('/oai?verb=ListIdentifiers&metadataPrefix=oai_dc')).includes(`article/${ref}`),
  };
}

async function signIn(page: Page) {
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}/admin`);
}

async function createDraftIssue(page: Page, volume: number, issue: number) {
  await page.goto(`${baseUrl}/admin/archives`);
  await page.getByRole('button', { name: 'Add New' }).click();
  await page.getByLabel('Year').fill(String(nextYear));
  await page.getByLabel('Volume').fill(String(volume));
  await page.getByLabel('Issue', { exact: true }).fill(String(issue));
  await page.getByLabel('Months the issue covers').selectOption({ label: 'January to February' });
  await page.getByRole('button', { name: 'Create Issue' }).click();
  await flash(page, 'Issue created successfully');
  await page.goto(`${baseUrl}/admin/archives/${nextYear}/${volume}/${issue}`);
  await expectText(page.locator('.issue-state-line strong'), 'Draft');
}

async function addArticle(
  page: Page,
  at: { volume: number; issue: number },
  article: (typeof ARTICLES)[number],
  n: number,
) {
  await page.goto(`${baseUrl}/admin/archives/add/${nextYear}/${at.volume}/${at.issue}`);
  await page.getByLabel('Reference number').fill(article.ref);
  await page.getByLabel('Transaction ID').fill(`TXN-LIFE-${article.ref}`);
  await page.getByLabel('Email', { exact: true }).fill(`author${n}@coast.example`);
  // Names pasted into a given name fill the cards; the first one's details are given there.
  await pasteInto(page.getByLabel('Given name of author 1'), article.authors);
  await page.getByLabel('Affiliation of author 1').fill('Goa University');
  if (n === 1) await page.getByLabel('ORCID iD of author 1').fill('https://orcid.org/0000-0002-1825-0097');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(article.title);
  await page.getByRole('textbox', { name: 'Abstract', exact: true }).fill(`A study of ${article.title.toLowerCase()}.`);
  await page.getByLabel('Page number').fill(`${n * 10 + 1}-${n * 10 + 9}`);
  const pdf = testPdf(`lifecycle ${article.ref}`, Buffer.alloc(1500, 32));
  await page.getByLabel('PDF file').setInputFiles({ name: 'paper.pdf', mimeType: 'application/pdf', buffer: pdf });
  await page.getByRole('button', { name: 'Add Article' }).click();
  await page.getByText(`Article ${article.ref} added: readers see it once the issue is published.`).waitFor();
}

describe('an issue prepared in private and published in one step', () => {
  it('keeps a draft issue from everyone, publishes it with one date everywhere, and publishes a scheduled one by itself', async () => {
    const { page, errors } = await openPage(browser, 'desktop');
    await signIn(page);

    // A draft issue for next year with three articles: nothing of it reaches readers, search or indexers.
    await createDraftIssue(page, 40, 1);
    for (const [n, article] of ARTICLES.entries()) await addArticle(page, { volume: 40, issue: 1 }, article, n + 1);
    const hidden = { page: 404, search: 0, sitemap: false, feed: false, oai: false };
    for (const article of ARTICLES) expect(await traces(40, 1, article.ref)).toEqual(hidden);
    // The admin previews an article as readers will see it.
    await page.goto(`${baseUrl}/admin/archives/${nextYear}/40/1`);
    await page.getByRole('link', { name: `Preview article ${ARTICLES[0]!.ref}` }).click();
    await expectText(page.locator('.article-page h1'), ARTICLES[0]!.title);
    await page.getByText('Readers cannot see this article yet', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'ORCID iD of Meera Pillai' }).waitFor();
    await screenshot(page, 'issue-draft-article-preview-desktop');
    await page.goto(`${baseUrl}/admin`);
    await page
      .getByRole('region', { name: 'Issues in preparation' })
      .getByText(`VOL. 40, ISSUE 1 (${nextYear}) Jan-Feb`)
      .waitFor();
    await screenshot(page, 'issue-draft-dashboard-desktop');

    // Publish it, dated in January.
    await page.goto(`${baseUrl}/admin/archives/${nextYear}/40/1`);
    await page.getByLabel('Publication date', { exact: false }).fill(PUBLICATION_DATE);
    await page.getByRole('button', { name: 'Publish issue' }).click();
    expect(await answerConfirmation(page, 'Publish')).toBe(
      `Publish VOL. 40, ISSUE 1 (${nextYear}) Jan-Feb dated ${PUBLICATION_DATE}? Readers, libraries and indexers ` +
        'will find its 3 enabled articles on the site and in its search, with their download pages and ' +
        'certificates. Each article takes the issue’s publication date.',
    );
    await flash(page, 'Issue published');
    await expectText(page.locator('.issue-state-line strong'), `Published ${PUBLICATION_DATE}`);
    const publication = page.getByRole('region', { name: 'Publication' });
    await publication.getByRole('button', { name: 'Crossref XML' }).waitFor();
    await publication.getByRole('button', { name: 'DOAJ XML' }).waitFor();
    await screenshot(page, 'issue-published-next-steps-desktop');

    const shown = { page: 200, search: 1, sitemap: true, feed: true, oai: true };
    for (const article of ARTICLES) expect(await traces(40, 1, article.ref)).toEqual(shown);
    // One date everywhere: the page's metadata, the feed, OAI-PMH.
    const page1 = await text(articlePath(40, 1, ARTICLES[0]!.ref));
    expect(page1).toContain(
      `<meta name="citation_publication_date" content="${PUBLICATION_DATE.replaceAll('-', '/')}"`,
    );
    // Authors as indexers expect them: family name first, particles kept, with institution and ORCID iD.
    expect(page1).toContain('<meta name="citation_author" content="Pillai, Meera"');
    expect(page1).toContain('<meta name="citation_author_institution" content="Goa University"');
    expect(page1).toContain('<meta name="citation_author_orcid" content="https://orcid.org/0000-0002-1825-0097"');
    const page2 = await text(articlePath(40, 1, ARTICLES[1]!.ref));
    expect(page2).toContain('<meta name="citation_author" content="van der Berg, María José"');
    expect(await text('/feed.xml')).toContain(`<published>${PUBLICATION_DATE}`);
    const identifiers = await text('/oai?verb=ListIdentifiers&metadataPrefix=oai_dc');
    const identifier = new RegExp(`<identifier>([^<]*article/${ARTICLES[0]!.ref})</identifier>`).exec(identifiers)![1]!;
    const record = await text(`/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=${encodeURIComponent(identifier)}`);
    expect(record).toContain(`<dc:date>${PUBLICATION_DATE}</dc:date>`);

    // The home page's current issue is the new one, with its table of contents.
    await page.goto(baseUrl);
    const contents = page.getByRole('region', { name: /Current issue/ });
    for (const article of ARTICLES) await contents.getByRole('link', { name: article.title }).waitFor();
    await contents.getByText('María José van der Berg').waitFor();
    await screenshot(page, 'home-current-issue-desktop');

    // Another issue scheduled for the next whole minute publishes itself.
    await createDraftIssue(page, 40, 2);
    await addArticle(
      page,
      { volume: 40, issue: 2 },
      { ref: '82004', title: 'Dunes on the move', authors: 'Ravi Menon' },
      1,
    );
    await page.goto(`${baseUrl}/admin/archives/${nextYear}/40/2`);
    const at = new Date(Math.ceil((Date.now() + 5_000) / 60_000) * 60_000);
    const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await page.getByLabel('Or publish automatically at').fill(local);
    await page.getByRole('button', { name: 'Schedule' }).click();
    expect(await answerConfirmation(page, 'Publish')).toContain(
      `(${TIME_ZONE})? Readers, libraries and indexers will find its 1 enabled article`,
    );
    await flash(page, 'Issue scheduled');
    await expectText(page.locator('.issue-state-line strong'), { contains: 'Scheduled for' });
    expect(await status(articlePath(40, 2, '82004'))).toBe(404);
    await waitUntil(async () => (await status(articlePath(40, 2, '82004'))) === 200, {
      message: 'the scheduled issue to publish itself',
      timeoutMs: 100_000,
      intervalMs: 1_000,
    });
    await page.reload();
    await expectText(page.locator('.issue-state-line strong'), `Published ${at.toISOString().slice(0, 10)}`);
    expect(errors).toEqual([]);
  }, 240_000);

  it('shows the publication step at phone width', async () => {
    const { page, errors } = await openPage(browser, 'phone');
    await signIn(page);
    await createDraftIssue(page, 41, 1);
    await page.getByRole('button', { name: 'Publish issue' }).waitFor();
    await screenshot(page, 'issue-draft-phone');
    expect(errors).toEqual([]);
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { YearGroup } from '../src/common/schemas/archives.js';
import { launchBrowser, openPage, screenshot } from './support/browser.js';
import {
  expectAttribute,
  expectCount,
  expectText,
  expectTexts,
  expectTitle,
  expectVisible,
} from './support/page-state.js';

const baseUrl = inject('baseUrl');
const NO_RESULTS = 'Sorry, nothing matched your search terms. Please try again with different keywords.';
let browser: Browser;
let groups: YearGroup[];

beforeAll(async () => {
  browser = await launchBrowser();
  groups = (await (await fetch(`${baseUrl}/api/archives/`)).json()) as YearGroup[];
});
afterAll(async () => {
  await browser?.close();
});

/** Console errors (hydration mismatches among them) fail the journey like uncaught ones. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** Waits (smooth scrolling takes a moment) until the element's top is at the top of the viewport; times out otherwise. */
async function scrolledTo(page: Page, selector: string): Promise<boolean> {
  const handle = await page.waitForFunction(
    (sel) => {
      const element = document.querySelector(sel);
      return element !== null && Math.abs(element.getBoundingClientRect().top) < 40 && window.scrollY > 0;
    },
    selector,
    { timeout: 5000 },
  );
  return (await handle.jsonValue()) as boolean;
}

/** Marks the loaded document, so that a later check can tell client-side navigation from a page load. */
const markDocument = (page: Page) =>
  page.evaluate(() => document.documentElement.setAttribute('data-journey', 'loaded'));
const isSameDocument = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-journey') === 'loaded');

/** Follows a header link; on a phone the links are behind the menu button. */
async function headerLink(page: Page, viewport: 'desktop' | 'phone', name: string) {
  if (viewport === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name, exact: true }).click();
}

/** The page's heading once the page showing it has rendered. */
async function heading(page: Page, expected: string | RegExp): Promise<string> {
  const locator = page.locator('main h1').filter({ hasText: expected });
  await locator.waitFor();
  return (await locator.textContent())!;
}

describe.each(['desktop', 'phone'] as const)('public reading site at %s width', (viewport) => {
  it('goes home -> archives (redirect) -> issue -> article -> download', async () => {
    const { page, errors } = await openPage(browser, viewport);
    const logged = consoleErrors(page);
    const newest = groups[0]!;
    const latest = newest.issues[0]!;
    await page.goto(baseUrl);
    await markDocument(page);
    await headerLink(page, viewport, 'ARCHIVES');
    await page.waitForURL(`${baseUrl}/archives/${newest.year}/vol${newest.volume}/issue${latest}`);
    await expect(heading(page, 'VOL.')).resolves.toMatch(
      new RegExp(`^VOL\\. ${newest.volume}, ISSUE ${latest} \\(${newest.year}\\) [A-Z][a-z]{2}-[A-Z][a-z]{2}$`),
    );
    // The header's links navigate inside the app: the document loaded at home is still the one shown.
    await expect(isSameDocument(page)).resolves.toBe(true);
    await expectTexts(page.locator('.article-table thead th'), [
      'S.No.',
      'Title and Authors Name',
      'Subject',
      'Country',
    ]);
    await screenshot(page, `public-issue-${viewport}`);

    // /archives never entered the history: Back goes home, Forward to the issue again.
    await page.goBack();
    await heading(page, 'International Journal');
    await page.waitForURL(`${baseUrl}/`);
    await page.goForward();
    await heading(page, 'VOL.');

    // The third year group starts collapsed and opens on a title click; on a phone the list is a drawer.
    const oldest = groups[2]!;
    if (viewport === 'phone') {
      await expect(page.locator('#year-list').isVisible()).resolves.toBe(false);
      await page.getByRole('button', { name: 'All Issues' }).click();
      await page.locator('#year-list.open').waitFor();
      // The drawer slides in; the picture is taken once it has arrived.
      await page.waitForFunction(() => getComputedStyle(document.getElementById('year-list')!).transform === 'none');
      await screenshot(page, `public-drawer-${viewport}`);
    }
    const oldestLink = page.getByRole('link', { name: `VOL. ${oldest.volume} : ISSUE 1 : JAN-FEB` });
    await expect(oldestLink.isVisible()).resolves.toBe(false);
    // Collapsed, the group is its title alone: a link to the year's page for crawlers and readers without the
    // script, which a click or Space opens and closes in place.
    const oldestTitle = page.getByRole('button', { name: `${oldest.year} ISSUES` });
    await expectAttribute(oldestTitle, 'href', `/archives/${oldest.year}`);
    await expectCount(page.locator(`#year-list a[href^="/archives/${oldest.year}/"]`), 0);
    const shownBefore = page.url();
    await oldestTitle.click();
    await expectAttribute(oldestTitle, 'aria-expanded', 'true');
    await oldestTitle.press(' ');
    await expectAttribute(oldestTitle, 'aria-expanded', 'false');
    await oldestTitle.press(' ');
    await expectAttribute(oldestTitle, 'aria-expanded', 'true');
    expect(page.url()).toBe(shownBefore);
    await oldestLink.click();
    await page.waitForURL(`${baseUrl}/archives/${oldest.year}/vol${oldest.volume}/issue1`);
    await expect(heading(page, `VOL. ${oldest.volume},`)).resolves.toBe(
      `VOL. ${oldest.volume}, ISSUE 1 (${oldest.year}) Jan-Feb`,
    );
    // On a phone the drawer closes with the navigation (it may still be sliding out).
    await expectVisible(page.locator('#year-list'), viewport === 'desktop');

    // Abstract link: the article page opens scrolled to its abstract.
    const firstRow = page.locator('.article-table tbody tr').first();
    const title = (await firstRow.locator('.article-title').textContent())!;
    await expectText(
      firstRow.locator('.article-citation'),
      /^How to cite this article: .+, Volume \d+, Issue 1, \d{4}, Pages \d+-\d+\. https:\/\/doi\.org\/10\.5555\/\S+$/,
    );
    await firstRow.getByRole('link', { name: 'Abstract' }).click();
    await page.waitForURL(/\/archives\/\d+\/vol\d+\/issue1\/\d+$/);
    await expect(heading(page, title)).resolves.toBe(title);
    await expect(scrolledTo(page, '#abstract')).resolves.toBe(true);
    await expect(isSameDocument(page)).resolves.toBe(true);
    await expectTitle(page, `${title} | International Journal of Applied Research and Studies`);
    await screenshot(page, `public-article-${viewport}`);

    const download = page.getByRole('link', { name: 'Download' });
    const href = (await expectAttribute(
      download,
      'href',
      new RegExp(`^/assets/archives/${oldest.year}/vol${oldest.volume}issue1/\\d+\\.pdf$`),
    ))!;
    const pdf = await page.request.get(baseUrl + href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    expect(errors).toEqual([]);
    expect(logged).toEqual([]);
    await page.context().close();
  });

  it('searches with and without results', async () => {
    const { page, errors } = await openPage(browser, viewport);
    await page.goto(`${baseUrl}/board`);
    const box = page.getByRole('searchbox', { name: 'Search articles' });
    await box.fill('groundwater');
    await box.press('Enter');
    await page.waitForURL(/\/search\?keyword=groundwater$/);
    await heading(page, 'Search Results');
    await expectText(page.locator('.search-summary'), /^\d+ results? found for "groundwater"$/);
    const rows = page.locator('.article-table tbody tr');
    await rows.first().waitFor();
    await expectAttribute(
      rows.first().getByRole('link', { name: 'Abstract' }),
      'href',
      // The canonical address, as issue lists link it (decision 040).
      /^\/archives\/\d{4}\/vol\d+\/issue\d+\/\d+$/,
    );
    await expectText(rows.first(), { contains: 'How to cite this article:' });
    await screenshot(page, `public-search-${viewport}`);

    await box.fill('"unfindable zzqx" OR 1=1 --');
    await box.press('Enter');
    await page.waitForURL(/keyword=%22unfindable/);
    await page.getByText(NO_RESULTS, { exact: true }).waitFor();
    await expectText(page.locator('.search-summary'), '0 results found for ""unfindable zzqx" OR 1=1 --"');
    await screenshot(page, `public-search-empty-${viewport}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the editorial board and the indexing grid', async () => {
    const { page, errors } = await openPage(browser, viewport);
    await page.goto(baseUrl);
    await headerLink(page, viewport, 'EDITORIAL BOARD');
    await page.waitForURL(`${baseUrl}/board`);
    await heading(page, 'EDITORIAL BOARD');
    await expectTexts(page.locator('.board-group h2'), ['Editor-in-Chief', 'Associate Editors', 'Assistant Editors']);
    await expectText(page.locator('.board-group').first().locator('h3').first(), 'Prof. (Dr.) Rajesh Kumar Sharma');
    // Every picture, the default avatar included, has loaded.
    await expectCount(page.locator('.editor-card img'), 8);
    await page.locator('.editor-card img').last().scrollIntoViewIfNeeded();
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('.editor-card img')].every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    await screenshot(page, `public-board-${viewport}`);

    await headerLink(page, viewport, 'INDEXING');
    await page.waitForURL(`${baseUrl}/indexing`);
    await heading(page, 'INDEXING');
    const grid = page.locator('.indexing-grid li');
    await expectCount(grid, 5);
    await expectCount(page.locator('.indexing-grid a[href="https://scholar.google.com"]'), 1);
    await expectCount(page.locator('.indexing-grid span[title="Academia"]'), 1);
    await screenshot(page, `public-indexing-${viewport}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('scrolls to the privacy and terms sections from the footer links', async () => {
    const { page, errors } = await openPage(browser, viewport);
    await page.goto(`${baseUrl}/contact`);
    await expectText(page.locator('main address'), { contains: 'Noida' });
    await screenshot(page, `public-contact-${viewport}`);
    for (const [name, id, path] of [
      ['Terms and Conditions', 'terms', '/terms-and-conditions'],
      ['Privacy Policy', 'privacy', '/privacy-policy'],
    ] as const) {
      await page.locator('.site-footer').getByRole('link', { name }).click();
      await page.waitForURL(baseUrl + path);
      await expect(scrolledTo(page, `#${id}`)).resolves.toBe(true);
    }
    await expectText(page.locator('#privacy h1'), 'PRIVACY POLICY');
    await screenshot(page, `public-privacy-${viewport}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('without JavaScript', () => {
  it('still shows an article, the issue list and a year’s page, server-rendered', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const newest = groups[0]!;
    const response = await page.goto(`${baseUrl}/archives`);
    expect(response!.url()).toBe(`${baseUrl}/archives/${newest.year}/vol${newest.volume}/issue${newest.issues[0]}`);
    const rows = page.locator('.article-table tbody tr');
    expect(await rows.count()).toBeGreaterThan(0);
    await rows.first().getByRole('link', { name: 'Abstract' }).click();
    await page.waitForURL(/\/archives\/\d{4}\/(vol)?\d+\/(issue)?\d+\/\d+$/);
    await expectText(page.locator('#abstract'), /^Abstract.{40,}/);
    await expectAttribute(
      page.locator('meta[name="citation_pdf_url"]'),
      'content',
      /^http:\/\/127\.0\.0\.1:\d+\/assets\/archives\//,
    );
    // A collapsed year's title leads to the year's page, which links each of its issues.
    const oldest = groups[2]!;
    await page.getByRole('button', { name: `${oldest.year} ISSUES` }).click();
    await page.waitForURL(`${baseUrl}/archives/${oldest.year}`);
    await page
      .locator('main .year-page')
      .getByRole('link', { name: `VOL. ${oldest.volume} : ISSUE 1 : JAN-FEB` })
      .click();
    await page.waitForURL(`${baseUrl}/archives/${oldest.year}/vol${oldest.volume}/issue1`);
    await context.close();
  });
});

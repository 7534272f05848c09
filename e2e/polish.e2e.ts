import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { coverIssueHeading } from '../src/common/archive-links.js';
import type { YearGroup } from '../src/common/schemas/archives.js';
import { launchBrowser, openPage } from './support/browser.js';
import { expectAttribute, expectCount, expectText, expectValue, expectVisible } from './support/page-state.js';

const baseUrl = inject('baseUrl');
const admin = { username: inject('adminUsername'), password: inject('adminPassword') };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('details a careful reader meets', () => {
  it('on a phone, a menu button opens the navigation by keyboard, and the content starts in the first screen', async () => {
    const { page, errors } = await openPage(browser, 'phone');
    await page.goto(`${baseUrl}/board`);
    const menu = page.getByRole('button', { name: 'Menu' });
    await expectAttribute(menu, 'aria-expanded', 'false');
    await expectVisible(page.getByRole('link', { name: 'ARCHIVES', exact: true }), false);
    const contentTop = await page.locator('main h1').evaluate((heading) => heading.getBoundingClientRect().top);
    expect(contentTop).toBeLessThan(300);
    await menu.focus();
    await page.keyboard.press('Enter');
    await expectAttribute(menu, 'aria-expanded', 'true');
    await page.getByRole('link', { name: 'INDEXING', exact: true }).click();
    await page.waitForURL(`${baseUrl}/indexing`);
    // A new page closes the menu again.
    await expectAttribute(menu, 'aria-expanded', 'false');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("shows the current issue's cover on the home page, with the heading the cover-page PDF prints", async () => {
    const [newest] = (await (await fetch(`${baseUrl}/api/archives/`)).json()) as YearGroup[];
    const issue = newest!.issues[0]!;
    const heading = coverIssueHeading({
      year: newest!.year,
      volume: newest!.volume,
      issue,
      frequency: newest!.issue_month[issue]!,
    });
    expect(heading).toMatch(/^Volume \d+, Issue \d+ \([A-Z][a-z]{2}-[A-Z][a-z]{2} \d{4}\)$/);
    const { page } = await openPage(browser, 'desktop');
    await page.goto(baseUrl);
    await expectText(page.locator('.issue-cover-heading'), heading);
    await expectCount(
      page.getByRole('img', { name: `Cover of International Journal of Applied Research and Studies, ${heading}` }),
      1,
    );
    await page.context().close();
  });

  it('keeps the footer at the bottom of the window on a short page, and the journal name in two close lines', async () => {
    const { page } = await openPage(browser, 'desktop');
    await page.goto(`${baseUrl}/search?keyword=`);
    const footerBottom = await page.locator('.site-footer').evaluate((footer) => footer.getBoundingClientRect().bottom);
    expect(footerBottom).toBe(await page.evaluate(() => window.innerHeight));
    const lines = await page.locator('.site-header .journal-name').evaluate((name) => {
      const [first, second] = [...name.children]
        .filter((child) => child.tagName !== 'BR')
        .map((child) => child.getBoundingClientRect());
      return { gap: second!.top - first!.bottom, firstHeight: first!.height };
    });
    expect(lines.gap).toBeLessThan(lines.firstHeight / 2);
    await page.context().close();
  });

  it('asks for keywords on an empty or blank search instead of counting results for nothing', async () => {
    const { page } = await openPage(browser, 'desktop');
    for (const keyword of ['', '%20%20']) {
      await page.goto(`${baseUrl}/search?keyword=${keyword}`);
      await expectText(
        page.locator('main .empty-note'),
        'Enter one or more keywords in the search box to find articles by title, author or keyword.',
      );
      await expectCount(page.locator('.search-summary'), 0);
    }
    await page.goto(`${baseUrl}/search?keyword=no-such-word-anywhere`);
    await expectText(page.locator('.search-summary'), '0 results found for "no-such-word-anywhere"');
    await page.context().close();
  });

  it('shows an editor as name, then post, then affiliation, and breaks an email address only at "@" or a dot', async () => {
    const { page } = await openPage(browser, 'phone');
    await page.goto(`${baseUrl}/board`);
    const card = page.locator('.editor-card').first();
    const order = await card.locator('h3, .editor-post, .editor-affiliation').evaluateAll((elements) =>
      elements.map((element) => ({
        top: element.getBoundingClientRect().top,
        size: parseFloat(getComputedStyle(element).fontSize),
      })),
    );
    expect(order.map((line) => line.top)).toEqual([...order.map((line) => line.top)].sort((a, b) => a - b));
    expect(order[0]!.size).toBeGreaterThan(Math.max(order[1]!.size, order[2]!.size));
    // Each line of a wrapped address ends at a break the markup allows.
    const emailLines = await page
      .locator('.editor-contacts a[href^="mailto:"]')
      .first()
      .evaluate((link) => {
        const range = document.createRange();
        const lines = new Map<number, string>();
        for (const span of link.querySelectorAll('span')) {
          range.selectNodeContents(span);
          const top = Math.round(range.getClientRects()[0]!.top);
          lines.set(top, (lines.get(top) ?? '') + span.textContent);
        }
        return [...lines.values()];
      });
    expect(emailLines.join('')).toMatch(/@/);
    for (const line of emailLines.slice(1)) expect(line).toMatch(/^(\.|[^@]*$)/);
    await page.context().close();
  });

  it('keeps the work-log search when a status filter is chosen, and shows it in the search box', async () => {
    const { page } = await openPage(browser, 'desktop');
    await page.goto(`${baseUrl}/admin/login`);
    await page.getByLabel('Username').fill(admin.username);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseUrl}/admin`);
    await page.goto(`${baseUrl}/webdata?search=linked`);
    const box = page.getByRole('searchbox', { name: 'Search entries' });
    await expectValue(box, 'linked');
    await page.getByRole('link', { name: 'Urgent', exact: true }).click();
    await page.waitForURL(`${baseUrl}/webdata/urgent?search=linked`);
    await expectValue(box, 'linked');
    await page.context().close();
  });
});

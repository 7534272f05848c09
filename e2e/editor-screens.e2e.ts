import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testPdf } from '../src/server/test/article-form.js';
import { adminHeaders } from './support/admin-api.js';
import { launchBrowser, openPage, screenshot, VIEWPORTS } from './support/browser.js';
import { answerConfirmation } from './support/confirm-dialog.js';
import { axeViolations } from './support/page-checks.js';
import {
  expectAttribute,
  expectCount,
  expectDisabled,
  expectText,
  expectValue,
  pasteInto,
} from './support/page-state.js';

/** The admin screens as an editor meets them: confirmations, the publication step, the article form, saves. */
const baseUrl = inject('baseUrl');
const admin = { username: inject('adminUsername'), password: inject('adminPassword') };
// Long past, so that the issues published here never become the site's current issue other journeys look at.
const year = 2003;
const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
let browser: Browser;
let headers: Record<string, string>;

beforeAll(async () => {
  browser = await launchBrowser();
  headers = await adminHeaders(baseUrl, admin);
});
afterAll(async () => {
  await browser?.close();
});

async function createDraftIssue(volume: number): Promise<void> {
  const response = await fetch(`${baseUrl}/api/admin/create-issue`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ year, volume, issue: 1, frequency: 'jan-feb', state: 'draft' }),
  });
  expect(response.status).toBe(201);
}

/** Adds an article without a DOI to the issue and returns its id. */
async function addArticle(volume: number, refnumber: string): Promise<number> {
  const form = new FormData();
  const fields = {
    refnumber,
    title: `Estuary sediments ${refnumber}`,
    txnid: `TXN-SCREENS-${refnumber}`,
    email: `author-${refnumber}@uni.example`,
    authorname: 'Meera Pillai',
    abstract: '<p>Sediments and tides.</p>',
    country: 'India',
    pagenumber: '1-8',
    ptype: 'paid',
    publishdate: `${year}-01-15`,
    year: String(year),
    volume: String(volume),
    issue: '1',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const pdf = new Blob([new Uint8Array(testPdf('editor screens'))], { type: 'application/pdf' });
  form.append('pdfFile', pdf, 'paper.pdf');
  const response = await fetch(`${baseUrl}/api/admin/archives/`, {
    method: 'POST',
    headers: { authorization: headers.authorization! },
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}/admin`);
}

/** Whether the whole element is inside the window as it is scrolled now: where the eye is. */
const inView = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
  });

/** The text of the element a field names as its description: its hint or its problem. */
const describedText = (field: Locator) =>
  field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );

describe.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])('the editor screens at %s width', (viewport) => {
  const volume = viewport === 'desktop' ? 71 : 72;
  const refnumber = viewport === 'desktop' ? '93101' : '93202';
  const issueTitle = `VOL. ${volume}, ISSUE 1 (${year}) Jan-Feb`;
  let articleId: number;

  it('asks before publishing, in its own dialog, and offers only the steps that apply', async () => {
    await createDraftIssue(volume);
    const { page, errors } = await openPage(browser, viewport);
    await signIn(page);
    await page.goto(`${baseUrl}/admin/archives/${year}/${volume}/1`);
    await expectText(page.getByRole('heading', { level: 1 }), issueTitle);

    // An empty issue cannot be scheduled, and the time is read in a named time zone.
    const publication = page.getByRole('region', { name: 'Publication' });
    await publication.getByLabel('Or publish automatically at').fill(`${year}-01-20T09:00`);
    await expectDisabled(publication.getByRole('button', { name: 'Schedule' }), true);
    await publication.getByText(`(time in ${TIME_ZONE})`).waitFor();
    // Without a DOI there is nothing to deposit with Crossref.
    await expectCount(page.getByRole('button', { name: 'Crossref XML' }), 0);

    articleId = await addArticle(volume, refnumber);
    // On a draft issue the article's date is said to follow the issue's publication.
    await page.goto(`${baseUrl}/admin/archives/${articleId}`);
    expect(await describedText(page.getByLabel('Publication date'))).toContain(
      "Replaced by the issue's publication date when the issue is published",
    );
    await page.goto(`${baseUrl}/admin/archives/${year}/${volume}/1`);
    await publication.getByLabel('Or publish automatically at').fill(`${year}-01-20T09:00`);
    await expectDisabled(publication.getByRole('button', { name: 'Schedule' }), false);
    // The whole issue can be previewed as readers will see it.
    await publication.getByRole('link', { name: 'Preview the whole issue' }).click();
    await page.getByText('Readers cannot see this issue yet', { exact: false }).waitFor();
    await page.getByRole('heading', { name: issueTitle, level: 2 }).waitFor();
    await page.getByText(`Estuary sediments ${refnumber}`, { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `editor-issue-preview-${viewport}`);
    await page.getByRole('link', { name: 'Back to the issue' }).click();

    await publication.getByRole('button', { name: 'Publish issue' }).click();
    const dialog = page.getByRole('dialog', { name: `Publish ${issueTitle} today?` });
    await dialog.waitFor();
    await expectText(dialog.locator('p'), {
      contains: 'Readers, libraries and indexers will find its 1 enabled article',
    });
    // The safe answer has the focus; the page behind is out of reach, and the dialog passes axe.
    await expectText(page.locator(':focus'), 'Cancel');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `editor-publish-confirmation-${viewport}`);

    // Escape is a "no": the issue stays a draft and the focus returns to the button.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expectText(page.locator('.issue-state-line strong'), 'Draft');
    await expectText(page.locator(':focus'), 'Publish issue');

    await publication.getByRole('button', { name: 'Publish issue' }).click();
    await answerConfirmation(page, 'Publish');
    await page.locator('.flash', { hasText: 'Issue published' }).waitFor();
    await publication.getByText('No article of this issue has a DOI yet').waitFor();
    await expectCount(publication.getByRole('button', { name: 'Crossref XML' }), 0);
    await screenshot(page, `editor-published-next-steps-${viewport}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('edits the authors in one place, shows each problem beside its field and confirms the save beside its button', async () => {
    const { page, errors } = await openPage(browser, viewport);
    await signIn(page);
    await page.goto(`${baseUrl}/admin/archives/${articleId}`);
    const authors = page.getByRole('group', { name: 'Authors' });
    await authors.waitFor();

    // One author editor: no second list of names, one country, a corresponding author beside its words.
    await expectCount(page.getByLabel('Author names'), 0);
    await expectCount(page.getByLabel(/^Country/), 1);
    await expectValue(page.getByLabel('Country of author 1'), 'India');
    await pasteInto(page.getByLabel('Given name of author 1'), 'Meera Pillai, Arjun Das');
    await expectValue(page.getByLabel('Family name of author 2'), 'Das');
    await expectValue(page.getByLabel('Country of author 1'), 'India');
    const radio = page.getByRole('radio', { name: 'Corresponding author' }).first();
    const [radioWidth, gap] = await radio.evaluate((input) => {
      const words = document.createRange();
      words.selectNodeContents(input.parentElement!);
      words.setStartAfter(input);
      const box = input.getBoundingClientRect();
      return [box.width, words.getBoundingClientRect().left - box.right];
    });
    expect([radioWidth < 24, gap < 24]).toEqual([true, true]);

    // Hints that say what the fields are for.
    expect(await describedText(page.getByRole('textbox', { name: 'Abstract', exact: true }))).not.toContain(
      'Include at most',
    );
    expect(await describedText(page.getByLabel('Publication date'))).toContain('Also the date on the certificates.');

    // An ORCID iD's problem is said beside that field, in that author's card.
    const orcid = page.getByLabel('ORCID iD of author 2');
    await orcid.fill('0000-0002-1825-009');
    await page.getByRole('button', { name: 'Update Article' }).click();
    await expectAttribute(orcid, 'aria-invalid', 'true');
    const card = authors.getByRole('listitem', { name: 'Author 2' });
    await expectCount(card.locator('.field-error'), 1);
    await expectCount(authors.locator('.field-error'), 1);
    expect(await describedText(orcid)).toContain('ORCID');
    await screenshot(page, `editor-article-orcid-problem-${viewport}`);

    await orcid.fill('');
    await page.getByRole('button', { name: 'Update Article' }).click();
    const saved = page.locator('.form-actions [role="status"]');
    await expectText(saved, 'Article updated: its page and download page show the changes.');
    expect(await inView(saved)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `editor-article-saved-${viewport}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("keeps the admin's navigation short, its row actions apart and its log in words", async () => {
    const { page, errors } = await openPage(browser, viewport);
    await signIn(page);
    await page.goto(`${baseUrl}/admin/archives/${year}/${volume}/1`);
    const row = page.locator('tbody tr').first();
    await row.getByRole('link', { name: 'Edit' }).waitFor();
    // The page starts within the first fifth of a phone's height.
    const navBottom = await page.locator('.admin-nav').evaluate((nav) => nav.getBoundingClientRect().bottom);
    expect(navBottom).toBeLessThan(viewport === 'phone' ? 150 : 120);
    const [edit, preview] = await Promise.all(
      ['Edit', `Preview article ${refnumber}`].map((name) =>
        row.getByRole('link', { name, exact: true }).evaluate((link) => link.getBoundingClientRect().toJSON()),
      ),
    );
    expect(preview.left - edit.right).toBeGreaterThanOrEqual(8);
    await screenshot(page, `editor-issue-page-${viewport}`);

    await page.goto(`${baseUrl}/admin/activity`);
    const type = page.getByRole('combobox', { name: 'Type' });
    await type.waitFor();
    const types = await type.locator('option').allInnerTexts();
    expect(types).toContain('Usage statistics API key');
    expect(types.filter((type) => type.includes('_'))).toEqual([]);
    await expectText(page.locator('tbody tr').first().locator('td').nth(2), /^[A-Z][a-z]/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `editor-activity-${viewport}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('brings a deleted published article back from its tombstone, with its reference number, and says what it lacks', async () => {
    const { page, errors } = await openPage(browser, viewport);
    await signIn(page);
    await page.goto(`${baseUrl}/admin/archives/${year}/${volume}/1`);
    await page.getByRole('button', { name: `Delete article ${refnumber}` }).click();
    await answerConfirmation(page, 'Delete article');
    await page.locator('.flash', { hasText: 'Article deleted' }).waitFor();
    expect((await fetch(`${baseUrl}/archives/${year}/vol${volume}/issue1/${refnumber}`)).status).toBe(410);

    const deleted = page.getByRole('region', { name: 'Deleted articles' });
    await deleted.getByText(`Estuary sediments ${refnumber}`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `editor-deleted-articles-${viewport}`);
    await deleted.getByRole('button', { name: `Restore article ${refnumber}` }).click();
    expect(await answerConfirmation(page, 'Restore article')).toContain('switched off: its PDF, abstract, email');
    await page.locator('.flash', { hasText: `Article ${refnumber} is back, switched off` }).waitFor();
    await expectValue(page.getByLabel('Reference number'), refnumber);
    await expectValue(page.getByLabel('Status'), 'disabled');
    await screenshot(page, `editor-restored-article-${viewport}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

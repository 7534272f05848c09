import type { Browser, Dialog, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUser } from './support/admin-api.js';
import { launchBrowser, openPage, screenshot, type VIEWPORTS } from './support/browser.js';
import { expectAttribute, expectCount, expectReading, expectText, expectValue } from './support/page-state.js';
import { answerConfirmation } from './support/confirm-dialog.js';
import { startBuiltServer, type RunningServer } from './support/server.js';
import { waitUntil } from '../src/server/test/wait-until.js';

const baseUrl = inject('baseUrl');
const admin = { username: inject('adminUsername'), password: inject('adminPassword') };
const year = new Date().getFullYear();
let browser: Browser;

// Sign-ins are limited per user name: each width signs in as a user of its own.
const EDITORS = {
  desktop: { username: 'pages-desk', password: 'pages-desk-password' },
  phone: { username: 'pages-phone', password: 'pages-phone-password' },
};

beforeAll(async () => {
  browser = await launchBrowser();
  for (const user of Object.values(EDITORS))
    await createUser(baseUrl, admin, { ...user, name: `Editor ${user.username}` });
});
afterAll(async () => {
  await browser?.close();
});

/** Accepts every dialog and records its message. */
function watchDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog: Dialog) => {
    seen.push(dialog.message());
    dialog.accept().catch(() => undefined);
  });
  return seen;
}

async function signIn(page: Page, url: string, user: { username: string; password: string }) {
  await page.goto(`${url}/admin/login`);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const PNG_PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const flash = (page: Page, text: string) => page.locator('.flash', { hasText: text }).waitFor();
const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe.each(['desktop', 'phone'] as (keyof typeof VIEWPORTS)[])('pages and forms at %s width', (viewport) => {
  it('edits the About page with headings and lists, and the public page shows it', async () => {
    const { page, errors } = await openPage(browser, viewport);
    await signIn(page, baseUrl, EDITORS[viewport]);
    await page.waitForURL(`${baseUrl}/admin`);
    await page.goto(`${baseUrl}/admin/pages/about`);
    const editor = page.getByRole('textbox', { name: 'About the Journal', exact: true });
    // The seeded text opens with its sections as headings (the first run of the journey sees it).
    const seeded = (await (await fetch(`${baseUrl}/about`)).text()).includes('<h2>Peer review</h2>');
    await (seeded ? editor.locator('h2', { hasText: 'Peer review' }) : editor.locator('h2, p').first()).waitFor();
    await editor.fill(`Aims at ${viewport} width`);
    const h2 = page.getByRole('button', { name: 'H2', exact: true });
    // The toolbar follows the editor once it has taken the new text: then H2 is pressed exactly when it is a heading.
    const written = await expectReading(
      'the editor to hold the new text and the H2 button to say whether it is a heading',
      async () => ({
        block: await editor.evaluate((root) => {
          const first = root.firstElementChild;
          return { tag: first?.tagName, text: first?.textContent };
        }),
        pressed: await h2.getAttribute('aria-pressed'),
      }),
      ({ block, pressed }) =>
        block.text === `Aims at ${viewport} width` && (pressed === 'true') === (block.tag === 'H2'),
    );
    if (written.pressed !== 'true') await h2.click();
    await expectAttribute(h2, 'aria-pressed', 'true');
    await editor.press('End');
    await editor.press('Enter');
    await editor.pressSequentially('{websitename} publishes careful work.');
    await page.getByRole('button', { name: 'Save Page' }).click();
    await page.locator('.flash', { hasText: 'Page updated successfully' }).waitFor();
    await screenshot(page, `admin-pages-${viewport}`);
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);

    await page.goto(`${baseUrl}/about`);
    await page.getByRole('heading', { name: `Aims at ${viewport} width`, level: 2 }).waitFor();
    await page.getByText('International Journal of Applied Research and Studies publishes careful work.').waitFor();
    await expectCount(page.getByText('Peer review'), 0);
    await screenshot(page, `about-edited-${viewport}`);

    // An empty page is refused beside the editor, and nothing changes.
    await page.goto(`${baseUrl}/admin/pages/about`);
    await editor.fill('');
    await page.getByRole('button', { name: 'Save Page' }).click();
    await page.locator('#field-content-error', { hasText: 'Page text is required' }).waitFor();
    await expectAttribute(editor, 'aria-invalid', 'true');
    await expectAttribute(editor, 'aria-describedby', { contains: 'field-content-error' });
    expect(await (await fetch(`${baseUrl}/about`)).text()).toContain(`Aims at ${viewport} width`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('adds an indexing entry with a new logo, refused first for a file that is not a picture; the public list shows it', async () => {
    const { page, errors } = await openPage(browser, viewport);
    await signIn(page, baseUrl, EDITORS[viewport]);
    await page.waitForURL(`${baseUrl}/admin`);
    await page.goto(`${baseUrl}/admin/indexing`);
    await page.getByRole('link', { name: 'Add Entry' }).click();
    await page.getByRole('button', { name: 'Add Entry' }).click();
    await expectText(page.locator('#field-title-error'), 'Title is required');
    await expectText(page.locator('#field-imgFile-error'), 'A logo is required');
    const title = `Scopus ${viewport}`;
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Link').fill('scopus.example/journal');
    // Named and typed as a PNG, but a PDF inside: the server reads the content.
    await page
      .getByLabel('Logo')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.4 not a picture') });
    await page.getByRole('button', { name: 'Add Entry' }).click();
    await page
      .locator('#field-imgFile-error', { hasText: 'The picture must be a PNG, JPEG, GIF or WebP image.' })
      .waitFor();
    await page.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_PIXEL });
    await page.getByRole('img', { name: 'Logo preview' }).waitFor();
    await page.getByRole('button', { name: 'Add Entry' }).click();
    await flash(page, 'Indexing entry created successfully');
    await page.getByRole('cell', { name: title, exact: true }).first().waitFor();
    await screenshot(page, `admin-indexing-${viewport}`);
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);

    await page.goto(`${baseUrl}/indexing`);
    const logo = page.locator('.indexing-grid').getByRole('img', { name: title }).first();
    await logo.waitFor();
    const link = page.locator('.indexing-grid a', { has: page.getByRole('img', { name: title }) }).first();
    await expectAttribute(link, 'href', 'https://scopus.example/journal');
    // The picture has loaded: a 1-pixel PNG.
    await expectReading(
      `${logo} to have loaded its picture`,
      () => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      (width) => width === 1,
    );

    // Deleted after a confirmation, the entry leaves the public list (and the other journeys find the demo list).
    await page.goto(`${baseUrl}/admin/indexing`);
    const rows = page.locator('tbody tr', { has: page.getByRole('cell', { name: title, exact: true }) });
    await rows.first().waitFor();
    for (let left = await rows.count(); left > 0; left--) {
      await rows
        .first()
        .getByRole('button', { name: `Delete ${title}` })
        .click();
      expect(await answerConfirmation(page, 'Delete entry')).toBe(
        `Delete the indexing entry “${title}” and its logo? It disappears from the indexing list on the site.`,
      );
      await flash(page, 'Indexing entry deleted');
      await expectCount(rows, left - 1);
    }
    expect(await (await fetch(`${baseUrl}/indexing`)).text()).not.toContain(title);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows every problem of an empty article form beside its field', async () => {
    const { page, errors } = await openPage(browser, viewport);
    await signIn(page, baseUrl, EDITORS[viewport]);
    await page.waitForURL(`${baseUrl}/admin`);
    await page.goto(`${baseUrl}/admin/archives/add/${year}/12/6`);
    await page.getByRole('textbox', { name: 'Abstract', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add Article' }).click();
    const expected: [string, string][] = [
      ['refnumber', 'Ref number must be a valid number.'],
      ['txnid', 'Transaction ID is required'],
      ['email', 'Email is required'],
      ['title', 'Title is required'],
      ['abstract', 'Abstract is required'],
      ['pagenumber', 'Page number format must be like 1-6.'],
      ['pdfFile', 'The PDF file is required.'],
    ];
    await page.locator('#field-refnumber-error').waitFor();
    for (const [field, message] of expected) {
      await expectText(page.locator(`#field-${field}-error`), message);
      await expectAttribute(page.locator(`#field-${field}`), 'aria-invalid', 'true');
      await expectAttribute(page.locator(`#field-${field}`), 'aria-describedby', { contains: `field-${field}-error` });
    }
    // No author's name is the authors' problem, said in their fieldset.
    await expectText(page.locator('#authors-error'), 'Author names is required');
    await expectAttribute(page.getByRole('group', { name: 'Authors' }), 'aria-describedby', {
      contains: 'authors-error',
    });
    // Fields with a default are fine, and required ones are marked.
    await expectAttribute(page.locator('#field-ptype'), 'aria-invalid', 'false');
    await expectCount(page.locator('label.required, legend.required'), 10);
    await screenshot(page, `admin-article-empty-${viewport}`);
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('site pictures', () => {
  it('uploads a logo in the settings, shows it on the public pages, and goes back to the built-in one', async () => {
    const { page, errors } = await openPage(browser, 'desktop');
    await signIn(page, baseUrl, EDITORS.desktop);
    await page.waitForURL(`${baseUrl}/admin`);
    await page.goto(`${baseUrl}/admin/settings`);
    await page.getByRole('img', { name: 'Logo preview' }).waitFor();
    await page.getByRole('button', { name: 'Upload logo' }).click();
    await page.locator('#field-picture-logo-error', { hasText: 'Choose a picture to upload' }).waitFor();
    await page
      .getByLabel('Logo', { exact: true })
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_PIXEL });
    // The chosen picture shows before it is uploaded: a blob: address the security policy lets the page draw.
    const preview = page.getByRole('img', { name: 'Logo preview' });
    await expectAttribute(preview, 'src', /^blob:/);
    await expectReading(
      'the preview to be drawn',
      () => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      (width) => width === 1,
    );
    await page.getByRole('button', { name: 'Upload logo' }).click();
    await flash(page, 'Picture saved');
    await expectAttribute(
      page.getByRole('img', { name: 'Logo preview' }),
      'src',
      /^\/assets\/site\/logo-[0-9a-f]{16}\.png$/,
    );
    await screenshot(page, 'admin-site-pictures-desktop');
    await page.goto(`${baseUrl}/`);
    await expectAttribute(page.locator('.brand img'), 'src', /^\/assets\/site\/logo-/);
    await page.goto(`${baseUrl}/admin/settings`);
    await page.getByRole('button', { name: 'Use the built-in one' }).click();
    await flash(page, 'Picture reset to the built-in one');
    expect(await (await fetch(`${baseUrl}/`)).text()).toContain('src="/logo.svg"');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('a token that expires while a form is edited', () => {
  let server: RunningServer;
  const ADMIN = { username: 'admin', password: 'short-lived-admin' };
  const LIFETIME_SECONDS = 4;

  beforeAll(async () => {
    server = await startBuiltServer({
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      TOKEN_LIFETIME_SECONDS: String(LIFETIME_SECONDS),
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** Waits until the server refuses the page's token: its lifetime has passed. */
  async function expire(page: Page) {
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('acadpubjwt')!).token as string);
    await waitUntil(
      async () =>
        (await fetch(`${server.baseUrl}/auth/verify-token/`, { headers: { authorization: `Bearer ${token}` } }))
          .status === 401,
      { message: 'the server to refuse the token', timeoutMs: (LIFETIME_SECONDS + 15) * 1000, intervalMs: 100 },
    );
  }

  it.each(['desktop', 'phone'] as (keyof typeof VIEWPORTS)[])(
    'keeps the page text and returns to it after signing in (%s)',
    async (viewport) => {
      const { page, errors } = await openPage(browser, viewport);
      const dialogs = watchDialogs(page);
      await signIn(page, server.baseUrl, ADMIN);
      await page.waitForURL(`${server.baseUrl}/admin`);
      await page.goto(`${server.baseUrl}/admin/pages/contact`);
      const editor = page.getByRole('textbox', { name: 'Contact', exact: true });
      await editor.locator('p, h2').first().waitFor();
      await editor.fill(`Call us any weekday (${viewport}).`);
      await expire(page);
      await page.getByRole('button', { name: 'Save Page' }).click();
      await page.waitForURL(`${server.baseUrl}/admin/login`);
      expect(dialogs).toEqual(['Session expired. Please login again.']);

      await signIn(page, server.baseUrl, ADMIN);
      await page.waitForURL(`${server.baseUrl}/admin/pages/contact`);
      await editor.getByText(`Call us any weekday (${viewport}).`).waitFor();
      await screenshot(page, `admin-pages-restored-${viewport}`);
      await page.getByRole('button', { name: 'Save Page' }).click();
      await page.locator('.flash', { hasText: 'Page updated successfully' }).waitFor();
      expect(await (await fetch(`${server.baseUrl}/contact`)).text()).toContain(`Call us any weekday (${viewport}).`);
      expect(errors).toEqual([]);
      await page.context().close();
    },
  );

  it('keeps an article being added when the next screen finds the token expired', async () => {
    const { page, errors } = await openPage(browser, 'desktop');
    watchDialogs(page);
    await signIn(page, server.baseUrl, ADMIN);
    await page.waitForURL(`${server.baseUrl}/admin`);
    const addPath = `/admin/archives/add/${year}/12/6`;
    await page.goto(`${server.baseUrl}${addPath}`);
    await page.getByLabel('Reference number').fill('88001');
    await page.getByLabel('Given name of author 1').fill('Meera Pillai, Arjun Das');
    await page.getByRole('textbox', { name: 'Abstract', exact: true }).fill('Rainfall and yields over thirty years.');
    await expire(page);
    await page.getByRole('link', { name: 'Pages', exact: true }).click();
    await page.waitForURL(`${server.baseUrl}/admin/login`);
    await signIn(page, server.baseUrl, ADMIN);
    await page.waitForURL(`${server.baseUrl}${addPath}`);
    await expectValue(page.getByLabel('Reference number'), '88001');
    await expectValue(page.getByLabel('Family name of author 2'), 'Das');
    await page
      .getByRole('textbox', { name: 'Abstract', exact: true })
      .getByText('Rainfall and yields over thirty years.')
      .waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

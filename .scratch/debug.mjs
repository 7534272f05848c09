import { chromium } from 'playwright-core';
const base = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
page.on('dialog', (d) => { console.log('dialog', d.message()); d.accept().catch(() => {}); });
page.on('console', (m) => console.log('console', m.text()));
async function signIn() {
  await page.goto(`${base}/admin/login`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('short-lived-admin');
  await page.getByRole('button', { name: 'Sign in' }).click();
}
await signIn();
await page.waitForURL(`${base}/admin`);
await page.goto(`${base}/admin/pages/contact`);
const editor = page.getByRole('textbox', { name: 'Contact', exact: true });
await editor.locator('h2').first().waitFor();
await editor.fill('Hello kept');
await new Promise((r) => setTimeout(r, 5500));
await page.getByRole('button', { name: 'Save Page' }).click();
await page.waitForURL(`${base}/admin/login`);
console.log('kept', await page.evaluate(() => sessionStorage.getItem('journal-kept-forms')));
await signIn();
await new Promise((r) => setTimeout(r, 2000));
console.log('url', page.url());
console.log('kept', await page.evaluate(() => sessionStorage.getItem('journal-kept-forms')));
await browser.close();

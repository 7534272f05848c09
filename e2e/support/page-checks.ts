import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResult {
  violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[];
}

/** Runs axe-core in the page; one line per violation: rule, impact and the elements it names. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the browser's devtools protocol, which the site's Content-Security-Policy does not restrict.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(() => (window as unknown as { axe: { run(): Promise<AxeResult> } }).axe.run());
  return result.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/**
 * Links, buttons and form fields that the floating chat button lies over when the page is scrolled to its end, the
 * one place where scrolling cannot move them out from under it.
 */
export async function coveredByChatButton(page: Page): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  return page.evaluate(() => {
    const chat = document.querySelector('.chat-button');
    if (!chat) return [];
    const button = chat.getBoundingClientRect();
    const overlaps = (box: DOMRect) =>
      box.width > 0 &&
      box.height > 0 &&
      box.left < button.right &&
      box.right > button.left &&
      box.top < button.bottom &&
      box.bottom > button.top;
    return [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea')]
      .filter(
        (element) => !chat.contains(element) && element.checkVisibility() && overlaps(element.getBoundingClientRect()),
      )
      .map((element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`);
  });
}

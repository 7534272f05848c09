import type { Page } from 'playwright-core';

/**
 * Answers the product's confirmation dialog (src/web/components/confirm-dialog.tsx) with the button named `answer`
 * and returns what it said: its question and its consequence, as one text.
 */
export async function answerConfirmation(page: Page, answer: string): Promise<string> {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  const said = (await dialog.innerText()).split('\n').filter((line) => line.trim() && line !== 'Cancel');
  await dialog.getByRole('button', { name: answer, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  return said.filter((line) => line !== answer).join(' ');
}

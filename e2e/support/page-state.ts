import { inspect } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import { waitUntil } from '../../src/server/test/wait-until.js';

/**
 * Assertions on what a page shows, for playwright-core, which has no retrying `expect`: each reads the page again
 * until the state is the expected one (a click or a navigation may still be rendering), returns what it read, and
 * fails with the locator, the expectation and the last reading once the time is up.
 */

/** Exactly this text, a text this pattern matches, or a text containing `contains`. */
export type TextMatch = string | RegExp | { contains: string };

interface Options {
  timeoutMs?: number;
}
interface TextOptions extends Options {
  /** Compare the rendered text (innerText, as a reader sees it) instead of textContent. */
  inner?: boolean;
}

/** One read of the page waits at most this long for its element; the whole assertion keeps trying until its deadline. */
const READ_MS = 2_000;

function matches(text: string | null, expected: TextMatch): boolean {
  if (text === null) return false;
  if (typeof expected === 'string') return text === expected;
  if (expected instanceof RegExp) return expected.test(text);
  return text.includes(expected.contains);
}

const describeExpected = (expected: unknown) =>
  expected instanceof RegExp
    ? String(expected)
    : typeof expected === 'object' && expected !== null && 'contains' in expected
      ? `containing ${JSON.stringify(expected.contains)}`
      : inspect(expected, { breakLength: Infinity });

/** Reads until `accept` takes the reading, and returns it. */
async function settled<T>(
  what: string,
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  { timeoutMs }: Options = {},
): Promise<T> {
  let last: { value: T } | undefined;
  const found = await waitUntil(
    async () => {
      last = { value: await read() };
      return accept(last.value) ? last : false;
    },
    {
      message: () => `${what}${last ? `; last read: ${describeExpected(last.value)}` : ''}`,
      timeoutMs,
      intervalMs: 50,
    },
  );
  return found.value;
}

export function expectText(locator: Locator, expected: TextMatch, options: TextOptions = {}): Promise<string> {
  return settled(
    `${locator} to have the text ${describeExpected(expected)}`,
    () => (options.inner ? locator.innerText({ timeout: READ_MS }) : locator.textContent({ timeout: READ_MS })),
    (text) => matches(text, expected),
    options,
  ) as Promise<string>;
}

/** The texts of every element the locator finds, in order. */
export function expectTexts(locator: Locator, expected: string[], options: TextOptions = {}): Promise<string[]> {
  return settled(
    `${locator} to have the texts ${describeExpected(expected)}`,
    () => (options.inner ? locator.allInnerTexts() : locator.allTextContents()),
    (texts) => texts.length === expected.length && texts.every((text, i) => text === expected[i]),
    options,
  );
}

export function expectCount(locator: Locator, expected: number, options: Options = {}): Promise<number> {
  return settled(
    `${locator} to find ${expected} elements`,
    () => locator.count(),
    (n) => n === expected,
    options,
  );
}

/** An attribute's value; `null`: the attribute is absent. */
export function expectAttribute(
  locator: Locator,
  name: string,
  expected: TextMatch | null,
  options: Options = {},
): Promise<string | null> {
  return settled(
    `${locator} to have ${name}=${describeExpected(expected)}`,
    () => locator.getAttribute(name, { timeout: READ_MS }),
    (value) => (expected === null ? value === null : matches(value, expected)),
    options,
  );
}

/** The value of an input, select or textarea. */
export function expectValue(locator: Locator, expected: TextMatch, options: Options = {}): Promise<string> {
  return settled(
    `${locator} to have the value ${describeExpected(expected)}`,
    () => locator.inputValue({ timeout: READ_MS }),
    (value) => matches(value, expected),
    options,
  );
}

export function expectVisible(locator: Locator, visible: boolean, options: Options = {}): Promise<boolean> {
  return settled(
    `${locator} to be ${visible ? 'visible' : 'hidden'}`,
    () => locator.isVisible(),
    (seen) => seen === visible,
    options,
  );
}

export function expectChecked(locator: Locator, checked: boolean, options: Options = {}): Promise<boolean> {
  return settled(
    `${locator} to be ${checked ? 'checked' : 'unchecked'}`,
    () => locator.isChecked({ timeout: READ_MS }),
    (seen) => seen === checked,
    options,
  );
}

export function expectDisabled(locator: Locator, disabled: boolean, options: Options = {}): Promise<boolean> {
  return settled(
    `${locator} to be ${disabled ? 'disabled' : 'enabled'}`,
    () => locator.isDisabled({ timeout: READ_MS }),
    (seen) => seen === disabled,
    options,
  );
}

export function expectTitle(page: Page, expected: TextMatch, options: Options = {}): Promise<string> {
  return settled(
    `the page title to be ${describeExpected(expected)}`,
    () => page.title(),
    (title) => matches(title, expected),
    options,
  );
}

/** Any other reading of the page, e.g. a computed style or a property of an element. */
export function expectReading<T>(
  what: string,
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  options: Options = {},
) {
  return settled(what, read, accept, options);
}

/** Pastes text into a field as the clipboard would, through a paste event the page can read. */
export async function pasteInto(locator: Locator, text: string): Promise<void> {
  await locator.focus();
  await locator.evaluate((field, pasted) => {
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/plain', pasted);
    field.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
  }, text);
}

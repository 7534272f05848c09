import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepFormsForSignIn, registerOpenForm, returnAfterSignIn, takeKeptForm } from './session-guard.js';

/** The tab's session storage and address, as the browser gives them. */
function stubBrowser(pathname: string) {
  const stored = new Map<string, string>();
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
  });
  vi.stubGlobal('window', { location: { pathname, search: '?tab=1' } });
}

describe('forms kept over an expired session', () => {
  beforeEach(() => stubBrowser('/admin/pages/about'));
  afterEach(() => vi.unstubAllGlobals());

  it('keeps every open form and the screen, returns there once, and hands each form its content once', async () => {
    const unregister = registerOpenForm('/admin/pages/about#page', () => ({ content: '<p>Draft</p>' }));
    registerOpenForm('/admin/pages/about#other', () => ({ title: 'x' }))();
    keepFormsForSignIn();
    unregister();

    expect(returnAfterSignIn('/admin', '/admin')).toBe('/admin/pages/about?tab=1');
    expect(returnAfterSignIn('/admin', '/admin')).toBe('/admin');
    expect(takeKeptForm('/admin/pages/about#other')).toBeUndefined();
    expect(takeKeptForm('/admin/pages/about#page')).toEqual({ content: '<p>Draft</p>' });
    // A second run of the same render gets it too; a later mount does not.
    expect(takeKeptForm('/admin/pages/about#page')).toEqual({ content: '<p>Draft</p>' });
    await Promise.resolve();
    expect(takeKeptForm('/admin/pages/about#page')).toBeUndefined();
  });

  it('returns only within the area that signs in again', () => {
    keepFormsForSignIn();
    expect(returnAfterSignIn('/webdata', '/webdata')).toBe('/webdata');
  });

  it('never returns to a sign-in page', () => {
    stubBrowser('/admin/login');
    keepFormsForSignIn();
    expect(returnAfterSignIn('/admin', '/admin')).toBe('/admin');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('security headers', () => {
  it('come with pages, documents, API answers, refusals and missing files alike', async () => {
    const urls = [
      '/',
      '/sitemap.xml',
      '/api/archives/',
      '/api/settings',
      '/api/no-such-call',
      '/assets/no-such-file.pdf',
    ];
    for (const url of urls) {
      const response = await t.app.inject({ method: url === '/api/settings' ? 'POST' : 'GET', url });
      const headers = response.headers;
      // A server-rendered page adds its hydration script's hash (page-document.api.test.ts); nothing else differs.
      const policy = String(headers['content-security-policy']).replace(/ 'sha256-[A-Za-z0-9+/=]+'/g, '');
      expect(policy.split(';').sort(), url).toEqual([
        "base-uri 'self'",
        "connect-src 'self'",
        "default-src 'self'",
        "font-src 'self' https: data:",
        "form-action 'self'",
        "frame-ancestors 'self'",
        "img-src 'self' data: blob:",
        "object-src 'none'",
        "script-src 'self'",
        "script-src-attr 'none'",
        "style-src 'self' 'unsafe-inline'",
      ]);
      expect(headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['referrer-policy'], url).toBe('no-referrer');
      expect(headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });
});

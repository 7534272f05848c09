import { describe, expect, it } from 'vitest';
import { ConfigError, defaultRenderThreads, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      SEED_DEMO: true,
      ADMIN_USERNAME: 'admin',
      TRUST_PROXY: false,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR.endsWith('/data')).toBe(true);
  });

  it('names the variable and the rule in one line for a bad value', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(
      /^Invalid environment variable PORT="abc": must be a port number$/,
    );
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT="70000": must be between 1 and 65535/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL=.*postgres/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ WEB_CONCURRENCY: '0' })).toThrow(
      /^Invalid environment variable WEB_CONCURRENCY="0": must be between 1 and 32$/,
    );
  });

  it('reads flags and treats empty values as unset', () => {
    expect(loadConfig({ SEED_DEMO: '0', PORT: '' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ PORT: '' }).PORT).toBe(3000);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).DATABASE_URL).toBe('postgres://u@h/db');
  });

  it('reads SMTP_URL as an smtp:// or smtps:// URL, unset by default', () => {
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
    expect(loadConfig({ SMTP_URL: 'smtps://user:p%40ss@mail.example.org:465' }).SMTP_URL).toBe(
      'smtps://user:p%40ss@mail.example.org:465',
    );
    expect(() => loadConfig({ SMTP_URL: 'mail.example.org:587' })).toThrow(
      /^Invalid environment variable SMTP_URL="mail.example.org:587": must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
  });

  it('reads RENDER_THREADS, 0 to 16, and otherwise gives each worker process its share of the cores', () => {
    expect(loadConfig({ RENDER_THREADS: '0' }).RENDER_THREADS).toBe(0);
    expect(loadConfig({ RENDER_THREADS: '3' }).RENDER_THREADS).toBe(3);
    expect(() => loadConfig({ RENDER_THREADS: '17' })).toThrow(
      /^Invalid environment variable RENDER_THREADS="17": must be between 0 and 16$/,
    );
    expect(() => loadConfig({ RENDER_THREADS: 'many' })).toThrow(
      /RENDER_THREADS="many": must be a number of render threads/,
    );
    expect(() => loadConfig({ RENDER_THREADS: '1.5' })).toThrow(/RENDER_THREADS="1.5": must be a whole number/);
    expect(Number.isInteger(loadConfig({ RENDER_THREADS: '' }).RENDER_THREADS)).toBe(true);
  });

  it('reads TOKEN_LIFETIME_SECONDS, 12 hours unless set, 1 second to 30 days', () => {
    expect(loadConfig({}).TOKEN_LIFETIME_SECONDS).toBe(43_200);
    expect(loadConfig({ TOKEN_LIFETIME_SECONDS: '5' }).TOKEN_LIFETIME_SECONDS).toBe(5);
    expect(() => loadConfig({ TOKEN_LIFETIME_SECONDS: '0' })).toThrow(
      /^Invalid environment variable TOKEN_LIFETIME_SECONDS="0": must be between 1 and 2592000$/,
    );
    expect(() => loadConfig({ TOKEN_LIFETIME_SECONDS: 'soon' })).toThrow(
      /TOKEN_LIFETIME_SECONDS="soon": must be a number of seconds/,
    );
  });

  it('reads TRUST_PROXY as a number of proxies or their addresses, never as trust in every address', () => {
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).TRUST_PROXY).toEqual({
      addresses: ['loopback', '10.0.0.0/8'],
    });
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /^Invalid environment variable TRUST_PROXY="true": must be 0, the number of proxies .* would let any client choose its own address$/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '11' })).toThrow(/TRUST_PROXY="11": must be 0, the number of proxies/);
    expect(() => loadConfig({ TRUST_PROXY: 'nginx.local' })).toThrow(/invalid IP address: nginx.local$/);
  });
});

describe('SITE_URL', () => {
  it('is the origin of the public address, unset by default', () => {
    expect(loadConfig({}).SITE_URL).toBeUndefined();
    expect(loadConfig({ SITE_URL: 'https://Journal.Example.org/' }).SITE_URL).toBe('https://journal.example.org');
    expect(loadConfig({ SITE_URL: 'http://127.0.0.1:8080' }).SITE_URL).toBe('http://127.0.0.1:8080');
  });

  it('refuses anything but an http(s) origin', () => {
    for (const value of [
      'journal.example.org',
      'ftp://journal.example.org',
      'https://journal.example.org/path',
      'https://x.org/?q=1',
    ]) {
      expect(() => loadConfig({ SITE_URL: value }), value).toThrow(
        /^Invalid environment variable SITE_URL=.*: must be/,
      );
    }
  });
});

describe('PUBLISHER_HOST and PUBLISHER_NAME', () => {
  it('are unset and "Our journals" by default', () => {
    expect(loadConfig({}).PUBLISHER_HOST).toBeUndefined();
    expect(loadConfig({}).PUBLISHER_NAME).toBe('Our journals');
    expect(loadConfig({ PUBLISHER_HOST: '', PUBLISHER_NAME: '' })).toMatchObject({ PUBLISHER_NAME: 'Our journals' });
  });

  it('read a lower-case host name and a one-line name', () => {
    expect(loadConfig({ PUBLISHER_HOST: 'publisher.example.org' }).PUBLISHER_HOST).toBe('publisher.example.org');
    expect(loadConfig({ PUBLISHER_HOST: 'localhost' }).PUBLISHER_HOST).toBe('localhost');
    expect(loadConfig({ PUBLISHER_NAME: '  Applied Research Publications ' }).PUBLISHER_NAME).toBe(
      'Applied Research Publications',
    );
  });

  it('refuse anything but a bare lower-case host name, in one line naming the variable', () => {
    for (const value of [
      'https://publisher.example.org',
      'publisher.example.org:8080',
      'publisher.example.org/journals',
      'Publisher.example.org',
      'publisher..example.org',
      '-publisher.example.org',
      'publisher example.org',
      `${'a'.repeat(64)}.example.org`,
    ]) {
      expect(() => loadConfig({ PUBLISHER_HOST: value }), value).toThrow(
        /^Invalid environment variable PUBLISHER_HOST=.*: must be a host name in lower case without a scheme, port or path, e\.g\. publisher\.example\.org$/,
      );
    }
    expect(() => loadConfig({ PUBLISHER_NAME: 'a\nb' })).toThrow(
      /^Invalid environment variable PUBLISHER_NAME="a\\nb": must be one line of text$/,
    );
    expect(() => loadConfig({ PUBLISHER_NAME: 'x'.repeat(201) })).toThrow(/PUBLISHER_NAME=.*must be at most 200/);
  });
});

describe('defaultRenderThreads', () => {
  it('is the cores per worker process beyond the first when that leaves one, else none', () => {
    expect(defaultRenderThreads(2, 1)).toBe(1);
    expect(defaultRenderThreads(8, 3)).toBe(1);
    expect(defaultRenderThreads(8, 1)).toBe(7);
    expect(defaultRenderThreads(2, 2)).toBe(0);
    expect(defaultRenderThreads(1, 1)).toBe(0);
  });
});

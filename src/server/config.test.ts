import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', SEED_DEMO: true, ADMIN_USERNAME: 'admin', TRUST_PROXY: false });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR.endsWith('/data')).toBe(true);
  });

  it('names the variable and the rule in one line for a bad value', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/^Invalid environment variable PORT="abc": must be a port number$/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT="70000": must be between 1 and 65535/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL=.*postgres/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ WEB_CONCURRENCY: '0' })).toThrow(/^Invalid environment variable WEB_CONCURRENCY="0": must be between 1 and 32$/);
  });

  it('reads flags and treats empty values as unset', () => {
    expect(loadConfig({ SEED_DEMO: '0', PORT: '' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ PORT: '' }).PORT).toBe(3000);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).DATABASE_URL).toBe('postgres://u@h/db');
  });
});

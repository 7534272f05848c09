import { describe, expect, it } from 'vitest';
import { trustProxyOption } from './trusted-proxies.js';

describe('trustProxyOption', () => {
  it('trusts the nearest hops only: a client cannot add proxies by sending X-Forwarded-For', () => {
    const trust = trustProxyOption({ hops: 1 });
    expect(trust).not.toBe(false);
    if (!trust) return;
    expect(trust('127.0.0.1', 0)).toBe(true);
    expect(trust('203.0.113.9', 1)).toBe(false);
  });

  it('trusts the listed addresses at any hop, and nothing else', () => {
    const trust = trustProxyOption({ addresses: ['loopback', '10.1.0.0/16'] });
    if (!trust) throw new Error('a list of addresses trusts them');
    expect([trust('127.0.0.1', 0), trust('10.1.2.3', 1), trust('10.2.0.1', 0)]).toEqual([true, true, false]);
  });

  it('trusts no proxy when the setting is off', () => {
    expect(trustProxyOption(false)).toBe(false);
  });
});

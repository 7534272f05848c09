import { afterEach, describe, expect, it, vi } from 'vitest';
import { UntilNextWrite } from './until-next-write.js';

afterEach(() => vi.useRealTimers());

function counter() {
  let loads = 0;
  let version = 0;
  return {
    load: async () => ++loads,
    writeVersion: () => version,
    write: () => (version += 1),
  };
}

describe('UntilNextWrite', () => {
  it('loads once until the write version changes', async () => {
    const c = counter();
    const memo = new UntilNextWrite(c.load, c.writeVersion);
    expect(await memo.get()).toBe(1);
    expect(await memo.get()).toBe(1);
    c.write();
    expect(await memo.get()).toBe(2);
  });

  it('loads again after its time to live', async () => {
    vi.useFakeTimers();
    const c = counter();
    const memo = new UntilNextWrite(c.load, c.writeVersion, 1000);
    expect(await memo.get()).toBe(1);
    vi.advanceTimersByTime(1001);
    expect(await memo.get()).toBe(2);
  });

  it('does not remember a failed load', async () => {
    let fail = true;
    const memo = new UntilNextWrite(async () => {
      if (fail) throw new Error('database away');
      return 'rows';
    }, () => 0);
    await expect(memo.get()).rejects.toThrow('database away');
    fail = false;
    expect(await memo.get()).toBe('rows');
  });
});

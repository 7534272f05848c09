import { describe, expect, it } from 'vitest';
import { UntilNextWrite, UntilNextWriteByKey } from './until-next-write.js';
import { WriteClock } from './write-clock.js';

function counter() {
  let loads = 0;
  const clock = new WriteClock();
  return {
    load: async () => ++loads,
    clock,
    write: () => clock.publicDataChanged(),
  };
}

describe('UntilNextWrite', () => {
  it('loads once until the write clock moves on', async () => {
    const c = counter();
    const memo = new UntilNextWrite(c.load, c.clock);
    expect(await memo.get()).toBe(1);
    expect(await memo.get()).toBe(1);
    c.write();
    expect(await memo.get()).toBe(2);
  });

  it('does not remember a failed load', async () => {
    let fail = true;
    const memo = new UntilNextWrite(async () => {
      if (fail) throw new Error('database away');
      return 'rows';
    }, new WriteClock());
    await expect(memo.get()).rejects.toThrow('database away');
    fail = false;
    expect(await memo.get()).toBe('rows');
  });
});

describe('UntilNextWriteByKey', () => {
  const keyedCounter = () => {
    const loads: string[] = [];
    return { loads, load: (key: string) => async () => (loads.push(key), `${key}#${loads.length}`) };
  };

  it('remembers each key on its own until the write clock moves on', async () => {
    const c = counter();
    const k = keyedCounter();
    const memo = new UntilNextWriteByKey<string, string>(c.clock, 4);
    expect(await memo.get('a', k.load('a'))).toBe('a#1');
    expect(await memo.get('b', k.load('b'))).toBe('b#2');
    expect(await memo.get('a', k.load('a'))).toBe('a#1');
    c.write();
    expect(await memo.get('a', k.load('a'))).toBe('a#3');
    expect(k.loads).toEqual(['a', 'b', 'a']);
  });

  it('keeps only the most recently read keys', async () => {
    const k = keyedCounter();
    const memo = new UntilNextWriteByKey<string, string>(new WriteClock(), 2);
    await memo.get('a', k.load('a'));
    await memo.get('b', k.load('b'));
    await memo.get('a', k.load('a')); // a is now more recent than b
    await memo.get('c', k.load('c')); // so b goes
    await memo.get('a', k.load('a'));
    await memo.get('b', k.load('b'));
    expect(k.loads).toEqual(['a', 'b', 'c', 'b']);
  });

  it('does not remember a failed load of a key', async () => {
    const memo = new UntilNextWriteByKey<string, string>(new WriteClock(), 2);
    await expect(memo.get('a', () => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    expect(await memo.get('a', async () => 'rows')).toBe('rows');
  });
});

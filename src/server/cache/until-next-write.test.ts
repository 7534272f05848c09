import { describe, expect, it } from 'vitest';
import { SharedMemo, UntilNextWrite, UntilNextWriteByKey } from './until-next-write.js';
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

describe('SharedMemo', () => {
  const reads = () => {
    const loads: string[] = [];
    return { loads, load: (name: string) => async () => (loads.push(name), `${name}#${loads.length}`) };
  };

  it('bounds the keys of every journal together, the least recently read going first', async () => {
    const shared = new SharedMemo<string>(2);
    const r = reads();
    const [journalA, journalB] = [new WriteClock(), new WriteClock()].map(
      (clock) => new UntilNextWriteByKey(clock, shared),
    );
    await journalA!.get('1', r.load('A1'));
    await journalB!.get('1', r.load('B1'));
    expect(await journalA!.get('1', r.load('A1'))).toBe('A1#1'); // the same key of another journal is its own
    await journalB!.get('2', r.load('B2')); // a third key in all: B1, the least recently read, goes
    expect(shared.entries.size).toBe(2);
    await journalA!.get('1', r.load('A1'));
    await journalB!.get('1', r.load('B1'));
    expect(r.loads).toEqual(['A1', 'B1', 'B2', 'B1']);
  });

  it("forgets a journal's reads when its clock moves on, and keeps the other journal's", async () => {
    const shared = new SharedMemo<string>(8);
    const r = reads();
    const clockA = new WriteClock();
    const journalA = new UntilNextWriteByKey(clockA, shared);
    const journalB = new UntilNextWriteByKey(new WriteClock(), shared);
    await journalA.get('1', r.load('A1'));
    await journalB.get('1', r.load('B1'));
    clockA.publicDataChanged();
    expect(await journalA.get('1', r.load('A1'))).toBe('A1#3');
    expect(await journalB.get('1', r.load('B1'))).toBe('B1#2');
  });
});

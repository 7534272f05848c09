import { describe, expect, it, vi } from 'vitest';
import type { YearGroup } from '../../common/schemas/archives.js';
import { yearGroupsHtml } from '../components/archive-year-list.js';
import { deepFreeze, memoByObject } from './memo-by-object.js';

describe('memoByObject', () => {
  it('gives back the result remembered for an object while the other arguments are the same', () => {
    const write = vi.fn((list: { n: number }[], prefix: string) => list.map((item) => prefix + item.n).join());
    const written = memoByObject(write);
    const list = [{ n: 1 }, { n: 2 }];
    expect(written(list, '#')).toBe('#1,#2');
    expect(written(list, '#')).toBe('#1,#2');
    expect(write).toHaveBeenCalledTimes(1);
    expect(written(list, '$')).toBe('$1,$2');
    // The same content in a new object is a new value.
    expect(written([{ n: 1 }, { n: 2 }], '$')).toBe('$1,$2');
    expect(write).toHaveBeenCalledTimes(3);
  });

  it('freezes what it remembers in tests, so that changing it throws instead of leaving stale results', () => {
    const wrap = memoByObject((list: { n: number }[]) => ({ list }));
    const list = [{ n: 1 }];
    const wrapped = wrap(list);
    expect(() => list.push({ n: 2 })).toThrow(TypeError);
    expect(() => (list[0]!.n = 5)).toThrow(TypeError);
    expect(() => ((wrapped as { extra?: boolean }).extra = true)).toThrow(TypeError);
  });

  it('fences the memos of public pages: the year groups a list was written from cannot be changed', () => {
    const groups: YearGroup[] = [{ year: 2025, volume: 3, total_issues: 1, issue_month: {}, issues: [1] }];
    yearGroupsHtml(groups, new Set(['2025-3']), '/archives');
    expect(() => groups[0]!.issues.push(2)).toThrow(TypeError);
    expect(() => (groups[0]!.issue_month[1] = 'jan')).toThrow(TypeError);
  });
});

describe('deepFreeze', () => {
  it('freezes nested objects and arrays and leaves other values alone', () => {
    const value = deepFreeze({ a: [{ b: 1 }], c: 'text', d: null });
    expect(Object.isFrozen(value.a[0])).toBe(true);
    expect(deepFreeze(3)).toBe(3);
  });
});

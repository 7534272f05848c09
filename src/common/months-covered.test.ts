import { describe, expect, it } from 'vitest';
import { monthsCovered } from './archive-links.js';
import { ISSUE_FREQUENCIES } from './constants.js';

describe('monthsCovered', () => {
  it('names the first and last month of each choice in words', () => {
    expect(monthsCovered('may')).toBe('May');
    expect(monthsCovered('jan-feb-mar')).toBe('January to March');
    expect(monthsCovered('jul-aug-sep-oct-nov-dec')).toBe('July to December');
  });

  it('gives every frequency the forms offer a distinct wording without codes', () => {
    const words = ISSUE_FREQUENCIES.map(monthsCovered);
    expect(new Set(words).size).toBe(ISSUE_FREQUENCIES.length);
    for (const wording of words) expect(wording).toMatch(/^[A-Z][a-z]+( to [A-Z][a-z]+)?$/);
  });
});

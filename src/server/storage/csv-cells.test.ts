import { describe, expect, it } from 'vitest';
import { csvText, csvValue } from './csv-cells.js';

describe('the escape of CSV cells', () => {
  it('puts an apostrophe before a cell a spreadsheet program would run, and before nothing else', () => {
    const cells = ['=1+1', '+91 98765', '-5', '@SUM(A1)', '\t=1', '\r=1', '\uFF1D1', "'=A1", "''+x"];
    expect(cells.map(csvText)).toEqual(cells.map((cell) => `'${cell}`));
    for (const kept of ['Growth of rice', "'quoted", "O'Brien", '1-6', 'a=b', '', "'"])
      expect(csvText(kept)).toBe(kept);
  });

  it('gives back every value it escaped, and leaves every other cell as it is', () => {
    const values = ['=1+1', "'=A1", "''@x", "'", "'a", 'a', '', '-', "-'", '\t', "O'Brien"];
    for (const value of values) expect(csvValue(csvText(value))).toBe(value);
    expect(csvValue("'+91 98765")).toBe('+91 98765');
    expect(csvValue("'plain")).toBe("'plain");
  });
});

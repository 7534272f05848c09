import { describe, expect, it } from 'vitest';
import { articleAddSchema, articleEditSchema, countWords, lastPageOf, pageOrderMessage, pageRange } from './article.js';

describe('article form rules (specification: Validation rules)', () => {
  it('reads page ranges and the last page used in an issue', () => {
    expect(pageRange(' 12-20 ')).toEqual({ first: 12, last: 20 });
    expect(pageRange('12 - 20')).toBeNull();
    expect(pageRange('1-6-9')).toBeNull();
    expect(lastPageOf(['1-6', '21-30', '7-20'])).toBe(30);
    expect(lastPageOf([])).toBe(0);
    expect(pageOrderMessage(30)).toBe(
      'The the first value of the page range should be one more than the last one. The last page was 30.',
    );
  });

  it('counts the words of a title, markup and spaces ignored', () => {
    expect(countWords('A study of <i>Homo  sapiens</i>&nbsp;today')).toBe(6);
    expect(countWords('<p> </p>')).toBe(0);
    expect(countWords('<p>Homo</p><p><em>sapi</em>ens</p>')).toBe(2);
  });

  const base = {
    refnumber: ' 42 ',
    title: 'T',
    authorname: 'A',
    abstract: '<p>x</p>',
    email: 'a@b.co',
    pagenumber: '1-2',
    txnid: 'T1',
    ptype: 'paid',
    publishdate: '2026-01-31',
    year: '2026',
    volume: '1',
    issue: '0',
  };

  it('trims the reference number and reports the spec messages first', () => {
    expect(articleAddSchema.parse(base)).toMatchObject({
      refnumber: '42',
      year: 2026,
      volume: 1,
      issue: 0,
      keywords: '',
    });
    const message = (override: object) =>
      articleAddSchema.safeParse({ ...base, ...override }).error?.issues[0]?.message;
    expect(message({ refnumber: '4 2' })).toBe('Ref number must be a valid number.');
    expect(message({ pagenumber: '1to2' })).toBe('Page number format must be like 1-6.');
    expect(message({ title: '<i> </i>' })).toBe('Title is required');
    expect(message({ publishdate: '2026-02-31x' })).toBe('Publication date must be a date (YYYY-MM-DD)');
  });

  it('takes at most five authors, counted as the citations split them', () => {
    const names = (count: number) => Array.from({ length: count }, (_, n) => `Author ${n + 1}`).join(', ');
    for (const schema of [articleAddSchema, articleEditSchema]) {
      const problems = (authorname: string) =>
        schema.safeParse({ ...base, authorname }).error?.issues.filter((issue) => issue.path[0] === 'authorname');
      expect(problems(names(5))).toBeUndefined();
      expect(problems(`${names(5)}, , `)).toBeUndefined();
      expect(problems(names(6))?.map((issue) => issue.message)).toEqual([
        'Author names must list at most 5 authors, separated by commas',
      ]);
    }
  });
});

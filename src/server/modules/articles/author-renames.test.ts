import { describe, expect, it } from 'vitest';
import { authorsFromLine, type Author } from '../../../common/authors.js';
import { authorRenames, sameName } from './author-renames.js';

/** An article's authors as the line alone gives them. */
const line = (authorname: string) => ({ authorname, authors: authorsFromLine(authorname) });
const withOrcid = (authorname: string, orcids: string[]) => ({
  authorname,
  authors: authorsFromLine(authorname).map((author, index): Author => ({ ...author, orcid: orcids[index] ?? '' })),
});

describe('authorRenames', () => {
  it('finds a name corrected in its place, a word of it kept', () => {
    expect(authorRenames(line('Anita Iyre, Rahul Sharma'), line('Anita K. Iyer, Rahul Sharma'))).toEqual([
      { old_name: 'Anita Iyre', new_name: 'Anita K. Iyer' },
    ]);
    expect(authorRenames(line('Rahul Sharma'), line('Rahul Verma'))).toEqual([
      { old_name: 'Rahul Sharma', new_name: 'Rahul Verma' },
    ]);
  });

  it('finds a name changed in every word when the author keeps their ORCID iD', () => {
    const orcid = '0000-0002-1825-0097';
    expect(authorRenames(withOrcid('Anitha Iyyer', [orcid]), withOrcid('Anita Iyer', [orcid]))).toEqual([
      { old_name: 'Anitha Iyyer', new_name: 'Anita Iyer' },
    ]);
  });

  it('finds none in another person put in an author’s place, a reordering, an addition or a removal', () => {
    expect(authorRenames(line('Anita Iyer, Rahul Sharma'), line('Anita Iyer, Lena Fischer'))).toEqual([]);
    expect(authorRenames(line('Anita Iyer, Rahul Sharma'), line('Rahul Sharma, Anita Iyer'))).toEqual([]);
    expect(authorRenames(line('Anita Iyer'), line('Anita Iyer, Rahul Sharma'))).toEqual([]);
    expect(authorRenames(line('Anita Iyer, Rahul Sharma'), line('Anita Iyer'))).toEqual([]);
    // Initials alone are no shared word.
    expect(authorRenames(line('A. K. Gupta'), line('A. K. Rao'))).toEqual([]);
  });

  it('finds none in a change of spacing or case only, which certificates already ignore', () => {
    expect(authorRenames(line('anita  iyer'), line('Anita Iyer'))).toEqual([]);
  });

  it('reads the line when the stored list does not match it', () => {
    const before = { authorname: 'Anita Iyre, Rahul Sharma', authors: [] };
    expect(authorRenames(before, line('Anita Iyer, Rahul Sharma'))).toEqual([
      { old_name: 'Anita Iyre', new_name: 'Anita Iyer' },
    ]);
  });
});

describe('sameName', () => {
  it('ignores spacing and case, and keeps accents', () => {
    expect(sameName('  JOSÉ  müller ', 'José Müller')).toBe(true);
    expect(sameName('Jose Muller', 'José Müller')).toBe(false);
  });
});

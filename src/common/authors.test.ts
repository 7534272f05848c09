import { describe, expect, it } from 'vitest';
import { authorLine, authorsFromLine, invertedName, parseOrcid, placeOf } from './authors.js';
import { authorsSchema } from './schemas/authors.js';

describe('ORCID iDs', () => {
  it.each([
    ['0000-0002-1825-0097', '0000-0002-1825-0097'],
    ['https://orcid.org/0000-0001-5109-3700', '0000-0001-5109-3700'],
    ['0000-0002-1694-233x', '0000-0002-1694-233X'],
  ])('accepts %s as %s', (input, id) => expect(parseOrcid(input)).toBe(id));

  it.each(['0000-0002-1825-0098', '0000-0002-1825-009', 'orcid.org/0000-0002-1825-0097', '0000000218250097'])(
    'refuses %s',
    (input) => expect(parseOrcid(input)).toBeNull(),
  );
});

describe('authors', () => {
  it('splits an author line with the name parser, particles kept in the family name', () => {
    const authors = authorsFromLine('Dr. María José van der Berg, Asha Rao', 'maria@uni.example');
    expect(authors.map(invertedName)).toEqual(['van der Berg, María José', 'Rao, Asha']);
    expect(authors.map((author) => [author.email, author.corresponding])).toEqual([
      ['maria@uni.example', true],
      ['', false],
    ]);
    expect(authorLine(authors)).toBe('María José van der Berg, Asha Rao');
  });

  it('makes the first author corresponding when none is marked, and refuses two', () => {
    const two = [{ family_name: 'Rao' }, { family_name: 'Das' }];
    expect(authorsSchema.parse(two).map((author) => author.corresponding)).toEqual([true, false]);
    const both = two.map((author) => ({ ...author, corresponding: true }));
    expect(authorsSchema.safeParse(both).error?.issues[0]?.message).toBe(
      'Only one author can be the corresponding author',
    );
  });

  it('refuses an ORCID iD with a wrong check digit, naming the author', () => {
    const result = authorsSchema.safeParse([{ family_name: 'Rao', orcid: '0000-0002-1825-0098' }]);
    expect(result.error?.issues[0]).toMatchObject({ path: [0, 'orcid'] });
  });
});

describe('placeOf', () => {
  it('gives the affiliation with its country, and nothing without an affiliation, as the article page', () => {
    expect(placeOf({ affiliation: 'IIT Bombay', country: 'India' })).toBe('IIT Bombay, India');
    expect(placeOf({ affiliation: 'IIT Bombay', country: '' })).toBe('IIT Bombay');
    expect(placeOf({ affiliation: '', country: 'India' })).toBe('');
  });
});

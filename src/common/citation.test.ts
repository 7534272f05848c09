import { describe, expect, it } from 'vitest';
import {
  formatCitation,
  issueCitation,
  splitAuthors,
  surnameFirst,
  surnameInitials,
  titleMarkup,
  titleText,
} from './citation.js';

describe('citation', () => {
  it('writes authors as Surname Initials, dropping honorifics', () => {
    expect(surnameInitials('Rahul Sharma')).toBe('Sharma R');
    expect(surnameInitials('Dr. Anita K. Iyer')).toBe('Iyer AK');
    expect(surnameInitials('Prof. (Dr.) Rajesh Kumar Sharma')).toBe('Sharma RK');
    expect(surnameInitials('José Müller-Łukasiewicz')).toBe('Müller-Łukasiewicz J');
    expect(surnameInitials('Madonna')).toBe('Madonna');
    expect(surnameInitials('MR. (Prof) T.S. Eliot')).toBe('Eliot T');
    expect(surnameInitials('  Dr. ')).toBe('Dr.');
  });

  it('writes authors as Surname, Given names by the same rule', () => {
    expect(surnameFirst('Rahul Sharma')).toBe('Sharma, Rahul');
    expect(surnameFirst('Dr. Anita K. Iyer')).toBe('Iyer, Anita K.');
    expect(surnameFirst('Prof. (Dr.) Rajesh Kumar Sharma')).toBe('Sharma, Rajesh Kumar');
    expect(surnameFirst('José Müller-Łukasiewicz')).toBe('Müller-Łukasiewicz, José');
    expect(surnameFirst('Madonna')).toBe('Madonna');
    expect(surnameFirst('  Dr. ')).toBe('Dr.');
  });

  it('splits the comma-separated author list', () => {
    expect(splitAuthors(' A One, B Two ,, C Three ')).toEqual(['A One', 'B Two', 'C Three']);
  });

  it('formats the full citation line', () => {
    expect(
      formatCitation(
        {
          authorname: 'Rahul Sharma, Meera Iyer',
          title: 'Growth of <i>Oryza sativa</i> &amp; wheat',
          volume: 10,
          issue: 2,
          year: 2024,
          pagenumber: '11-16',
        },
        'Journal of Tests',
      ),
    ).toBe(
      'Sharma R, Iyer M. Growth of Oryza sativa & wheat. Journal of Tests, Volume 10, Issue 2, 2024, Pages 11-16.',
    );
  });

  it('names the year of the publication date, like every other output, over the issue year', () => {
    const article = { volume: 10, issue: 1, year: 2027, pagenumber: '1-6', publishdate: '2026-12-20' };
    expect(issueCitation(article, 'Journal of Tests')).toBe('Journal of Tests, Volume 10, Issue 1, 2026, Pages 1-6');
    expect(issueCitation({ ...article, publishdate: '' }, 'Journal of Tests')).toContain('Issue 1, 2027,');
  });

  it('names where an article appeared', () => {
    expect(issueCitation({ volume: 10, issue: 2, year: 2024, pagenumber: '11-16' }, 'Journal of Tests')).toBe(
      'Journal of Tests, Volume 10, Issue 2, 2024, Pages 11-16',
    );
  });

  it('gives the plain text of a title, with tags, entities and untidy whitespace removed', () => {
    expect(titleText('  A <em>b</em>\n c &lt;d&gt; ')).toBe('A b c <d>');
    expect(titleText('Plain title')).toBe('Plain title');
    expect(titleText('<i>Oryza</i> &amp; <em>wheat</em>')).toBe('Oryza & wheat');
    expect(titleText('a\tb')).toBe('a b');
    expect(titleText('x&nbsp; y')).toBe('x y');
    expect(titleText('  two  spaces \n')).toBe('two spaces');
    expect(titleText('R&D &copy; 5 < 6')).toBe('R&D &copy; 5 < 6');
    expect(titleText('')).toBe('');
  });

  it('keeps only the italics of a title as CSL rich text', () => {
    expect(titleMarkup('Carbon in <i>Oryza sativa</i> &amp; <em>wheat</em>')).toBe(
      'Carbon in <i><span class="nocase">Oryza sativa</span></i> & <i><span class="nocase">wheat</span></i>',
    );
    expect(titleMarkup('  <b>Bold</b>\n gone ')).toBe('Bold gone');
    expect(titleMarkup('p &lt; 0.05')).toBe('p < 0.05');
    expect(titleMarkup('CO<sub>2</sub> per m<sup>2</sup> of <i>Oryza</i>')).toBe(
      'CO<sub>2</sub> per m<sup>2</sup> of <i><span class="nocase">Oryza</span></i>',
    );
  });
});

import CSL from 'citeproc';
import { describe, expect, it } from 'vitest';
import { authorsFromLine } from '../../../common/authors.js';
import { cslItem, type CslItem } from '../../../common/citation-exports.js';
import apa from './styles/apa.csl?raw';
import chicago from './styles/chicago-author-date.csl?raw';
import enUs from './styles/locales-en-US.xml?raw';
import mla from './styles/modern-language-association.csl?raw';
import vancouver from './styles/nlm-citation-sequence.csl?raw';
import { withoutSortKeys } from './reference-styles.js';

const JOURNAL = {
  websitename: 'Journal of Tests',
  journal_abbreviation: '',
  issn: '',
  journal_essn: '',
  publisher_name: '',
  journal_language: '',
};
const ARTICLE = {
  refnumber: '1',
  title: 'Groundwater in semi-arid Rajasthan',
  authorname: 'Rahul Sharma',
  abstract: '',
  keywords: '',
  pagenumber: '1-9',
  year: 2025,
  volume: 12,
  issue: 3,
  publishdate: '2025-03-14',
  doi: '',
  licence_name: '',
  licence_url: '',
  authors: authorsFromLine('Rahul Sharma'),
};
/** An article whose authors are these names, as a client sending only the author line makes it. */
const named = (authorname: string) => ({ authorname, authors: authorsFromLine(authorname) });
const ITEMS: CslItem[] = [
  cslItem({ ...ARTICLE, doi: '10.5555/t.1' }, JOURNAL, 'https://j.org'),
  cslItem(
    { ...ARTICLE, refnumber: '2', ...named('A. Iyer, Jan van der Berg, Meera Nair, Li Wei') },
    JOURNAL,
    'https://j.org',
  ),
  cslItem(
    {
      ...ARTICLE,
      refnumber: '3',
      ...named(Array.from({ length: 25 }, (_, i) => `Author ${String.fromCharCode(65 + i)}`).join(', ')),
    },
    JOURNAL,
    'https://j.org',
  ),
];

function bibliography(style: string, item: CslItem): string {
  const engine = new CSL.Engine({ retrieveLocale: () => enUs, retrieveItem: () => item }, style, 'en-US', true);
  engine.updateItems([item.id]);
  const result = engine.makeBibliography();
  return result ? result[1].join('') : '';
}

describe('reference styles without their sort keys', () => {
  it('format each reference exactly as the official style files do', () => {
    for (const style of [apa, mla, chicago, vancouver]) {
      const lighter = withoutSortKeys(style);
      expect(lighter.length).toBeLessThan(style.length);
      for (const item of ITEMS) expect(bibliography(lighter, item)).toBe(bibliography(style, item));
    }
  }, 30_000);
});

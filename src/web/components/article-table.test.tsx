import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ArticleSummary } from '../../common/schemas/archives.js';
import type { PublicSettings } from '../../common/schemas/settings.js';
import { ArticleTable } from './article-table.js';

const article: ArticleSummary = {
  id: 1,
  refnumber: '90001',
  title: 'Soil <i>health</i>',
  authorname: 'Meera Nair',
  subject: 'Agriculture',
  country: 'India',
  pagenumber: '1-9',
  year: 2025,
  volume: 3,
  issue: 1,
  frequency: 'jan-feb',
  file: '',
  doi: '',
  publishdate: '2025-02-14',
};
/** The table reads only these settings. */
const settingsWith = (show_subject_column: boolean) =>
  ({
    websitename: 'Journal of Careful Tests',
    issn: '1234-5678',
    journal_language: 'English',
    show_subject_column,
  }) as PublicSettings;

const table = (settings: PublicSettings, articles = [article], firstNumber?: number) =>
  renderToString(
    <ArticleTable articles={articles} settings={settings} origin="https://journal.example" firstNumber={firstNumber} />,
  );

describe('ArticleTable', () => {
  it('shows the Subject column only when the setting asks for it', () => {
    const shown = table(settingsWith(true));
    expect(shown).toContain('<th scope="col">Subject</th>');
    expect(shown).toContain('<td data-label="Subject">Agriculture</td>');
    expect(table(settingsWith(false))).not.toContain('Agriculture');
  });

  it('numbers rows from the first serial number', () => {
    const second = { ...article, id: 2, refnumber: '90002' };
    const html = table(settingsWith(false), [article, second], 11);
    expect(html).toContain('<td class="serial" data-label="S.No.">11</td>');
    expect(html).toContain('<td class="serial" data-label="S.No.">12</td>');
  });

  it('keeps the title markup, links the abstract and the PDF, and carries a COinS item', () => {
    const html = table(settingsWith(false), [{ ...article, file: '90001.pdf', doi: '10.1234/x.1' }]);
    expect(html).toContain('<p class="article-title">Soil <i>health</i></p>');
    expect(html).toContain(
      '<a href="/archives/2025/vol3/issue1/90001" data-route="" data-scroll-to="abstract">Abstract</a>',
    );
    expect(html).toContain('<a href="/assets/archives/2025/vol3issue1/90001.pdf">Download</a>');
    expect(html).toContain('<a class="doi" href="https://doi.org/10.1234/x.1">https://doi.org/10.1234/x.1</a>');
    expect(html).toMatch(/<span class="Z3988" title="ctx_ver=Z39\.88-2004&amp;[^"]*rft\.atitle=Soil%20health/);
  });
});

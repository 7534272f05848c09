import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { articlePath } from '../../common/archive-links.js';
import type { ArticleSummary } from '../../common/schemas/archives.js';
import type { PublicSettings } from '../../common/schemas/settings.js';
import { ArticleTable } from './article-table.js';

const articles: ArticleSummary[] = [
  {
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
  },
];
/** The table reads only these two settings. */
const settingsWith = (show_subject_column: boolean) =>
  ({ websitename: 'Journal of Careful Tests', show_subject_column }) as PublicSettings;

const table = (settings: PublicSettings, firstNumber?: number) =>
  renderToString(
    <ArticleTable articles={articles} settings={settings} abstractPath={articlePath} firstNumber={firstNumber} />,
  );

describe('ArticleTable', () => {
  it('writes a list again when the settings or the first serial number change', () => {
    const shown = table(settingsWith(true));
    expect(shown).toContain('<td data-label="Subject">Agriculture</td>');
    expect(shown).toContain('<td class="serial" data-label="S.No.">1</td>');
    expect(table(settingsWith(true))).toBe(shown);
    expect(table(settingsWith(false))).not.toContain('Agriculture');
    expect(table(settingsWith(false), 11)).toContain('<td class="serial" data-label="S.No.">11</td>');
  });
});

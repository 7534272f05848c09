import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormattedReference } from '../../../common/schemas/archives.js';
import { addArticle, addIssue } from '../../test/archive-fixtures.js';
import { saveSettings } from '../../test/settings-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
const ISSUE = { year: 2025, volume: 3, issue: 1 };
const NO_DOI_URL = 'http://localhost:80/archives/2025/vol3/issue1/70002';

const references = (ref: string) => t.app.inject({ method: 'GET', url: `/api/archives/ref/${ref}/references` });
const byStyle = async (ref: string) => {
  const response = await references(ref);
  expect(response.statusCode, response.body).toBe(200);
  return Object.fromEntries((response.json() as FormattedReference[]).map((entry) => [entry.style, entry.html]));
};

beforeAll(async () => {
  t = await createTestApp();
  await addIssue(t.journal.db, ISSUE.year, ISSUE.volume, ISSUE.issue, 'jan-feb');
  await addArticle(t.journal.db, {
    ...ISSUE,
    refnumber: '70001',
    pagenumber: '12-20',
    title: 'Carbon in <i>Oryza sativa</i> paddies',
    authorname: 'Dr. Anita K. Iyer, Jan van der Berg, Prof. Rahul Sharma',
    publishdate: '2025-02-14',
    doi: '10.5555/jct.2025.3.1.70001',
  });
  await addArticle(t.journal.db, {
    ...ISSUE,
    refnumber: '70002',
    pagenumber: '21-30',
    title: 'Article number 2',
    authorname: 'Meera Nair',
    publishdate: '2025-02-10',
  });
  await addArticle(t.journal.db, { ...ISSUE, refnumber: '70003', pagenumber: '31-40', status: 'disabled' });
  t.journal.clock.publicDataChanged();
});
afterAll(() => t.close());

describe('formatted references', () => {
  it('gives APA, MLA, Chicago and Vancouver in that order, from the official styles', async () => {
    const response = await references('70001');
    expect(response.statusCode).toBe(200);
    expect((response.json() as FormattedReference[]).map(({ style, name }) => [style, name])).toEqual([
      ['apa', 'APA'],
      ['mla', 'MLA'],
      ['chicago', 'Chicago'],
      ['vancouver', 'Vancouver'],
    ]);
  });

  it('drops honorifics, keeps particles and the italics of a title, and ends with the DOI', async () => {
    const html = await byStyle('70001');
    expect(html.apa).toBe(
      'Iyer, A. K., van der Berg, J., &amp; Sharma, R. (2025). Carbon in <i>Oryza sativa</i> paddies. ' +
        '<i>Journal</i>, <i>3</i>(1), 12–20. https://doi.org/10.5555/jct.2025.3.1.70001',
    );
    expect(html.mla).toBe(
      'Iyer, Anita K., et al. “Carbon in <i>Oryza sativa</i> Paddies.” <i>Journal</i>, vol. 3, no. 1, Feb. 2025, ' +
        'pp. 12–20, https://doi.org/10.5555/jct.2025.3.1.70001.',
    );
    expect(html.chicago).toBe(
      'Iyer, Anita K., Jan van der Berg, and Rahul Sharma. 2025. “Carbon in <i>Oryza sativa</i> Paddies.” ' +
        '<i>Journal</i> 3 (1): 12–20. https://doi.org/10.5555/jct.2025.3.1.70001.',
    );
    expect(html.vancouver).toBe(
      'Iyer AK, van der Berg J, Sharma R. Carbon in <i>Oryza sativa</i> paddies. Journal. 2025 Feb 14;3(1):12–20. ' +
        'doi:10.5555/jct.2025.3.1.70001',
    );
  });

  it("gives the article's address when it has no DOI", async () => {
    const html = await byStyle('70002');
    for (const style of ['apa', 'mla', 'chicago', 'vancouver']) expect(html[style]).toContain(NO_DOI_URL);
    expect(html.vancouver).toBe(
      `Nair M. Article number 2. Journal [Internet]. 2025 Feb 10;3(1):21–30. Available from: ${NO_DOI_URL}`,
    );
  });

  it('answers 404 for an unknown, disabled or malformed article', async () => {
    for (const ref of ['99999', '70003', 'abc', '%3Cscript%3E']) {
      const response = await references(ref);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Article not found');
    }
    // Longer than any route parameter Fastify matches: no route at all.
    expect((await references('7'.repeat(5000))).statusCode).toBe(404);
  });

  it('leaves them out of the article page, whose Cite box reads them in the browser', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/archives/2025/vol3/issue1/70001' });
    const box = page.body.slice(page.body.indexOf('id="cite-box-title"'));
    expect(box).toContain('<dl class="formatted-references" aria-live="polite" hidden=""></dl>');
    expect(box).toContain('href="/cite/70001.ris"');
    expect(page.body).not.toContain('van der Berg, J., &amp; Sharma');
  });

  it('follows a change of the journal name at once', async () => {
    await saveSettings(t, { websitename: 'Annals of Rice' });
    expect((await byStyle('70001')).apa).toContain('<i>Annals of Rice</i>, <i>3</i>(1)');
  });
});

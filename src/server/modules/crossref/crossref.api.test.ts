import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addArticle, addIssue } from '../../test/archive-fixtures.js';
import { saveSettings } from '../../test/settings-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { schemaErrors, skipSchemaValidation } from '../../test/xml-schemas.js';

let t: TestApp;
const ISSUE = { year: 2025, volume: 3, issue: 1 };
const URL = '/api/admin/crossref/2025/3/1';

const deposit = async (url = URL) => t.app.inject({ method: 'GET', url, headers: await t.authHeader() });

beforeAll(async () => {
  t = await createTestApp();
  await saveSettings(t, {
    websitename: 'Journal of Careful Tests & Trials',
    websiteemail: 'editor@careful.example',
    issn: '1234-5678',
    journal_essn: '8765-4321',
    publisher_name: 'Careful Publications',
    journal_abbreviation: 'J. Careful Tests Trials',
    licence_name: 'CC BY 4.0',
    licence_url: 'https://creativecommons.org/licenses/by/4.0/',
  });
  await addIssue(t.journal.db, ISSUE.year, ISSUE.volume, ISSUE.issue, 'jan-feb');
  await addIssue(t.journal.db, 2025, 3, 2, 'mar-apr');
  await addArticle(t.journal.db, {
    ...ISSUE,
    refnumber: '80001',
    pagenumber: '1-9',
    title: 'Carbon in <i>Oryza sativa</i> paddies',
    authorname: 'Dr. Anita K. Iyer, Jan van der Berg, Madonna',
    abstract: '<p>Paddy soils &amp; their carbon.</p>',
    publishdate: '2025-02-14',
    doi: '10.5555/jct.2025.3.1.80001',
    // Published under an earlier licence of the journal.
    licence_name: 'CC BY-SA 4.0',
    licence_url: 'https://creativecommons.org/licenses/by-sa/4.0/',
  });
  await addArticle(t.journal.db, {
    ...ISSUE,
    refnumber: '80002',
    pagenumber: '10-20',
    title: 'CO<sub>2</sub> of paddies',
    doi: '10.5555/jct.2025.3.1.80002',
    licence_name: 'CC BY 4.0',
    licence_url: 'https://creativecommons.org/licenses/by/4.0/',
  });
  await addArticle(t.journal.db, { ...ISSUE, refnumber: '80003', pagenumber: '21-22', status: 'disabled' });
  await addArticle(t.journal.db, { year: 2025, volume: 3, issue: 2, refnumber: '80004', pagenumber: '1-2' });
  await addArticle(t.journal.db, {
    year: 2025,
    volume: 3,
    issue: 2,
    refnumber: '80005',
    pagenumber: '3-4',
    doi: '10.5555/x.80005',
  });
});
afterAll(() => t.close());

describe('Crossref deposit', () => {
  it('is valid against the 5.3.1 schema', async (context) => {
    const response = await deposit();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="crossref-2025-3-1.xml"');
    if (skipSchemaValidation()) return context.skip();
    expect(schemaErrors('crossref/crossref5.3.1.xsd', [{ label: 'deposit', xml: response.body }])).toEqual([]);
  });

  it('names the journal, issue and each published article with its contributors, pages, licence and files', async () => {
    const xml = (await deposit()).body;
    // In the schema's order: full_title, abbrev_title, issn.
    expect(xml).toContain(
      '<journal_metadata language="en"><full_title>Journal of Careful Tests &amp; Trials</full_title><abbrev_title>J. Careful Tests Trials</abbrev_title><issn media_type="print">1234-5678</issn><issn media_type="electronic">8765-4321</issn></journal_metadata>',
    );
    expect(xml).toContain(
      '<depositor><depositor_name>Careful Publications</depositor_name><email_address>editor@careful.example</email_address></depositor>',
    );
    expect(xml).toContain(
      '<person_name sequence="first" contributor_role="author"><given_name>Anita K.</given_name><surname>Iyer</surname></person_name>',
    );
    expect(xml).toContain(
      '<person_name sequence="additional" contributor_role="author"><given_name>Jan</given_name><surname>van der Berg</surname></person_name>',
    );
    expect(xml).toContain(
      '<person_name sequence="additional" contributor_role="author"><surname>Madonna</surname></person_name>',
    );
    expect(xml).toContain(
      '<publication_date media_type="online"><month>02</month><day>14</day><year>2025</year></publication_date>',
    );
    expect(xml).toContain('<pages><first_page>1</first_page><last_page>9</last_page></pages>');
    // Each article's own licence.
    expect([...xml.matchAll(/<ai:license_ref>([^<]*)<\/ai:license_ref>/g)].map((match) => match[1])).toEqual([
      'https://creativecommons.org/licenses/by-sa/4.0/',
      'https://creativecommons.org/licenses/by/4.0/',
    ]);
    expect(xml).toContain('<titles><title>CO2 of paddies</title></titles>');
    expect(xml).toContain(
      '<doi>10.5555/jct.2025.3.1.80001</doi><resource>http://localhost:80/archives/2025/vol3/issue1/80001</resource>',
    );
    expect(xml).toContain(
      '<collection property="text-mining"><item><resource mime_type="application/pdf">http://localhost:80/assets/archives/2025/vol3issue1/80001.pdf</resource></item></collection>',
    );
    expect(xml).toContain('<collection property="crawler-based"><item crawler="iParadigms">');
    expect(xml.match(/<journal_article /g)).toHaveLength(2);
    expect(xml).not.toContain('80003');
  });

  it('writes no abbrev_title while the journal has no abbreviation', async () => {
    await saveSettings(t, { journal_abbreviation: '' });
    const xml = (await deposit()).body;
    await saveSettings(t, { journal_abbreviation: 'J. Careful Tests Trials' });
    expect(xml).toContain('</full_title><issn media_type="print">');
    expect(xml).not.toContain('abbrev_title');
  });

  it('lists the articles without a DOI in a 409 instead of a partial file', async () => {
    const response = await deposit('/api/admin/crossref/2025/3/2');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('These articles have no DOI yet: 80004. Add their DOIs first.');
  });

  it('names the depositor and registrant of the Crossref settings, and keeps them from the public', async () => {
    await saveSettings(t, {
      crossref_depositor_name: 'Careful Metadata Desk',
      crossref_depositor_email: 'doi@careful.example',
      crossref_registrant: 'Careful Society',
    });
    const xml = (await deposit()).body;
    expect(xml).toContain(
      '<depositor><depositor_name>Careful Metadata Desk</depositor_name><email_address>doi@careful.example</email_address></depositor>',
    );
    expect(xml).toContain('<registrant>Careful Society</registrant>');
    const publicSettings = (await t.app.inject({ method: 'GET', url: '/api/settings/' })).json();
    expect(Object.keys(publicSettings).filter((key) => key.startsWith('crossref_'))).toEqual([]);
    await saveSettings(t, { crossref_depositor_name: '', crossref_depositor_email: '', crossref_registrant: '' });
  });

  it('refuses a deposit with no depositor email, and a malformed one in the settings', async () => {
    await saveSettings(t, { websiteemail: '' });
    const response = await deposit();
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/^Crossref needs an email address for the depositor/);
    await saveSettings(t, { websiteemail: 'editor@careful.example' });
    const headers = await t.authHeader();
    const readSettings = async () => (await t.app.inject({ method: 'GET', url: '/api/settings/', headers })).json();
    const { message: _message, ...settings } = await readSettings();
    for (const [field, value] of [
      ['crossref_depositor_email', 'not an address'],
      ['crossref_depositor_name', 'x'.repeat(201)],
      ['crossref_registrant', 42],
    ] as const) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/settings',
        headers,
        payload: { ...settings, [field]: value },
      });
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json().message).toMatch(new RegExp(`^${field}: `));
    }
    expect(await readSettings()).toEqual(settings);
  });

  it('needs the token, and answers an unknown issue with 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await deposit('/api/admin/crossref/2025/3/9')).statusCode).toBe(404);
    expect((await deposit('/api/admin/crossref/2025/x/1')).statusCode).toBe(400);
  });
});

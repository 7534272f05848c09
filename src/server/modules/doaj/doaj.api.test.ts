import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportDoaj } from '../../ops/doaj-export.js';
import { addArticle, addIssue } from '../../test/archive-fixtures.js';
import { saveSettings } from '../../test/settings-fixtures.js';
import { createTestApp, testEngine, type TestApp } from '../../test/test-app.js';
import { el, xpathValues } from '../../test/xml-check.js';
import { schemaErrors } from '../../test/xml-schemas.js';
import { replaceAuthors } from '../articles/article-authors.repository.js';

// Decision 120: DOAJ's article upload XML of an issue, or of the whole journal, for the admin and the command line.

let t: TestApp;
const HOST = 'careful.example.org';
const ORIGIN = `http://${HOST}`;
const SCHEMA = 'doaj/doajArticles.xsd';

const download = async (url: string, host = HOST) =>
  t.app.inject({ method: 'GET', url, headers: { ...(await t.authHeader()), host } });

const record = (refnumber: string) => `${el('records', 'record')}[publisherRecordId='${refnumber}']`;
const valuesOf = (xml: string, refnumber: string, ...names: string[]) =>
  xpathValues(xml, `${record(refnumber)}/${names.map((name) => `*[local-name()='${name}']`).join('/')}/text()`);

const AUTHOR = { email: '', corresponding: false, affiliation: '', country: '', orcid: '' };

beforeAll(async () => {
  t = await createTestApp();
  await saveSettings(t, {
    websitename: 'Journal of Careful Tests & Trials',
    issn: '1234-5678',
    journal_essn: '8765-4321',
    publisher_name: 'Careful Publications',
    journal_language: 'English, Hindi',
  });
  await addIssue(t.journal.db, 2025, 3, 1);
  await addIssue(t.journal.db, 2025, 3, 2);
  const first = await addArticle(t.journal.db, {
    year: 2025,
    volume: 3,
    issue: 1,
    refnumber: '81001',
    pagenumber: '1-9',
    title: 'Carbon in <i>Oryza sativa</i> paddies',
    abstract: '<p>Paddy soils &amp; their carbon.</p>',
    keywords: 'paddy soils; carbon, methane',
    publishdate: '2025-02-14',
    doi: '10.5555/jct.2025.3.1.81001',
  });
  await replaceAuthors(t.journal.db, first, [
    {
      ...AUTHOR,
      given_name: 'Anita K.',
      family_name: 'Iyer',
      affiliation: 'Rice Institute',
      country: 'India',
      orcid: '0000-0002-1825-0097',
      email: 'anita@mail.example',
      corresponding: true,
    },
    { ...AUTHOR, given_name: 'Jan', family_name: 'van der Berg', affiliation: 'Soil Lab' },
    { ...AUTHOR, given_name: 'Ravi', family_name: 'Rao', affiliation: 'Rice Institute', country: 'India' },
  ]);
  // Without stored authors (the bench archive's kind): its author line names them. Without a file: its page.
  await addArticle(t.journal.db, {
    year: 2025,
    volume: 3,
    issue: 1,
    refnumber: '81002',
    pagenumber: '10',
    authorname: 'Madonna',
    file: '',
  });
  await addArticle(t.journal.db, { year: 2025, volume: 3, issue: 1, refnumber: '81003', status: 'disabled' });
  await addArticle(t.journal.db, { year: 2025, volume: 3, issue: 2, refnumber: '81004' });
  await addArticle(t.journal.db, { year: 2025, volume: 3, issue: 2, refnumber: '81005', issue_published: 0 });
});
afterAll(() => t.close());

describe(`DOAJ article XML (${testEngine})`, () => {
  it("gives an issue's published articles, valid against DOAJ's schema", async () => {
    const response = await download('/api/admin/doaj/2025/3/1');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="doaj-2025-3-1.xml"');
    expect(schemaErrors(SCHEMA, [{ label: 'issue', xml: response.body }])).toEqual([]);
    expect(xpathValues(response.body, `${el('records', 'record', 'publisherRecordId')}/text()`)).toEqual([
      '81001',
      '81002',
    ]);
  });

  it('names the journal, the article, its authors with affiliations and ORCID iDs, keywords and full text', async () => {
    const xml = (await download('/api/admin/doaj/2025/3/1')).body;
    const field = (name: string) => valuesOf(xml, '81001', name);
    expect(field('language')).toEqual(['eng']);
    expect(field('publisher')).toEqual(['Careful Publications']);
    // xmllint writes the selected text escaped again.
    expect(field('journalTitle')).toEqual(['Journal of Careful Tests &amp; Trials']);
    expect([field('issn'), field('eissn')]).toEqual([['1234-5678'], ['8765-4321']]);
    expect(field('publicationDate')).toEqual(['2025-02-14']);
    expect([field('volume'), field('issue'), field('startPage'), field('endPage')]).toEqual([
      ['3'],
      ['1'],
      ['1'],
      ['9'],
    ]);
    expect(field('doi')).toEqual(['10.5555/jct.2025.3.1.81001']);
    expect(field('title')).toEqual(['Carbon in Oryza sativa paddies']);
    expect(field('abstract')).toEqual(['Paddy soils &amp; their carbon.']);
    expect(valuesOf(xml, '81001', 'keywords', 'keyword')).toEqual(['paddy soils', 'carbon', 'methane']);
    expect(valuesOf(xml, '81001', 'authors', 'author', 'name')).toEqual([
      'Anita K. Iyer',
      'Jan van der Berg',
      'Ravi Rao',
    ]);
    expect(valuesOf(xml, '81001', 'authors', 'author', 'affiliationId')).toEqual(['1', '2', '1']);
    expect(valuesOf(xml, '81001', 'authors', 'author', 'orcid_id')).toEqual(['https://orcid.org/0000-0002-1825-0097']);
    expect(valuesOf(xml, '81001', 'affiliationsList', 'affiliationName')).toEqual([
      'Rice Institute, India',
      'Soil Lab',
    ]);
    // The staff's email is not published.
    expect(xml).not.toContain('anita@mail.example');
    expect(xml).toContain(
      `<fullTextUrl format="pdf">${ORIGIN}/assets/archives/2025/vol3issue1/81001.pdf</fullTextUrl>`,
    );
    expect(xml).toContain(`<title language="eng">Carbon in Oryza sativa paddies</title>`);
    expect(valuesOf(xml, '81002', 'authors', 'author', 'name')).toEqual(['Madonna']);
    expect(valuesOf(xml, '81002', 'endPage')).toEqual([]);
    expect(xml).toContain(`<fullTextUrl format="html">${ORIGIN}/archives/2025/vol3/issue1/81002</fullTextUrl>`);
  });

  it('gives the whole journal, only its published articles, in ISO 639-2/B language codes', async () => {
    await saveSettings(t, { journal_language: 'French' });
    const response = await download('/api/admin/doaj');
    await saveSettings(t, { journal_language: 'English, Hindi' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="doaj-articles.xml"');
    expect(schemaErrors(SCHEMA, [{ label: 'journal', xml: response.body }])).toEqual([]);
    expect(xpathValues(response.body, `${el('records', 'record', 'publisherRecordId')}/text()`)).toEqual([
      '81001',
      '81002',
      '81004',
    ]);
    // The bibliographic code, not the terminological 'fra'.
    expect(valuesOf(response.body, '81004', 'language')).toEqual(['fre']);
  });

  it('leaves out a language it cannot name and an ISSN the schema would refuse', async () => {
    await saveSettings(t, { journal_language: 'Our own tongue', issn: 'pending' });
    const xml = (await download('/api/admin/doaj/2025/3/2')).body;
    await saveSettings(t, { journal_language: 'English, Hindi', issn: '1234-5678' });
    expect(schemaErrors(SCHEMA, [{ label: 'no language', xml }])).toEqual([]);
    expect(valuesOf(xml, '81004', 'language')).toEqual([]);
    expect(valuesOf(xml, '81004', 'issn')).toEqual([]);
    expect(xml).toContain('<title>');
  });

  it('refuses addresses DOAJ cannot take, unknown or empty issues, and callers without the token', async () => {
    const local = await download('/api/admin/doaj', 'localhost');
    expect(local.statusCode).toBe(409);
    expect(local.json().message).toMatch(/^DOAJ needs full-text addresses at a public host, not http:\/\/localhost/);
    expect((await download('/api/admin/doaj/2025/3/9')).statusCode).toBe(404);
    expect((await download('/api/admin/doaj/2025/x/1')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/doaj', headers: { host: HOST } })).statusCode).toBe(
      401,
    );
  });

  it('writes the same file from the command line, for the journal or one issue', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'doaj-'));
    const installation = { dataDir: t.dataDir, database: t.ctx.databaseOptions };
    try {
      const file = path.join(folder, 'issue.xml');
      const lines: string[] = [];
      const issue = { year: 2025, volume: 3, issue: 1 };
      await exportDoaj(installation, { SITE_URL: ORIGIN }, { journal: '1', issue, file }, (line) => lines.push(line));
      expect(lines).toEqual([`journal 1 (${t.journal.journal.name}): 2 articles written to ${file}`]);
      const written = fs.readFileSync(file, 'utf8');
      expect(written).toBe((await download('/api/admin/doaj/2025/3/1')).body);
      const whole = path.join(folder, 'journal.xml');
      await exportDoaj(installation, { SITE_URL: ORIGIN }, { journal: undefined, issue: undefined, file: whole });
      expect(schemaErrors(SCHEMA, [{ label: 'command line', xml: fs.readFileSync(whole, 'utf8') }])).toEqual([]);
      const refused = exportDoaj(installation, { SITE_URL: undefined }, { journal: '1', issue: undefined, file });
      await expect(refused).rejects.toThrow(/journal 1 has no public address for the full-text links: set SITE_URL/);
      const empty = { journal: '1', issue: { year: 2030, volume: 1, issue: 1 }, file };
      await expect(exportDoaj(installation, { SITE_URL: ORIGIN }, empty)).rejects.toThrow('Issue not found');
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});

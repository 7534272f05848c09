import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleFields, issueFields, multipartForm, testPdf } from '../../test/article-form.js';
import { pdfImages, pdfText } from '../../test/pdf-inspect.js';
import { saveSettings } from '../../test/settings-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { TEST_PICTURES } from '../../test/upload-fixtures.js';
import { insertTestEditor } from '../../test/pdf-test-records.js';
import { insertIssue } from '../issues/issues.repository.js';

/**
 * What certificates and cover pages print of the authors and who signs (decisions 126 and 127), through the
 * article form's calls: affiliations, the signatory of the settings, and addresses under corrected names.
 */
let t: TestApp;
let auth: { authorization: string };
const ISSUE = { year: 2026, volume: 4, issue: 2 };

const author = (given_name: string, family_name: string, affiliation = '', country = '') => ({
  given_name,
  family_name,
  affiliation,
  country,
  orcid: '',
  email: '',
  corresponding: false,
});
const IYER = author('Anita K.', 'Iyer', 'Department of Soil Science, IIT Bombay', 'India');
const SHARMA = author('Rahul', 'Sharma', 'Punjab Agricultural University', 'India');
const WEI = author('Chen', 'Wei');

/** The form's fields of article `n`, with `authors` as its structured list (the first corresponding). */
const fieldsOf = (n: number, authors: ReturnType<typeof author>[]) => ({
  ...articleFields(n, { publishdate: '2026-11-25' }),
  authors: JSON.stringify(authors.map((entry, index) => ({ ...entry, corresponding: index === 0 }))),
});

async function addArticle(n: number, authors: ReturnType<typeof author>[]): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/archives/',
    headers: auth,
    payload: multipartForm({ ...fieldsOf(n, authors), ...issueFields(ISSUE) }, testPdf(`certificates ${n}`)),
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: number }).id;
}

async function editAuthors(id: number, n: number, authors: ReturnType<typeof author>[]): Promise<void> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/archives/${id}`,
    headers: auth,
    payload: multipartForm(fieldsOf(n, authors)),
  });
  expect(response.statusCode, response.body).toBe(200);
}

const certificate = (ref: string, name: string) =>
  t.app.inject({ method: 'GET', url: `/api/pdf/certificate/${ref}/${encodeURIComponent(name)}` });
const certificateText = async (ref: string, name: string) => {
  const response = await certificate(ref, name);
  expect(response.statusCode, response.body).toBe(200);
  return pdfText(response.rawPayload);
};
const coverText = async (ref: string) => pdfText((await t.app.inject({ url: `/api/pdf/coverpage/${ref}` })).rawPayload);

async function uploadSignature(picture: Buffer, name: string) {
  const form = new FormData();
  form.append('imgFile', new Blob([new Uint8Array(picture)]), name);
  return t.app.inject({ method: 'POST', url: '/api/admin/site-pictures/signature', headers: auth, payload: form });
}

beforeAll(async () => {
  t = await createTestApp();
  auth = await t.authHeader();
  await insertIssue(t.journal.db, { ...ISSUE, frequency: 'nov-dec' });
  await saveSettings(t, { websitename: 'Journal of Soil and Water' });
});
afterAll(() => t.close());

describe('affiliations', () => {
  it("print under the author's name on their certificate, with the country, as the article page gives them", async () => {
    await addArticle(1, [IYER, SHARMA, WEI]);
    const iyer = await certificateText('7001', 'Anita K. Iyer');
    expect(iyer).toContain('This is to certify that Anita K. Iyer Department of Soil Science, IIT Bombay, India has');
    expect(iyer).not.toContain('Punjab');
    const wei = await certificateText('7001', 'Chen Wei');
    expect(wei).toContain('This is to certify that Chen Wei has published the research paper entitled');
  });

  it('print on the cover page numbered after the names, each affiliation once', async () => {
    await addArticle(2, [IYER, SHARMA, { ...WEI, affiliation: IYER.affiliation, country: 'India' }]);
    const text = await coverText('7002');
    expect(text).toContain('Anita K. Iyer¹, Rahul Sharma², Chen Wei¹');
    expect(text).toContain('¹ Department of Soil Science, IIT Bombay, India ² Punjab Agricultural University, India');
  });
});

describe('the signatory', () => {
  it('is the Editor-in-Chief until the settings name one, who then signs with their title', async () => {
    await insertTestEditor(t.journal.db, 'Prof. Rajesh Kumar', 'chief editor');
    t.journal.clock.publicDataChanged();
    await addArticle(3, [SHARMA]);
    expect(await certificateText('7003', 'Rahul Sharma')).toContain('Prof. Rajesh Kumar Editor-in-Chief');
    await saveSettings(t, {
      certificate_signatory_name: 'Dr. Meera Pillai',
      certificate_signatory_title: 'Managing Editor',
    });
    const text = await certificateText('7003', 'Rahul Sharma');
    expect(text).toContain('Dr. Meera Pillai Managing Editor');
    expect(text).not.toContain('Rajesh Kumar');
  });

  it('signs with the uploaded signature picture, a WebP one converted for the PDF, and without once removed', async () => {
    const drawn = async () => pdfImages((await certificate('7003', 'Rahul Sharma')).rawPayload);
    expect(await drawn()).toEqual([]);
    expect((await uploadSignature(TEST_PICTURES.webp, 'signature.webp')).statusCode).toBe(200);
    // The test pictures are 2 x 2 pixels.
    expect(await drawn()).toEqual(['2x2']);
    expect((await uploadSignature(TEST_PICTURES.png, 'signature.png')).statusCode).toBe(200);
    expect(await drawn()).toEqual(['2x2']);
    const removed = await t.app.inject({ method: 'DELETE', url: '/api/admin/site-pictures/signature', headers: auth });
    expect(removed.json()).toMatchObject({ signature: null });
    expect(await drawn()).toEqual([]);
  });

  it('refuses a signature that is not a picture, and settings with a signatory on two lines', async () => {
    const refused = await uploadSignature(Buffer.from('%PDF-1.4 not a picture'), 'signature.png');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('invalid_file');
    const settings = await t.app.inject({ url: '/api/settings/', headers: auth });
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/settings',
      headers: auth,
      payload: { ...(settings.json() as object), certificate_signatory_name: 'Dr. Meera\nPillai' },
    });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().message).toMatch(/certificate_signatory_name/);
  });

  it('is no public setting: only the certificates print it', async () => {
    const open = (await t.app.inject({ url: '/api/settings/' })).json() as Record<string, unknown>;
    expect(open).not.toHaveProperty('certificate_signatory_name');
    expect(open).toHaveProperty('websitename', 'Journal of Soil and Water');
  });
});

describe('a certificate address under a corrected name', () => {
  let id: number;
  const location = async (name: string) => {
    const response = await certificate('7004', name);
    expect(response.statusCode, response.body).toBe(301);
    return response.headers.location;
  };

  it('answers 301 to the address under the name the author has now', async () => {
    id = await addArticle(4, [author('Anita', 'Iyre'), SHARMA]);
    expect((await certificate('7004', 'Anita Iyre')).statusCode).toBe(200);
    await editAuthors(id, 4, [author('Anita K.', 'Iyer'), SHARMA]);
    expect(await location('Anita Iyre')).toBe('/api/pdf/certificate/7004/Anita%20K.%20Iyer');
    // Spacing and case are ignored, as for a name of the list.
    expect(await location('  anita IYRE ')).toBe('/api/pdf/certificate/7004/Anita%20K.%20Iyer');
    expect(await certificateText('7004', 'Anita K. Iyer')).toContain('Anita K. Iyer');
  });

  it('leads every earlier name to the newest one in one step, and none once it is an author’s name again', async () => {
    await editAuthors(id, 4, [author('Anita Kumari', 'Iyer'), SHARMA]);
    expect(await location('Anita Iyre')).toBe('/api/pdf/certificate/7004/Anita%20Kumari%20Iyer');
    expect(await location('Anita K. Iyer')).toBe('/api/pdf/certificate/7004/Anita%20Kumari%20Iyer');
    await editAuthors(id, 4, [author('Anita', 'Iyre'), SHARMA]);
    expect((await certificate('7004', 'Anita Iyre')).statusCode).toBe(200);
    expect(await location('Anita Kumari Iyer')).toBe('/api/pdf/certificate/7004/Anita%20Iyre');
  });

  it('follows no reordering, and sends nobody to another person put in an author’s place', async () => {
    await editAuthors(id, 4, [SHARMA, author('Anita', 'Iyre')]);
    expect((await certificate('7004', 'Anita Iyre')).statusCode).toBe(200);
    await editAuthors(id, 4, [SHARMA, author('Lena', 'Fischer')]);
    const gone = await certificate('7004', 'Anita Iyre');
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Anita Iyre is not an author of article 7004.');
  });

  it('keeps the former names of the article only: another article’s certificate under them is refused', async () => {
    const other = await certificate('7001', 'Anita Kumari Iyer');
    expect(other.statusCode).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditorCategory } from '../../../common/constants.js';
import { insertIssue } from '../issues/issues.repository.js';
import { pdfFonts, pdfImages, pdfPageCount, pdfText, qpdfCheck, zipEntries } from '../../test/pdf-inspect.js';
import { TEST_PICTURES } from '../../test/upload-fixtures.js';
import { createTestApp, type TestApp, TEST_ACTOR } from '../../test/test-app.js';
import { insertTestArticle, insertTestEditor, type TestArticle, type TestEditor } from '../../test/pdf-test-records.js';

let t: TestApp;
const ids: Record<string, number> = {};
const editorIds: Record<string, number> = {};

const JOURNAL = 'International Journal of Applied Research and Studies';
const LONG_TITLE = Array.from({ length: 100 }, (_, i) => (i === 50 ? '<em>Oryza sativa</em>' : `word${i}`)).join(' ');
const FIVE_AUTHORS = 'Anita K. Iyer, Rahul Sharma, Chen Wei, Aisha Bello, Tomás García';

const addArticle = async (refnumber: string, values: TestArticle) => {
  ids[refnumber] = await insertTestArticle(t.journal.db, refnumber, values);
};
const addEditor = async (name: string, category: EditorCategory, values: TestEditor = {}) => {
  editorIds[name] = await insertTestEditor(t.journal.db, name, category, values);
};

async function setSettings(values: Record<string, unknown>) {
  const settings = await t.journal.services.settings.get();
  await t.journal.services.settings.update({ ...settings, ...values }, TEST_ACTOR);
  // A write outside an HTTP request announces itself, as the server's own writers do.
  t.journal.clock.publicDataChanged();
}

beforeAll(async () => {
  t = await createTestApp();
  await setSettings({
    websitename: JOURNAL,
    issn: '2999-1234',
    journal_essn: '2999-1242',
    impactfactor: '5.420 (SJIF) 25, since 2019',
    publisher_name: 'Applied Research Publications',
    publisher_address: '12 Knowledge Park, Noida 201309, India',
    publisher_head: 'Dr. Anjali Mehta',
    websiteemail: 'editor@ijars.example',
    whatsup_number: '+91 98765 43210',
    show_editor_contacts: false,
    cover_page_variant: 'classic',
  });
  await insertIssue(t.journal.db, { year: 2024, volume: 10, issue: 2, frequency: 'mar-apr' });
  await insertIssue(t.journal.db, { year: 2024, volume: 10, issue: 3, frequency: 'may-jun' });
  await addArticle('10001', {
    title: 'Mangrove regeneration in <i>Rhizophora mucronata</i> habitats &amp; villages',
    authorname: 'José Müller-Łukasiewicz, Zoë Ørsted, Anita K. Iyer',
    pagenumber: '1-6',
  });
  await addArticle('10002', { title: LONG_TITLE, authorname: FIVE_AUTHORS, pagenumber: '7-15', file: null });
  await addArticle('10003', {
    title: 'A withdrawn article',
    authorname: 'Hidden Author',
    pagenumber: '16-20',
    status: 'disabled',
  });
  for (let i = 0; i < 40; i++) {
    await addArticle(String(20000 + i), {
      title: `Survey number ${i} of rural credit and savings groups in coastal districts`,
      authorname: FIVE_AUTHORS,
      pagenumber: `${10 * i + 1}-${10 * i + 9}`,
      issue: 3,
    });
  }
  await addEditor('Dr. Second Chief', 'chief editor');
  await addEditor('Prof. Rajesh Kumar Sharma', 'chief editor', { is_pinned: 1 });
  await addEditor('Dr. Zoë Ørsted', 'associate editor');
  await addEditor('Ms. Priya Verma', 'associate editor');
  await addEditor('Dr. Hidden Person', 'assistant editor', { status: 'disabled' });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const post = async (url: string, body: unknown, withToken = true) =>
  t.app.inject({ method: 'POST', url, payload: body as object, headers: withToken ? await t.authHeader() : {} });

/** Asserts a well-formed PDF download and returns its text. */
function readPdf(response: Awaited<ReturnType<typeof get>>, filename: string): string {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.headers['content-disposition']).toBe(`attachment; filename="${filename}"`);
  expect(qpdfCheck(response.rawPayload)).toContain('No syntax or stream encoding errors');
  return pdfText(response.rawPayload);
}

describe('GET /api/pdf/certificate/{refno}/{authorname}', () => {
  it('prints the certificate of publication with every detail and Unicode names', async () => {
    const response = await get(`/api/pdf/certificate/10001/${encodeURIComponent('Zoë Ørsted')}`);
    const text = readPdf(response, 'certificate-10001-zoe-orsted.pdf');
    for (const expected of [
      JOURNAL,
      'ISSN: 2999-1234',
      'E-ISSN: 2999-1242',
      'Impact Factor: 5.420 (SJIF) 25',
      'CERTIFICATE OF PUBLICATION',
      'This is to certify that',
      'Zoë Ørsted',
      'Mangrove regeneration in Rhizophora mucronata habitats & villages',
      `in ${JOURNAL}, Volume 10, Issue 2, 2024.`,
      '5 March 2024',
      '10001',
      'Prof. Rajesh Kumar Sharma',
      'Editor-in-Chief',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('since 2019');
    expect(text).not.toContain('Dr. Second Chief');
    expect(pdfPageCount(response.rawPayload)).toBe(1);
    // The italic run of the title is set in the embedded italic face.
    expect(pdfFonts(response.rawPayload)).toEqual(
      expect.arrayContaining(['DejaVuSerif-Bold', 'DejaVuSerif-BoldItalic']),
    );
  });

  it('matches the author name trimmed and case-insensitively, and prints it as stored', async () => {
    const response = await get(`/api/pdf/certificate/10001/${encodeURIComponent('  JOSÉ müller-łukasiewicz ')}`);
    expect(readPdf(response, 'certificate-10001-jose-muller-lukasiewicz.pdf')).toContain('José Müller-Łukasiewicz');
  });

  it("names each author's certificate after the article and the author, so the files never clash", async () => {
    const names = [];
    for (const author of ['José Müller-Łukasiewicz', 'Zoë Ørsted', 'Anita K. Iyer']) {
      const response = await get(`/api/pdf/certificate/10001/${encodeURIComponent(author)}`);
      names.push(/filename="([^"]+)"/.exec(String(response.headers['content-disposition']))?.[1]);
    }
    expect(names).toEqual([
      'certificate-10001-jose-muller-lukasiewicz.pdf',
      'certificate-10001-zoe-orsted.pdf',
      'certificate-10001-anita-k-iyer.pdf',
    ]);
  });

  it('keeps a 100-word title and the fifth author on one page', async () => {
    const response = await get(`/api/pdf/certificate/10002/${encodeURIComponent('Tomás García')}`);
    const text = readPdf(response, 'certificate-10002-tomas-garcia.pdf');
    expect(text).toContain('Tomás García');
    expect(text).toContain('word0 word1');
    expect(text).toContain('word49 Oryza sativa word51');
    expect(text).toContain('word99');
    expect(pdfPageCount(response.rawPayload)).toBe(1);
  });

  it('refuses a name that is not an author of the article', async () => {
    for (const name of ['Someone Else', 'Zoë', 'Zoë Ørsted, Anita K. Iyer', '%20']) {
      const response = await get(`/api/pdf/certificate/10001/${encodeURIComponent(name)}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('not_found');
    }
    expect((await get(`/api/pdf/certificate/10001/Someone%20Else`)).json().message).toBe(
      'Someone Else is not an author of article 10001.',
    );
  });

  it('refuses an unknown or disabled article', async () => {
    expect((await get('/api/pdf/certificate/99999/Anyone')).statusCode).toBe(404);
    const disabled = await get(`/api/pdf/certificate/10003/${encodeURIComponent('Hidden Author')}`);
    expect(disabled.statusCode).toBe(404);
    expect(disabled.json().message).toBe('No published article has the reference number 10003.');
  });
});

describe('GET /api/pdf/coverpage/{refno}', () => {
  const COVER_TEXTS = [
    JOURNAL,
    'ISSN: 2999-1234',
    'Volume 10, Issue 2 (Mar-Apr 2024)',
    'Mangrove regeneration in Rhizophora mucronata habitats & villages',
    'José Müller-Łukasiewicz, Zoë Ørsted, Anita K. Iyer',
    '1-6',
    '10001',
    'Applied Research Publications',
    '12 Knowledge Park, Noida 201309, India',
    'Email: editor@ijars.example',
    'Phone / WhatsApp: +91 98765 43210',
  ];

  it('prints the classic cover with the journal, issue, title, authors, pages and publisher', async () => {
    const response = await get('/api/pdf/coverpage/10001');
    const text = readPdf(response, 'coverpage-10001.pdf');
    for (const expected of COVER_TEXTS) expect(text).toContain(expected);
    expect(text).toContain('PAGES REFERENCE NO. PUBLISHED 1-6 10001 5 March 2024');
    expect(pdfPageCount(response.rawPayload)).toBe(1);
    expect(pdfFonts(response.rawPayload)).toContain('DejaVuSerif-BoldItalic');
  });

  it('prints the banner variant when the settings choose it', async () => {
    await setSettings({ cover_page_variant: 'banner' });
    try {
      const response = await get('/api/pdf/coverpage/10001');
      const text = readPdf(response, 'coverpage-10001.pdf');
      for (const expected of COVER_TEXTS) expect(text).toContain(expected);
      expect(text).toContain('Pages: 1-6');
      expect(text).not.toMatch(/PAGES\s+REFERENCE NO\./);
      // The journal's facts close the article panel, low on the page.
      expect(text).toMatch(/REVIEW\s+ACCESS\s+IMPACT FACTOR\s+Peer reviewed\s+Open access\s+5\.42/);
      expect(pdfPageCount(response.rawPayload)).toBe(1);
      const long = await get('/api/pdf/coverpage/10002');
      expect(pdfPageCount(long.rawPayload)).toBe(1);
    } finally {
      await setSettings({ cover_page_variant: 'classic' });
    }
  });

  it('wraps a long title and five authors onto the one page', async () => {
    const response = await get('/api/pdf/coverpage/10002');
    const text = readPdf(response, 'coverpage-10002.pdf');
    expect(text).toContain(FIVE_AUTHORS);
    expect(text).toContain('word99');
    expect(pdfPageCount(response.rawPayload)).toBe(1);
  });

  it('answers 404 for an unknown or disabled article', async () => {
    expect((await get('/api/pdf/coverpage/10003')).statusCode).toBe(404);
    expect((await get('/api/pdf/coverpage/nothing')).statusCode).toBe(404);
  });
});

describe('GET /api/pdf/editorialboard', () => {
  it('groups the enabled editors as on /board, pinned first, leaving out empty groups', async () => {
    const response = await get('/api/pdf/editorialboard');
    const text = readPdf(response, 'editorial-board.pdf');
    const order = [
      'EDITORIAL BOARD',
      'Editor-in-Chief',
      'Prof. Rajesh Kumar Sharma',
      'Dr. Second Chief',
      'Associate Editors',
      'Dr. Zoë Ørsted',
      'Ms. Priya Verma',
    ];
    const positions = order.map((name) => text.indexOf(name));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(text).not.toContain('Assistant Editors');
    expect(text).not.toContain('Dr. Hidden Person');
    expect(text).not.toContain('<script>');
    expect(text).not.toContain('orsted@uni.example');
    expect(pdfPageCount(response.rawPayload)).toBe(1);
  });

  it('prints contact details only when the site shows them', async () => {
    await setSettings({ show_editor_contacts: true });
    try {
      expect(pdfText((await get('/api/pdf/editorialboard')).rawPayload)).toContain(
        'ørsted@uni.example | +45 1234 5678',
      );
    } finally {
      await setSettings({ show_editor_contacts: false });
    }
  });
});

describe('POST /api/pdf/indexpage', () => {
  it('needs the token', async () => {
    const response = await post('/api/pdf/indexpage', [{ id: ids['10001'] }], false);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'unauthorized', status: 401 });
  });

  it('lists the selected articles from the database, ignoring any other field sent', async () => {
    const forged = { id: ids['10001'], title: 'FORGED TITLE', authorname: 'Mallory' };
    const response = await post('/api/pdf/indexpage', [{ id: ids['10002'] }, forged]);
    const text = readPdf(response, 'index-page.pdf');
    expect(text).toContain('TABLE OF CONTENTS');
    expect(text).toContain('Volume 10, Issue 2 (2024)');
    expect(text).toContain('Mangrove regeneration in Rhizophora mucronata habitats & villages');
    expect(text).toContain('José Müller-Łukasiewicz, Zoë Ørsted, Anita K. Iyer');
    expect(text).toContain('word98 word99');
    expect(text).not.toContain('FORGED');
    expect(text).not.toContain('Mallory');
    // Page order: 1-6 before 7-15, whatever the order of the selection.
    expect(text.indexOf('Mangrove')).toBeLessThan(text.indexOf('word0'));
    expect(pdfPageCount(response.rawPayload)).toBe(1);
  });

  it('accepts {ids: [...]}, runs onto further pages with a heading per issue and a footer per page', async () => {
    const selection = Object.values(ids);
    const response = await post('/api/pdf/indexpage', { ids: selection });
    const text = readPdf(response, 'index-page.pdf');
    const pages = pdfPageCount(response.rawPayload);
    expect(pages).toBeGreaterThan(2);
    expect(text.match(/Table of Contents · Page \d+/g)).toHaveLength(pages);
    expect(text.match(/Title and Authors/g)!.length).toBeGreaterThanOrEqual(pages);
    expect(text).toContain('Volume 10, Issue 3 (2024)');
    expect(text).toContain('Survey number 39 of rural credit');
    // An administrator's selection may include a disabled article.
    expect(text).toContain('A withdrawn article');
  });

  it('answers bad selections with a clear 4xx', async () => {
    const cases: [unknown, number, string][] = [
      [[], 400, 'Select at least one record.'],
      [{ ids: [] }, 400, 'Select at least one record.'],
      [{ ids: Array.from({ length: 1001 }, (_, i) => i + 1) }, 400, 'Select at most 1000 records at a time.'],
      [[{ title: 'no id' }], 400, 'each selected record needs a numeric id'],
      [[{ id: -3 }], 400, 'each selected record needs a numeric id'],
      [{ something: 'else' }, 400, 'Send a JSON list of the selected records'],
      [[{ id: 987654 }, { id: ids['10001'] }], 404, 'No article with id 987654.'],
    ];
    for (const [body, status, message] of cases) {
      const response = await post('/api/pdf/indexpage', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(response.json().message).toContain(message);
    }
  });

  it('answers malformed JSON and a body of the wrong type with 4xx, never 500', async () => {
    const headers = { ...(await t.authHeader()), 'content-type': 'application/json' };
    const malformed = await t.app.inject({ method: 'POST', url: '/api/pdf/indexpage', headers, payload: '[{"id": 1,' });
    expect(malformed.statusCode).toBe(400);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/pdf/indexpage',
      headers: { ...headers, 'content-type': 'text/plain' },
      payload: '1,2',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toContain('Send a JSON list of the selected records');
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/pdf/indexpage',
      headers: { ...headers, 'content-type': 'application/xml' },
      payload: '<ids/>',
    });
    expect(xml.statusCode).toBe(415);
    const none = await t.app.inject({ method: 'POST', url: '/api/pdf/indexpage', headers: await t.authHeader() });
    expect(none.statusCode).toBe(400);
  });

  it('accepts full records of a large selection and refuses a body over the limit', async () => {
    const record = { id: ids['10001'], abstract: 'x'.repeat(10_000) };
    const large = await post(
      '/api/pdf/indexpage',
      Array.from({ length: 1000 }, () => record),
    );
    expect(large.statusCode).toBe(200);
    const huge = await post(
      '/api/pdf/indexpage',
      Array.from({ length: 1000 }, () => ({ ...record, abstract: 'x'.repeat(20_000) })),
    );
    expect(huge.statusCode).toBe(413);
  });
});

describe('POST /api/pdf/bulkcertificates', () => {
  it('needs the token', async () => {
    expect((await post('/api/pdf/bulkcertificates', { ids: [ids['10001']] }, false)).statusCode).toBe(401);
  });

  it('zips one certificate for every author of every selected article', async () => {
    const response = await post('/api/pdf/bulkcertificates', [{ id: ids['10001'] }, { id: ids['10002'] }]);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="certificates.zip"');
    const entries = zipEntries(response.rawPayload);
    expect(Object.keys(entries)).toEqual([
      'certificate-10001-1-José-Müller-Łukasiewicz.pdf',
      'certificate-10001-2-Zoë-Ørsted.pdf',
      'certificate-10001-3-Anita-K-Iyer.pdf',
      'certificate-10002-1-Anita-K-Iyer.pdf',
      'certificate-10002-2-Rahul-Sharma.pdf',
      'certificate-10002-3-Chen-Wei.pdf',
      'certificate-10002-4-Aisha-Bello.pdf',
      'certificate-10002-5-Tomás-García.pdf',
    ]);
    const zoe = entries['certificate-10001-2-Zoë-Ørsted.pdf']!;
    qpdfCheck(zoe);
    const text = pdfText(zoe);
    expect(text).toContain('Zoë Ørsted');
    expect(text).toContain('Mangrove regeneration in Rhizophora mucronata habitats & villages');
    expect(text).toContain('Prof. Rajesh Kumar Sharma');
    expect(pdfText(entries['certificate-10002-5-Tomás-García.pdf']!)).toContain('Tomás García');
  });

  it('refuses unknown ids and empty selections before sending anything', async () => {
    const unknown = await post('/api/pdf/bulkcertificates', [{ id: ids['10001'] }, { id: 555555 }]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No article with id 555555.');
    expect((await post('/api/pdf/bulkcertificates', [])).statusCode).toBe(400);
  });
});

describe('POST /api/pdf/editorscertificate', () => {
  it('needs the token', async () => {
    expect((await post('/api/pdf/editorscertificate', [{ id: editorIds['Dr. Zoë Ørsted'] }], false)).statusCode).toBe(
      401,
    );
  });

  it('zips a membership certificate for each selected editor', async () => {
    const selection = ['Dr. Zoë Ørsted', 'Prof. Rajesh Kumar Sharma', 'Dr. Hidden Person'].map((name) => ({
      id: editorIds[name],
      name: 'Forged Name',
    }));
    const response = await post('/api/pdf/editorscertificate', selection);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="editors-certificates.zip"');
    const entries = zipEntries(response.rawPayload);
    const names = Object.keys(entries);
    expect(names).toHaveLength(3);
    expect(names[0]).toBe(`editor-certificate-${editorIds['Prof. Rajesh Kumar Sharma']}-Prof-Rajesh-Kumar-Sharma.pdf`);

    const zoe = entries[`editor-certificate-${editorIds['Dr. Zoë Ørsted']}-Dr-Zoë-Ørsted.pdf`]!;
    qpdfCheck(zoe);
    const text = pdfText(zoe);
    for (const expected of [
      'CERTIFICATE OF EDITORIAL BOARD MEMBERSHIP',
      'Dr. Zoë Ørsted',
      'Professor, University of Ørsted',
      JOURNAL,
      'as Associate Editor',
      'Prof. Rajesh Kumar Sharma',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Forged Name');
    expect(text).not.toContain('<script>');
    expect(pdfPageCount(zoe)).toBe(1);
    // The Editor-in-Chief's own certificate is signed by the publisher.
    const chief = pdfText(entries[names[0]!]!);
    expect(chief).toContain('Dr. Anjali Mehta');
    expect(chief).toContain('Publisher');
  });

  it('refuses unknown editor ids', async () => {
    const response = await post('/api/pdf/editorscertificate', { ids: [editorIds['Ms. Priya Verma'], 424242] });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('No editor with id 424242.');
  });
});

describe('GET /pdf?refno= (server-rendered download page)', () => {
  const hrefs = (html: string, text: string) =>
    [...html.matchAll(new RegExp(`<a [^>]*href="([^"]+)"[^>]*>${text}</a>`, 'g'))].map((match) =>
      match[1]!.replace(/&amp;/g, '&'),
    );

  it('lists the article link, its file, one certificate per author, the cover page and the board', async () => {
    const response = await get('/pdf?refno=10001');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain(
      `<title>Author Downloads: Mangrove regeneration in Rhizophora mucronata habitats &amp; villages | ${JOURNAL}</title>`,
    );
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('Mangrove regeneration in <i>Rhizophora mucronata</i> habitats');
    expect(hrefs(html, 'View Article')).toEqual(['/archives/2024/vol10/issue2/10001']);
    expect(hrefs(html, 'Download Article')).toEqual(['/assets/archives/2024/vol10issue2/10001.pdf']);
    expect(hrefs(html, 'Download Certificate')).toEqual([
      `/api/pdf/certificate/10001/${encodeURIComponent('José Müller-Łukasiewicz')}`,
      `/api/pdf/certificate/10001/${encodeURIComponent('Zoë Ørsted')}`,
      `/api/pdf/certificate/10001/${encodeURIComponent('Anita K. Iyer')}`,
    ]);
    expect(hrefs(html, 'Download Cover Page')).toEqual(['/api/pdf/coverpage/10001']);
    expect(hrefs(html, 'Download Editorial Board')).toEqual(['/api/pdf/editorialboard']);
    // Every certificate link the page offers really downloads.
    for (const href of hrefs(html, 'Download Certificate')) expect((await get(href)).statusCode).toBe(200);
  });

  it('leaves out Download Article when the article has no file', async () => {
    const html = (await get('/pdf?refno=10002')).body;
    expect(hrefs(html, 'Download Article')).toEqual([]);
    expect(hrefs(html, 'Download Certificate')).toHaveLength(5);
  });

  it('answers an unknown or disabled reference number with a clear message and 404', async () => {
    for (const refno of ['10003', '99999', '<script>x</script>']) {
      const response = await get(`/pdf?refno=${encodeURIComponent(refno)}`);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('No published article has the reference number <strong>');
      expect(response.body).not.toContain('<script>x');
      expect(hrefs(response.body, 'Download Certificate')).toEqual([]);
    }
  });

  it('asks for the reference number when none is given', async () => {
    const response = await get('/pdf');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Enter the reference number of your article to download its files.');
    expect(response.body).toMatch(/<form[^>]*action="\/pdf"/);
  });
});

describe('the uploaded logo', () => {
  const documents = async () => [
    (await get(`/api/pdf/certificate/10001/${encodeURIComponent('Zoë Ørsted')}`)).rawPayload,
    (await get('/api/pdf/coverpage/10001')).rawPayload,
    (await get('/api/pdf/editorialboard')).rawPayload,
    (await post('/api/pdf/indexpage', [{ id: ids['10001'] }])).rawPayload,
  ];

  it('is drawn on certificates, cover pages, the board and the table of contents in place of the built-in emblem', async () => {
    for (const document of await documents()) expect(pdfImages(document)).toEqual([]);
    const form = new FormData();
    form.append('imgFile', new Blob([new Uint8Array(TEST_PICTURES.png)]), 'logo.png');
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/admin/site-pictures/logo',
      headers: await t.authHeader(),
      payload: form,
    });
    expect(upload.statusCode).toBe(200);
    // The test picture is 2 x 2 pixels.
    for (const document of await documents()) expect(pdfImages(document)).toEqual(['2x2']);
  });
});

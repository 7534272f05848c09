import PDFDocument from 'pdfkit';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { pdfText, qpdfCheck, zipEntries } from '../../test/pdf-inspect.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { insertIssue } from '../issues/issues.repository.js';
import { BusyError, GenerationQueue } from './generation-queue.js';
import { PdfService } from './pdf.service.js';
import { insertTestArticle, insertTestEditor } from '../../test/pdf-test-records.js';

let t: TestApp;
let articles: { id: number; refnumber: string }[];
/** Every PDF document finished by pdfkit, whoever made it: the number of generations. */
let documentsMade: MockInstance;

/** Documents that may wait behind the one being made, kept small so that a burst overflows it. */
const MAX_WAITING = 2;

beforeAll(async () => {
  t = await createTestApp();
  t.journal.services.pdf = new PdfService(
    t.journal.db,
    t.journal.services.settings,
    t.journal.clock,
    { pdfLogo: async () => null, pdfSignature: async () => null },
    {
      maxWaiting: MAX_WAITING,
    },
  );
  await insertIssue(t.journal.db, { year: 2024, volume: 10, issue: 2, frequency: 'mar-apr' });
  articles = [];
  for (let i = 0; i < 12; i++) {
    const refnumber = String(30000 + i);
    const authorname = 'Anita K. Iyer, Rahul Sharma, Chen Wei';
    articles.push({
      refnumber,
      id: await insertTestArticle(t.journal.db, refnumber, {
        title: `Study ${i} of coastal wetlands`,
        authorname,
        pagenumber: `${i + 1}-${i + 2}`,
      }),
    });
  }
  for (const name of ['Prof. Rajesh Kumar Sharma', 'Dr. Zoë Ørsted', 'Ms. Priya Verma'])
    await insertTestEditor(t.journal.db, name, 'associate editor');
});
afterAll(() => t.close());
beforeEach(() => {
  documentsMade = vi.spyOn(PDFDocument.prototype, 'end');
  // Each test starts from a write, as if the data had just changed.
  t.journal.clock.publicDataChanged();
});
afterEach(() => documentsMade.mockRestore());

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** A whole PDF: every byte announced arrived, and qpdf finds it sound. */
function expectWholePdf(response: Awaited<ReturnType<typeof get>>) {
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
  expect(qpdfCheck(response.rawPayload)).toContain('No syntax or stream encoding errors');
}

describe('PDF generation under load', () => {
  it('refuses documents beyond the queue with 503 busy and Retry-After, and sends the others whole', async () => {
    const responses = await Promise.all(articles.map((article) => get(`/api/pdf/coverpage/${article.refnumber}`)));
    const refused = responses.filter((response) => response.statusCode === 503);
    const sent = responses.filter((response) => response.statusCode === 200);
    expect(refused.length + sent.length).toBe(articles.length);
    expect(sent.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const response of refused) {
      expect(response.json()).toMatchObject({ error: 'busy', message: expect.stringContaining('try again') });
      expect(response.headers['retry-after']).toBe('2');
    }
    for (const response of sent) expectWholePdf(response);
    expect(documentsMade).toHaveBeenCalledTimes(sent.length);
  });

  it('makes the editorial board once for a burst of requests and serves it from memory until a write', async () => {
    const burst = await Promise.all(Array.from({ length: 8 }, () => get('/api/pdf/editorialboard')));
    for (const response of burst) {
      expect(response.statusCode).toBe(200);
      expectWholePdf(response);
      expect(response.rawPayload.equals(burst[0]!.rawPayload)).toBe(true);
    }
    expect(documentsMade).toHaveBeenCalledTimes(1);

    const again = await get('/api/pdf/editorialboard');
    expect(again.rawPayload.equals(burst[0]!.rawPayload)).toBe(true);
    expect(documentsMade).toHaveBeenCalledTimes(1);

    // An editor's change through the API: the next board is made anew and shows it.
    const editor = await t.journal.db
      .selectFrom('editors')
      .select(['id', 'name'])
      .where('status', '=', 'enabled')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const disable = await t.app.inject({
      method: 'POST',
      url: `/api/editors/${editor.id}`,
      headers: { ...(await t.authHeader()), 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="status"\r\n\r\ndisabled\r\n--x--\r\n',
    });
    expect(disable.statusCode).toBe(200);
    expect(pdfText(burst[0]!.rawPayload)).toContain(editor.name);
    const afterWrite = await get('/api/pdf/editorialboard');
    expectWholePdf(afterWrite);
    expect(pdfText(afterWrite.rawPayload)).not.toContain(editor.name);
    expect(documentsMade).toHaveBeenCalledTimes(2);
  });

  it('remembers a table of contents per selection of articles, in any order, until a write', async () => {
    // Through the service POST /api/pdf/indexpage calls; an export is no write of public data (decision 021).
    const indexPage = async (ids: number[]) => (await t.journal.services.pdf.indexPage(ids)).body as Buffer;
    const [first, second] = articles.map((article) => article.id);

    const both = await indexPage([first!, second!]);
    expect(pdfText(both)).toContain('TABLE OF CONTENTS');
    expect((await indexPage([second!, first!, second!])).equals(both)).toBe(true);
    expect(documentsMade).toHaveBeenCalledTimes(1);
    await indexPage([first!]);
    expect(documentsMade).toHaveBeenCalledTimes(2);

    t.journal.clock.publicDataChanged();
    await indexPage([first!, second!]);
    expect(documentsMade).toHaveBeenCalledTimes(3);
  });

  it('makes every entry of a zip in its turn, and refuses a zip as busy when the queue is full', async () => {
    const headers = await t.authHeader();
    const zip = await t.app.inject({
      method: 'POST',
      url: '/api/pdf/bulkcertificates',
      headers,
      payload: { ids: [articles[0]!.id] },
    });
    expect(zip.statusCode).toBe(200);
    const entries = Object.keys(zipEntries(zip.rawPayload));
    expect(entries.length).toBeGreaterThan(0);
    expect(documentsMade).toHaveBeenCalledTimes(entries.length);

    const full = vi.spyOn(GenerationQueue.prototype, 'admit').mockImplementationOnce(() => {
      throw new BusyError();
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/pdf/bulkcertificates',
      headers,
      payload: { ids: [articles[0]!.id] },
    });
    full.mockRestore();
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toBe('busy');
    expect(refused.headers['retry-after']).toBe('2');
  });
});

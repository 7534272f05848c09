import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_SIZE_MESSAGE, MAX_UPLOAD_BYTES } from '../../../common/constants.js';
import { pageOrderMessage } from '../../../common/schemas/article.js';
import { insertIssue } from '../issues/issues.repository.js';
import { testPdf } from '../../test/article-form.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let auth: { authorization: string };
const ISSUE = { year: 2026, volume: 7, issue: 2 };
const ISSUE_DIR = 'archives/2026/vol7issue2';

beforeAll(async () => {
  t = await createTestApp();
  auth = await t.authHeader();
  await insertIssue(t.journal.db, { ...ISSUE, frequency: 'mar-apr' });
});
afterAll(() => t.close());

const SEVEN_AUTHORS = 'A Rao, B Singh, C Iyer, D Das, E Nair, F Khan, G Roy';
const FIVE_AUTHORS_AT_MOST = 'Author names must list at most 5 authors, separated by commas';

const pdf = (text = 'article') => testPdf(text);

const fields = (overrides: Record<string, string> = {}): Record<string, string> => ({
  refnumber: '5001',
  title: 'Soil <i>Bacillus</i> diversity',
  authorname: 'Asha Rao, Vikram Singh',
  abstract: '<p>We sampled soils.</p>',
  keywords: 'soil, bacteria',
  subject: 'Microbiology',
  country: 'India',
  email: 'asha@uni.example',
  mobile: '9876543210',
  pagenumber: '1-6',
  txnid: 'TXN5001',
  ptype: 'paid',
  publishdate: '2026-03-10',
  year: String(ISSUE.year),
  volume: String(ISSUE.volume),
  issue: String(ISSUE.issue),
  ...overrides,
});

function form(values: Record<string, string>, file?: { data: Buffer; name?: string; field?: string }): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.append(key, value);
  if (file)
    data.append(
      file.field ?? 'pdfFile',
      new Blob([new Uint8Array(file.data)], { type: 'application/pdf' }),
      file.name ?? 'paper.pdf',
    );
  return data;
}

const add = (values: Record<string, string>, file?: { data: Buffer; name?: string; field?: string }) =>
  t.app.inject({ method: 'POST', url: '/api/admin/archives/', headers: auth, payload: form(values, file) });
const edit = (id: number, values: Record<string, string>, file?: { data: Buffer; name?: string }) =>
  t.app.inject({ method: 'POST', url: `/api/archives/${id}`, headers: auth, payload: form(values, file) });

const issueFiles = () => fs.readdirSync(path.join(t.journal.files.root, ISSUE_DIR)).sort();
const stored = (name: string) => fs.readFileSync(path.join(t.journal.files.root, ISSUE_DIR, name), 'utf8');
const articleCount = async () =>
  Number(
    (
      await t.journal.db
        .selectFrom('articles')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

let firstId: number;

describe('POST /api/admin/archives/ (add an article)', () => {
  it('stores the article as enabled and its PDF as {refnumber}.pdf in the issue folder', async () => {
    const response = await add(
      fields({ refnumber: ' 5001 ', title: 'Soil <i>Bacillus</i> <b>diversity</b><script>x()</script>' }),
      {
        data: pdf('first'),
        name: '../../../evil.pdf',
      },
    );
    expect(response.statusCode).toBe(201);
    const article = response.json();
    firstId = article.id;
    expect(article).toMatchObject({
      refnumber: '5001',
      title: 'Soil <i>Bacillus</i> diversity',
      description: 'Soil <i>Bacillus</i> diversity',
      abstract: '<p>We sampled soils.</p>',
      status: 'enabled',
      file: '5001.pdf',
      frequency: 'mar-apr',
      createdby: 'admin',
      ptype: 'paid',
      publishdate: '2026-03-10',
    });
    expect(issueFiles()).toEqual(['5001.pdf']);
    expect(stored('5001.pdf')).toContain('first');
    expect(fs.existsSync(path.join(t.journal.files.root, 'evil.pdf'))).toBe(false);
  });

  it('sanitises script out of the abstract and markup out of plain fields', async () => {
    const response = await add(
      fields({
        refnumber: '5002',
        title: 'Second paper',
        txnid: 'TXN5002',
        pagenumber: '7-9',
        abstract: '<p onclick="x()">Safe<script>alert(1)</script><a href="javascript:alert(2)">link</a></p>',
        authorname: '<b>Ravi</b> Kumar<img src=x onerror=alert(1)>',
      }),
      { data: pdf() },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().abstract).toBe('<p>Safe<a rel="noopener noreferrer">link</a></p>');
    expect(response.json().authorname).toBe('Ravi Kumar');
  });

  it('refuses a first page not after the last page of the issue, with the exact message', async () => {
    const response = await add(fields({ refnumber: '5003', title: 'Third', txnid: 'TXN5003', pagenumber: '9-12' }), {
      data: pdf(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_pagenumber', message: pageOrderMessage(9) });
    expect(pageOrderMessage(9)).toBe(
      'The the first value of the page range should be one more than the last one. The last page was 9.',
    );
  });

  it.each([
    [{ pagenumber: '10_12' }, 'invalid_pagenumber', 'pagenumber: Page number format must be like 1-6.'],
    [{ pagenumber: '14-12' }, 'invalid_pagenumber', 'pagenumber: The first page must not be after the last page.'],
    [{ refnumber: 'A12' }, 'invalid_input', 'refnumber: Ref number must be a valid number.'],
    [{ refnumber: '../../x' }, 'invalid_input', 'refnumber: Ref number must be a valid number.'],
    [{ txnid: 'bad id!' }, 'invalid_txnid', 'txnid: Invalid transaction id'],
    [{ txnid: '' }, 'invalid_txnid', 'txnid: Transaction ID is required'],
    [{ email: '' }, 'invalid_input', 'email: Email is required'],
    [{ title: '<script>alert(1)</script>' }, 'invalid_input', 'title: Title is required'],
    [{ abstract: '<p> </p>' }, 'invalid_input', 'abstract: Abstract is required'],
    [{ ptype: 'gift' }, 'invalid_input', 'ptype: Payment type must be paid or free'],
    [{ publishdate: 'tomorrow' }, 'invalid_input', 'publishdate: Publication date must be a date (YYYY-MM-DD)'],
    [{ volume: 'seven' }, 'invalid_input', 'volume: Volume must be a whole number'],
    [{ authorname: SEVEN_AUTHORS }, 'invalid_input', `authorname: ${FIVE_AUTHORS_AT_MOST}`],
  ])('refuses %j with %s, changing nothing', async (override, error, message) => {
    const before = await articleCount();
    const response = await add(
      fields({ refnumber: '5004', title: 'Fourth', txnid: 'TXN5004', pagenumber: '10-12', ...override }),
      { data: pdf() },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error, message });
    expect(await articleCount()).toBe(before);
    expect(issueFiles()).toEqual(['5001.pdf', '5002.pdf']);
  });

  it('requires a PDF, checked by its content, at most 5 MB', async () => {
    const base = fields({ refnumber: '5004', title: 'Fourth', txnid: 'TXN5004', pagenumber: '10-12' });
    const missing = await add(base);
    expect(missing.json()).toEqual({ error: 'invalid_file', message: 'The PDF file is required.' });
    const fake = await add(base, { data: Buffer.from('<html>not a pdf</html>'), name: 'paper.pdf' });
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toEqual({ error: 'invalid_file', message: 'Only PDF files can be uploaded.' });
    const big = Buffer.concat([pdf(), Buffer.alloc(MAX_UPLOAD_BYTES)]);
    const large = await add(base, { data: big });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({ error: 'file_too_large', message: FILE_SIZE_MESSAGE });
    expect(FILE_SIZE_MESSAGE).toBe('File size exceeds the limit of 5 MB.');
    const wrongField = await add(base, { data: pdf(), field: 'imgFile' });
    expect(wrongField.statusCode).toBe(400);
    expect(await articleCount()).toBe(2);
    expect(issueFiles()).toEqual(['5001.pdf', '5002.pdf']);
  });

  it.each([
    [{ refnumber: '5001' }, 'duplicate_reference_number', 'Duplicate reference number'],
    [{ title: 'SOIL  <em>bacillus</em> Diversity' }, 'duplicate_title', 'Duplicate title'],
    [{ txnid: 'TXN5001' }, 'duplicate_txnid', 'Transaction ID Already Used'],
  ])('refuses a duplicate %j with 409 %s', async (override, error, message) => {
    const response = await add(
      fields({ refnumber: '5005', title: 'Fifth', txnid: 'TXN5005', pagenumber: '20-22', ...override }),
      { data: pdf('dup') },
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error, message });
    expect(stored('5001.pdf')).toContain('first');
    expect(issueFiles()).toEqual(['5001.pdf', '5002.pdf']);
  });

  it('lets one of two simultaneous adds with the same reference number win, leaving no orphan file', async () => {
    const answers = await Promise.all(
      ['a', 'b'].map((tag, index) =>
        add(
          fields({
            refnumber: '5010',
            title: `Race ${tag}`,
            txnid: `TXNRACE${tag}`,
            pagenumber: `${30 + index * 10}-${35 + index * 10}`,
          }),
          { data: pdf(`race ${tag}`) },
        ),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().error).toBe('duplicate_reference_number');
    const winner = answers.find((r) => r.statusCode === 201)!.json();
    expect(issueFiles()).toEqual(['5001.pdf', '5002.pdf', '5010.pdf']);
    expect(stored('5010.pdf')).toContain(winner.title.replace('Race ', 'race '));
  });

  it('refuses an issue that does not exist', async () => {
    const response = await add(fields({ refnumber: '5020', title: 'Lost', txnid: 'TXN5020', volume: '99' }), {
      data: pdf(),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('not_found');
  });

  it('needs the token and a multipart body', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/archives/',
      payload: form(fields(), { data: pdf() }),
    });
    expect(anonymous.statusCode).toBe(401);
    const json = await t.app.inject({ method: 'POST', url: '/api/admin/archives/', headers: auth, payload: fields() });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Send the form as multipart/form-data.');
  });
});

describe('POST /api/archives/{id} (edit an article)', () => {
  const editFields = (overrides: Record<string, string> = {}) => {
    const { year: _y, volume: _v, issue: _i, ...rest } = fields({ status: 'disabled', ...overrides });
    return rest;
  };

  it('updates the fields and keeps the PDF when no file is sent', async () => {
    const response = await edit(
      firstId,
      editFields({
        title: 'Soil <i>Bacillus</i> diversity revisited',
        status: 'disabled',
        email: '',
        pagenumber: '2-6',
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      title: 'Soil <i>Bacillus</i> diversity revisited',
      status: 'disabled',
      file: '5001.pdf',
      pagenumber: '2-6',
      modifiedby: 'admin',
    });
    expect(stored('5001.pdf')).toContain('first');
  });

  it('replaces the PDF in place when a new one is sent', async () => {
    const response = await edit(firstId, editFields({ title: 'Soil revisited' }), { data: pdf('second version') });
    expect(response.statusCode).toBe(200);
    expect(stored('5001.pdf')).toContain('second version');
    expect(issueFiles()).toEqual(['5001.pdf', '5002.pdf', '5010.pdf']);
  });

  it('renames the PDF with a changed reference number', async () => {
    const response = await edit(firstId, editFields({ refnumber: '5100', title: 'Soil revisited' }));
    expect(response.json()).toMatchObject({ refnumber: '5100', file: '5100.pdf' });
    expect(issueFiles()).toEqual(['5002.pdf', '5010.pdf', '5100.pdf']);
    expect(stored('5100.pdf')).toContain('second version');
  });

  it.each([
    [{ refnumber: '5002' }, 409, 'duplicate_reference_number', 'Duplicate reference number'],
    [{ title: 'Second paper' }, 409, 'duplicate_title', 'Duplicate title'],
    [{ txnid: 'TXN5002' }, 409, 'invalid_txnid', 'Invalid transaction id'],
    [{ pagenumber: '2 to 6' }, 400, 'invalid_pagenumber', 'pagenumber: Page number format must be like 1-6.'],
    [{ status: 'published' }, 400, 'invalid_input', 'status: Status must be enabled or disabled'],
    [{ authorname: SEVEN_AUTHORS }, 400, 'invalid_input', `authorname: ${FIVE_AUTHORS_AT_MOST}`],
  ])('refuses %j, leaving the article and its file as they were', async (override, status, error, message) => {
    const before = await t.journal.db
      .selectFrom('articles')
      .selectAll()
      .where('id', '=', firstId)
      .executeTakeFirstOrThrow();
    const response = await edit(firstId, editFields({ refnumber: '5100', title: 'Soil revisited', ...override }), {
      data: pdf('should not land'),
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error, message });
    expect(
      await t.journal.db.selectFrom('articles').selectAll().where('id', '=', firstId).executeTakeFirstOrThrow(),
    ).toEqual(before);
    expect(issueFiles()).toEqual(['5002.pdf', '5010.pdf', '5100.pdf']);
    expect(stored('5100.pdf')).toContain('second version');
  });

  it('refuses a non-PDF replacement and an unknown article', async () => {
    const fake = await edit(firstId, editFields({ refnumber: '5100', title: 'Soil revisited' }), {
      data: Buffer.from('GIF89a'),
    });
    expect(fake.json()).toEqual({ error: 'invalid_file', message: 'Only PDF files can be uploaded.' });
    expect(stored('5100.pdf')).toContain('second version');
    expect((await edit(999_999, editFields())).statusCode).toBe(404);
    expect((await edit(Number.NaN, editFields())).statusCode).toBe(400);
  });
});

describe('GET /api/admin/archives/{year}/{volume}/{issue}', () => {
  it('lists every article of the issue, disabled ones too, in page order', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/archives/2026/7/2', headers: auth });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.issue).toMatchObject({ ...ISSUE, frequency: 'mar-apr' });
    expect(body.articles.map((a: { refnumber: string; status: string }) => [a.refnumber, a.status])).toEqual([
      ['5100', 'disabled'],
      ['5002', 'enabled'],
      ['5010', 'enabled'],
    ]);
  });

  it('answers 404 for an unknown issue and 400 for a malformed one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/archives/2026/7/9', headers: auth })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/archives/2026/x/9', headers: auth })).statusCode).toBe(
      400,
    );
  });
});

describe('GET /api/admin/search', () => {
  const search = async (q: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/search?q=${encodeURIComponent(q)}`,
      headers: auth,
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { refnumber: string }[]).map((a) => a.refnumber).sort();
  };

  it('finds articles of any status by reference number, title, author and transaction id', async () => {
    expect(await search('5100')).toEqual(['5100']);
    expect(await search('SOIL REV')).toEqual(['5100']);
    expect(await search('ravi kum')).toEqual(['5002']);
    expect(await search('txn5002')).toEqual(['5002']);
  });

  it('treats wildcard characters literally and answers an empty list for nothing', async () => {
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    expect(await search('')).toEqual([]);
    expect(await search('no such thing')).toEqual([]);
  });
});

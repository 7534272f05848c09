import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPlan } from '../import-plan.js';
import { ojsExport, PDF_102, type ExportChoices } from './fixtures/ojs-export.js';
import { readOjsNativeXml, type OjsReadOptions } from './read-ojs-native-xml.js';

const ARTICLE_102 = "issue 2023 vol 4 no 2, article 'A review of soil atlases'";

let folder: string;
let server: http.Server;
let origin: string;
const pending: http.ServerResponse[] = [];

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ojs-galleys-'));
  server = http.createServer((request, response) => {
    if (request.url === '/jsr-102.pdf') return void response.end(PDF_102);
    if (request.url === '/unmeasured.pdf') {
      response.write(PDF_102.subarray(0, 300));
      return void setTimeout(() => response.end(PDF_102.subarray(300)), 10);
    }
    if (request.url === '/login')
      return void response.setHeader('content-type', 'text/html').end('<html>Log in</html>');
    if (request.url === '/silent.pdf') return void pending.push(response);
    response.statusCode = 404;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  pending.forEach((response) => response.destroy());
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(folder, { recursive: true, force: true });
});

async function planOf(choices: Partial<ExportChoices>, options: OjsReadOptions = {}): Promise<ImportPlan> {
  const file = path.join(folder, 'export.xml');
  fs.writeFileSync(file, ojsExport({ format: 'main', ...choices }));
  return readOjsNativeXml(file, options);
}

const pdfOf = (plan: ImportPlan, refnumber: string) =>
  plan.issues.flatMap((issue) => issue.articles).find((article) => article.refnumber === refnumber)!.pdf;

/** Article 102's PDF, linked to `href`, as a plan reading links would have it. */
const linkedPdf = async (href: string, options: OjsReadOptions = {}) =>
  pdfOf(await planOf({ article102Href: href }, { allowHrefs: true, ...options }), '4021')!;

describe('galley files', () => {
  it('refuses embedded base64 that is broken, when the file is read', async () => {
    const plan = await planOf({ article103Embed: 'JVBERi0x*not base64*' });
    await expect(pdfOf(plan, '103')!.read()).rejects.toThrow(
      'The file jsr-103.pdf embedded in the export is not valid base64.',
    );
  });

  it('refuses base64 that holds no PDF', async () => {
    const plan = await planOf({ article103Embed: Buffer.from('<html></html>').toString('base64') });
    await expect(pdfOf(plan, '103')!.read()).rejects.toThrow(
      'The file jsr-103.pdf embedded in the export is not a PDF.',
    );
  });

  it('names the path of a linked file that is missing', async () => {
    const pdf = await linkedPdf('files/missing.pdf');
    await expect(pdf.read()).rejects.toThrow(
      `The file jsr-102.pdf was not found at ${path.join(folder, 'files', 'missing.pdf')}.`,
    );
  });

  it('reads relative paths from the folder it is given', async () => {
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'ojs-files-'));
    fs.writeFileSync(path.join(elsewhere, 'jsr-102.pdf'), PDF_102);
    try {
      const pdf = await linkedPdf('jsr-102.pdf', { filesDir: elsewhere });
      expect(await pdf.read()).toEqual(PDF_102);
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('reads no linked file unless allowed, and says so as a problem of the article', async () => {
    const plan = await planOf({ article102Href: `${origin}/jsr-102.pdf` });
    expect(pdfOf(plan, '4021')).toBeNull();
    expect(plan.problems).toContainEqual({
      record: ARTICLE_102,
      field: 'pdf',
      message:
        `The PDF 'jsr-102.pdf' is linked (${origin}/jsr-102.pdf), not embedded, and linked files are read only by an ` +
        'import from the command line: export the issue with its files embedded, or import it there.',
    });
  });

  it('downloads a linked address', async () => {
    expect(await (await linkedPdf(`${origin}/jsr-102.pdf`)).read()).toEqual(PDF_102);
  });

  it('names an address that cannot be reached', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const address = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/jsr-102.pdf`;
    await new Promise((resolve) => closed.close(resolve));
    await expect((await linkedPdf(address)).read()).rejects.toThrow(
      `The file jsr-102.pdf could not be downloaded from ${address}: ECONNREFUSED.`,
    );
  });

  it('names the answer of a server that has no such file', async () => {
    await expect((await linkedPdf(`${origin}/gone.pdf`)).read()).rejects.toThrow(
      `The file jsr-102.pdf could not be downloaded from ${origin}/gone.pdf: the server answered 404.`,
    );
  });

  it('refuses a page served instead of the PDF', async () => {
    await expect((await linkedPdf(`${origin}/login`)).read()).rejects.toThrow(
      `The file jsr-102.pdf from ${origin}/login is not a PDF.`,
    );
  });

  it('stops a download over the limit, declared or not', async () => {
    const limit = { maxFileBytes: 500 };
    await expect((await linkedPdf(`${origin}/jsr-102.pdf`, limit)).read()).rejects.toThrow(
      `The file jsr-102.pdf from ${origin}/jsr-102.pdf is ${PDF_102.length} bytes, over the 500 bytes an import reads.`,
    );
    await expect((await linkedPdf(`${origin}/unmeasured.pdf`, limit)).read()).rejects.toThrow(
      `The file jsr-102.pdf from ${origin}/unmeasured.pdf is larger than the 500 bytes an import reads.`,
    );
  });

  it('gives up on a server that does not answer in time', async () => {
    const pdf = await linkedPdf(`${origin}/silent.pdf`, { downloadTimeoutMs: 200 });
    await expect(pdf.read()).rejects.toThrow(
      `The file jsr-102.pdf could not be downloaded from ${origin}/silent.pdf: no complete answer within 0.2 s.`,
    );
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ojsExport, PDF_101, PDF_103 } from './fixtures/ojs-export.js';
import { MAX_OJS_XML_BYTES, NOT_OJS_EXPORT } from './ojs-xml.js';
import { OjsExportError, readOjsNativeXml } from './read-ojs-native-xml.js';

let folder: string;
beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ojs-xml-'));
});
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

function fileOf(name: string, content: string | Buffer): string {
  const file = path.join(folder, name);
  fs.writeFileSync(file, content);
  return file;
}

/** The error reading `content` rejects with (an OjsExportError, for the person importing). */
async function refusalOf(content: string | Buffer): Promise<string> {
  const error: unknown = await readOjsNativeXml(fileOf('refused.xml', content)).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(OjsExportError);
  return (error as Error).message;
}

const EXPORT = ojsExport({ format: 'main' });

describe('a file that is not an export of issues', () => {
  it('is refused by its root element, in words for the person importing', async () => {
    expect(await refusalOf('<?xml version="1.0"?><rss version="2.0"><channel/></rss>')).toBe(
      `${NOT_OJS_EXPORT}: its root element is <rss>, where an export of issues has <issues> or <issue>, in the ` +
        'namespace http://pkp.sfu.ca (OJS 3) or in none (OJS 2.4).',
    );
  });

  it('is refused when its root has the right name in another namespace', async () => {
    expect(await refusalOf('<issues xmlns="http://example.org/issues"><issue/></issues>')).toMatch(
      /^This file is not an Open Journal Systems Native XML export: its root element is <issues> in the namespace http:\/\/example.org\/issues,/,
    );
  });

  it('is told to export issues when it is an export of articles', async () => {
    expect(await refusalOf('<articles xmlns="http://pkp.sfu.ca"></articles>')).toMatch(
      /It is an export of articles: export the issues instead, so that they come with their volumes and numbers\.$/,
    );
  });

  it('is refused when it is cut short', async () => {
    expect(await refusalOf(EXPORT.slice(0, EXPORT.indexOf('</articles>')))).toMatch(
      /^This file is not an Open Journal Systems Native XML export: it is not well-formed XML \(line \d+, column \d+: .+\)\. A file cut short/,
    );
  });

  it('is refused when it is no text at all', async () => {
    expect(await refusalOf(Buffer.from([0x3c, 0x61, 0x3e, 0xff, 0xfe, 0x3c, 0x2f, 0x61, 0x3e]))).toBe(
      `${NOT_OJS_EXPORT}: it is not UTF-8 text.`,
    );
    expect(await refusalOf(PDF_101)).toMatch(/^This file is not an Open Journal Systems Native XML export: /);
  });

  it('is refused above the size limit before it is read', async () => {
    const file = path.join(folder, 'huge.xml');
    fs.writeFileSync(file, '');
    fs.truncateSync(file, MAX_OJS_XML_BYTES + 1);
    const error: unknown = await readOjsNativeXml(file).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OjsExportError);
    expect((error as Error).message).toBe(
      'huge.xml is 513 MB; an export is read up to 512 MB: export the issues in several files ' +
        '(OJS: Tools > Import/Export > Native XML Plugin > Export Issues).',
    );
  });

  it('is named when it cannot be read', async () => {
    const missing = path.join(folder, 'missing.xml');
    await expect(readOjsNativeXml(missing)).rejects.toThrow(`The file ${missing} could not be read: ENOENT`);
  });
});

describe('the XML of an export', () => {
  it('expands the entities XML defines and character references', async () => {
    const xml = EXPORT.replace('A review of soil atlases', 'A review of soil &amp;atlases; &#x26;&#38;&amp;&lt;');
    const plan = await readOjsNativeXml(fileOf('entities.xml', xml));
    const titles = plan.issues.flatMap((issue) => issue.articles.map((article) => article.title));
    expect(titles).toContain('A review of soil &atlases; &&&<');
  });

  it('is refused when it declares a DOCTYPE, which it names, whether its entities are internal or external', async () => {
    const withDoctype = (doctype: string) =>
      EXPORT.replace('<?xml version="1.0"?>', `<?xml version="1.0"?>\n<!-- exported -->\n${doctype}`).replace(
        'A review of soil atlases',
        'A review of soil &atlases;',
      );
    const refusal = (doctype: string) =>
      `The file declares a DOCTYPE (${doctype}); documents with a DOCTYPE are refused. ` +
      'Export it again without one, or remove the declaration.';
    for (const doctype of [
      '<!DOCTYPE issues [<!ENTITY atlases "EXPANDED">]>',
      '<!DOCTYPE issues [<!ENTITY atlases SYSTEM "file:///etc/passwd">]>',
      '<!DOCTYPE issues SYSTEM "http://127.0.0.1:9/native.dtd">',
    ])
      expect(await refusalOf(withDoctype(doctype))).toBe(refusal(doctype));
    const laughs = `<!DOCTYPE issues [<!ENTITY lol "lol">${'<!ENTITY lol1 "&lol;&lol;&lol;&lol;">'.repeat(9)}]>`;
    expect(await refusalOf(withDoctype(laughs))).toBe(refusal(`${laughs.slice(0, 100)}…`));
    // A DOCTYPE is looked for in the file's first 64 KB: one pushed past them by a long comment is refused unread.
    const pushed = withDoctype(`<!--${' '.repeat(65_536)}-->${laughs}`);
    expect(await refusalOf(pushed)).toBe(
      'The file has no element in its first 64 KB, where an XML document has its root element',
    );
  });

  it('sets embedded files aside whatever their place, and reads them back', async () => {
    const xml = EXPORT.replaceAll('<embed encoding="base64">', '<embed\n  encoding="base64" >');
    const plan = await readOjsNativeXml(fileOf('spaced.xml', xml));
    const pdfs = plan.issues.flatMap((issue) => issue.articles).flatMap((article) => article.pdf ?? []);
    expect(await Promise.all([pdfs[0]!.read(), pdfs.at(-1)!.read()])).toEqual([PDF_101, PDF_103]);
  });
});

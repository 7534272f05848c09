import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEmbedded, readExportMarkup, type EmbeddedText } from './ojs-embeds.js';
import { MAX_OJS_MARKUP_BYTES } from './ojs-xml.js';
import { OjsExportError, readOjsNativeXml } from './read-ojs-native-xml.js';

let folder: string;
beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ojs-embeds-'));
});
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

function fileOf(name: string, content: string | Buffer): string {
  const file = path.join(folder, name);
  fs.writeFileSync(file, content);
  return file;
}

const FIRST = Buffer.from('%PDF-1.7 the first file, long enough to span chunks');
const SECOND = Buffer.from('%PDF-1.4 the second');
/** Base64 wrapped at 16 characters, as some exports wrap it. */
const wrapped = (bytes: Buffer) => bytes.toString('base64').replace(/.{16}/g, '$&\n');

const EXPORT =
  '<issues><embedded>not an embed</embed></embedded><embed encoding="base64"/>' +
  `<embed encoding="base64">${wrapped(FIRST)}</embed><x>é</x>` +
  `<embed\n  encoding="base64" >${SECOND.toString('base64')}</embed></issues>`;
const MARKUP =
  '<issues><embedded>not an embed</embed></embedded><embed encoding="base64"/>' +
  '<embed encoding="base64">#0</embed><x>é</x><embed\n  encoding="base64" >#1</embed></issues>';

const unlimited = { maxMarkupBytes: Infinity, tooLarge: () => new Error('never') };

describe('reading an export as a stream', () => {
  it('keeps the markup and notes where each embedded text lies, however the file is cut into chunks', async () => {
    const file = fileOf('export.xml', EXPORT);
    for (let chunkBytes = 1; chunkBytes <= 40; chunkBytes++) {
      const { markup, embedded } = await readExportMarkup(file, { ...unlimited, chunkBytes });
      expect(markup.toString('utf8'), `chunks of ${chunkBytes}`).toBe(MARKUP);
      const decoded = await Promise.all(embedded.map((text) => readEmbedded(text, 1000, { chunkBytes })));
      expect(decoded, `chunks of ${chunkBytes}`).toEqual([FIRST, SECOND]);
    }
  });

  it('stops reading once the markup passes its limit', async () => {
    const file = fileOf('long.xml', `<issues>${'<issue/>'.repeat(100)}</issues>`);
    const tooLarge = new Error('too much markup');
    await expect(
      readExportMarkup(file, { maxMarkupBytes: 500, tooLarge: () => tooLarge, chunkBytes: 64 }),
    ).rejects.toBe(tooLarge);
  });

  it('refuses an export whose records pass the limit, naming it, whatever its embedded files', async () => {
    const records = `<issue>${'x'.repeat(1000)}</issue>`.repeat(Math.ceil(MAX_OJS_MARKUP_BYTES / 1000));
    const error: unknown = await readOjsNativeXml(fileOf('records.xml', `<issues>${records}</issues>`)).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(OjsExportError);
    expect((error as Error).message).toMatch(
      /^records\.xml holds more than 8 MB of records besides its embedded files, the most an export may hold: export the issues in several files/,
    );
  });
});

describe('decoding an embedded text', () => {
  const textOf = (name: string, content: string): EmbeddedText => {
    const file = fileOf(name, `<embed>${content}</embed>`);
    return { file, start: '<embed>'.length, end: '<embed>'.length + Buffer.byteLength(content) };
  };

  it('refuses what is not base64: other characters, padding inside, a length cut short, nothing', async () => {
    for (const [name, content] of [
      ['characters', 'JVBERi0x*not base64*'],
      ['padding', 'QQ==QUFB'],
      ['cut', 'QUFBQ'],
      ['nothing', ' \n '],
    ])
      for (const chunkBytes of [1, 3, 64])
        expect(await readEmbedded(textOf(`${name}.xml`, content), 1000, { chunkBytes }), name).toBe('invalid');
    expect(await readEmbedded({ file: '', start: 0, end: 0 }, 1000)).toBe('invalid');
  });

  it('decodes padded base64 cut anywhere, and stops past the most bytes allowed', async () => {
    const bytes = Buffer.from('%PDF-1.7 eleven');
    for (const chunkBytes of [1, 2, 3, 5, 64])
      expect(await readEmbedded(textOf('padded.xml', bytes.toString('base64')), 1000, { chunkBytes })).toEqual(bytes);
    expect(await readEmbedded(textOf('large.xml', bytes.toString('base64')), bytes.length - 1)).toBe('too large');
    expect(await readEmbedded(textOf('exact.xml', bytes.toString('base64')), bytes.length)).toEqual(bytes);
  });
});

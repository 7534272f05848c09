import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ValidationError, X2jOptions } from 'fast-xml-parser';
import { attributeOf, childrenOf, type XmlElement } from './xml-element.js';

/**
 * The largest export read. The file is read whole into one buffer (the parser is not a streaming one); its embedded
 * files stay in that buffer and the rest is parsed, so an import holds about the file's size in memory, once.
 * OJS exports any selection of issues, so a larger journal is moved in several files.
 */
export const MAX_OJS_XML_BYTES = 512 * 1_048_576;
const OJS_NAMESPACE = 'http://pkp.sfu.ca';
export const NOT_OJS_EXPORT = 'This file is not an Open Journal Systems Native XML export';

/** The file as a whole cannot be read as an export; the message says why, for the person importing. */
export class OjsExportError extends Error {}

export interface OjsXml {
  /** The <issue> elements, from an <issues> root or an <issue> one. */
  issues: XmlElement[];
  /** The base64 text of each <embed>, by the index that element's text names as "#n" (see setEmbeddedAside). */
  embedded: Buffer[];
}

export async function loadOjsXml(file: string): Promise<OjsXml> {
  const { skeleton, embedded } = setEmbeddedAside(await readWithinLimit(file));
  const text = utf8Text(skeleton);
  const { XMLParser, XMLValidator } = await import('fast-xml-parser');
  checkWellFormed(XMLValidator.validate(text));
  return { issues: issuesOf(new XMLParser(PARSER_OPTIONS).parse(text) as XmlElement), embedded };
}

async function readWithinLimit(file: string): Promise<Buffer> {
  try {
    const { size } = await stat(file);
    if (size > MAX_OJS_XML_BYTES) {
      throw new OjsExportError(
        `${path.basename(file)} is ${megabytes(size)} MB; an export is read whole, up to ${megabytes(MAX_OJS_XML_BYTES)} MB: ` +
          'export the issues in several files (OJS: Tools > Import/Export > Native XML Plugin > Export Issues).',
      );
    }
    return await readFile(file);
  } catch (error) {
    if (error instanceof OjsExportError) throw error;
    throw new OjsExportError(`The file ${file} could not be read: ${(error as Error).message}`);
  }
}

const megabytes = (bytes: number) => Math.ceil(bytes / 1_048_576);

const EMBED_OPEN = Buffer.from('<embed');
const EMBED_CLOSE = Buffer.from('</embed>');
const TAG_END = '>'.charCodeAt(0);
const SLASH = '/'.charCodeAt(0);
const AFTER_NAME = new Set([' ', '\t', '\r', '\n', '>', '/'].map((char) => char.charCodeAt(0)));

/**
 * Embedded files are most of an export's bytes, and the parser is slow and greedy on long text (100 MB of base64 in
 * one element took 18 s and 3.5 GB of memory). So the text of each <embed> is set aside before parsing: it becomes
 * "#n", the index of its bytes in `embedded`, which stay views of the file's buffer until the import reads the file.
 * Base64 and the markup around it are ASCII, so cutting the UTF-8 bytes there never splits a character.
 */
function setEmbeddedAside(bytes: Buffer): { skeleton: Buffer; embedded: Buffer[] } {
  const parts: Buffer[] = [];
  const embedded: Buffer[] = [];
  let copied = 0;
  let open = bytes.indexOf(EMBED_OPEN);
  while (open !== -1) {
    const contentStart = embedContentStart(bytes, open);
    const contentEnd = contentStart === -1 ? -1 : bytes.indexOf(EMBED_CLOSE, contentStart);
    if (contentEnd !== -1) {
      parts.push(bytes.subarray(copied, contentStart), Buffer.from(`#${embedded.length}`));
      embedded.push(bytes.subarray(contentStart, contentEnd));
      copied = contentEnd;
    }
    open = bytes.indexOf(EMBED_OPEN, Math.max(open + 1, copied));
  }
  parts.push(bytes.subarray(copied));
  return { skeleton: Buffer.concat(parts), embedded };
}

/** Where the text of the <embed> element starting at `open` begins; -1 for another name or an empty <embed/>. */
function embedContentStart(bytes: Buffer, open: number): number {
  const tagEnd = bytes.indexOf(TAG_END, open);
  const named = AFTER_NAME.has(bytes[open + EMBED_OPEN.length] ?? 0);
  return named && tagEnd !== -1 && bytes[tagEnd - 1] !== SLASH ? tagEnd + 1 : -1;
}

function utf8Text(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new OjsExportError(`${NOT_OJS_EXPORT}: it is not UTF-8 text.`);
  }
}

function checkWellFormed(result: true | ValidationError): void {
  if (result === true) return;
  const { line, col, msg } = result.err;
  throw new OjsExportError(
    `${NOT_OJS_EXPORT}: it is not well-formed XML (line ${line}, column ${col}: ${msg}). ` +
      'A file cut short by a download or an upload limit reads so.',
  );
}

const XML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const ENTITY = /&(?:#(\d{1,7})|#x([\da-f]{1,6})|(lt|gt|amp|quot|apos));/gi;

/** The five entities XML defines and character references; a DOCTYPE's own entities are never expanded. */
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (reference, decimal?: string, hex?: string, name?: string) => {
    if (name) return XML_ENTITIES[name]!;
    const codePoint = decimal ? Number(decimal) : parseInt(hex!, 16);
    return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : reference;
  });
}

const PARSER_OPTIONS: X2jOptions = {
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  alwaysCreateTextNode: true,
  // Every element a list, so one author and three read alike.
  isArray: (_name, _path, _isLeaf, isAttribute) => !isAttribute,
  // Values stay text: "0005" is a page, an ORCID iD ends in X, a volume may be "IV".
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  tagValueProcessor: (_name, value) => decodeEntities(value),
  attributeValueProcessor: (_name, value) => decodeEntities(value),
  ignoreDeclaration: true,
  ignorePiTags: true,
};

const ROOT_HINTS: Record<string, string> = {
  articles:
    ' It is an export of articles: export the issues instead, so that they come with their volumes and numbers.',
  article: ' It is an export of an article: export its issue instead, so that it comes with its volume and number.',
};

function issuesOf(document: XmlElement): XmlElement[] {
  const rootNames = Object.keys(document);
  const rootName = rootNames[0] ?? '';
  const roots = childrenOf(document, rootName);
  const root = roots[0];
  if (rootNames.length !== 1 || roots.length !== 1 || !root) {
    throw new OjsExportError(`${NOT_OJS_EXPORT}: it has no single root element.`);
  }
  const namespace = attributeOf(root, 'xmlns');
  if ((rootName !== 'issues' && rootName !== 'issue') || namespace !== OJS_NAMESPACE) {
    throw new OjsExportError(
      `${NOT_OJS_EXPORT}: its root element is <${rootName}>${namespace ? ` in the namespace ${namespace}` : ''}, ` +
        `where an export of issues has <issues> or <issue> in the namespace ${OJS_NAMESPACE}.` +
        (ROOT_HINTS[rootName] ?? ''),
    );
  }
  return rootName === 'issue' ? [root] : childrenOf(root, 'issue');
}

import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { ValidationError, X2jOptions } from 'fast-xml-parser';
import { OJS_2_DOCTYPE, withoutKnownDoctype } from '../xml-doctype.js';
import { readExportMarkup, type EmbeddedText } from './ojs-embeds.js';
import { attributeOf, childrenOf, type XmlElement } from './xml-element.js';

/**
 * The largest export read. It is read as a stream: its embedded files are never held (ojs-embeds.ts), and the rest,
 * its markup, is parsed whole, so the markup has a bound of its own. OJS exports any selection of issues, so a larger
 * journal is moved in several files.
 */
export const MAX_OJS_XML_BYTES = 512 * 1_048_576;
/**
 * The most markup (all but the embedded files) an export may hold: parsed, 8 MB became about 35 MB of objects, and the
 * server's memory bar is 256 MB. Some 250-500 articles with their references.
 */
export const MAX_OJS_MARKUP_BYTES = 8 * 1_048_576;
const OJS_NAMESPACE = 'http://pkp.sfu.ca';
export const NOT_OJS_EXPORT = 'This file is not an Open Journal Systems Native XML export';

/** The file as a whole cannot be read as an export; the message says why, for the person importing. */
export class OjsExportError extends Error {}

/**
 * The two families of Native XML: OJS 3 (its namespace; 3.0-3.1 keep the metadata in <article>, 3.2 and later in
 * <publication>), and OJS 2.4 (native.dtd, no namespace: <section> elements hold the articles).
 */
export type OjsGeneration = '3' | '2.4';

export interface OjsXml {
  generation: OjsGeneration;
  /** The <issue> elements, from an <issues> root or an <issue> one. */
  issues: XmlElement[];
  /** Where the base64 text of each <embed> lies in the file, by the index that element's text names as "#n". */
  embedded: EmbeddedText[];
}

export async function loadOjsXml(file: string): Promise<OjsXml> {
  const { markup, embedded } = await readWithinLimits(file);
  // OJS 2.4's DOCTYPE, which readOjsNativeXml let pass, never reaches the parser.
  const text = withoutKnownDoctype(utf8Text(markup), [OJS_2_DOCTYPE]);
  const { XMLParser, XMLValidator } = await import('fast-xml-parser');
  checkWellFormed(XMLValidator.validate(text));
  return { ...issuesOf(new XMLParser(PARSER_OPTIONS).parse(text) as XmlElement), embedded };
}

const SPLIT_EXPORT =
  'export the issues in several files (OJS: Tools > Import/Export > Native XML Plugin > Export Issues).';

async function readWithinLimits(file: string) {
  const name = path.basename(file);
  try {
    const { size } = await stat(file);
    if (size > MAX_OJS_XML_BYTES) {
      throw new OjsExportError(
        `${name} is ${megabytes(size)} MB; an export is read up to ${megabytes(MAX_OJS_XML_BYTES)} MB: ${SPLIT_EXPORT}`,
      );
    }
    return await readExportMarkup(file, {
      maxMarkupBytes: MAX_OJS_MARKUP_BYTES,
      tooLarge: () =>
        new OjsExportError(
          `${name} holds more than ${megabytes(MAX_OJS_MARKUP_BYTES)} MB of records besides its embedded files, ` +
            `the most an export may hold: ${SPLIT_EXPORT}`,
        ),
    });
  } catch (error) {
    if (error instanceof OjsExportError) throw error;
    throw new OjsExportError(`The file ${file} could not be read: ${(error as Error).message}`);
  }
}

const megabytes = (bytes: number) => Math.ceil(bytes / 1_048_576);

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
const OJS_2_ARTICLES =
  `${NOT_OJS_EXPORT} of issues: it is an OJS 2.4 export of articles, which names no issue (no volume, number or ` +
  'year). Export the issues instead (OJS 2.4: Import/Export Data > Articles & Issues XML Plugin > Export Issues).';

/** The issues of an export and its generation, told by its root: <issues> or <issue>, in OJS's namespace or none. */
function issuesOf(document: XmlElement): Omit<OjsXml, 'embedded'> {
  const rootNames = Object.keys(document);
  const rootName = rootNames[0] ?? '';
  const roots = childrenOf(document, rootName);
  const root = roots[0];
  if (rootNames.length !== 1 || roots.length !== 1 || !root) {
    throw new OjsExportError(`${NOT_OJS_EXPORT}: it has no single root element.`);
  }
  const namespace = attributeOf(root, 'xmlns');
  const isIssues = rootName === 'issues' || rootName === 'issue';
  if (!namespace && (rootName === 'articles' || rootName === 'article')) throw new OjsExportError(OJS_2_ARTICLES);
  if (!isIssues || (namespace !== OJS_NAMESPACE && namespace !== '')) {
    throw new OjsExportError(
      `${NOT_OJS_EXPORT}: its root element is <${rootName}>${namespace ? ` in the namespace ${namespace}` : ''}, ` +
        `where an export of issues has <issues> or <issue>, in the namespace ${OJS_NAMESPACE} (OJS 3) or in none ` +
        '(OJS 2.4).' +
        (namespace === OJS_NAMESPACE ? (ROOT_HINTS[rootName] ?? '') : ''),
    );
  }
  return {
    generation: namespace ? '3' : '2.4',
    issues: rootName === 'issue' ? [root] : childrenOf(root, 'issue'),
  };
}

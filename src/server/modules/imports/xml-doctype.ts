import fs from 'node:fs';

/**
 * Every XML document the product reads (an Open Journal Systems export; the parts of an XLSX spreadsheet) is refused
 * when it declares a document type. None of them needs one, and a DOCTYPE is how entities come in: external ones,
 * which would read the server's files or call addresses the document names, and nested ones, which multiply (the
 * "billion laughs"). The parsers each do something else with one (fast-xml-parser throws on an external entity,
 * read-excel-file skips the declaration), so each document's start is looked at before any parser sees it, and one
 * refusal names the declaration. A DOCTYPE stands in the prolog, before the first element, so the start is enough.
 */
export const XML_HEAD_BYTES = 64 * 1024;

const PROLOG_PART = /\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->/y;
const SHOWN_CHARACTERS = 100;

/**
 * Where the prolog of an XML document ends: at its first markup that is neither a comment nor a processing
 * instruction (the DOCTYPE, or the root element), after a byte order mark; -1 when `text` ends before, which it does
 * when it is the start of a document cut inside its prolog.
 */
function prologEnd(text: string): number {
  let at = text.startsWith('\uFEFF') ? 1 : 0;
  PROLOG_PART.lastIndex = at;
  while (PROLOG_PART.test(text)) at = PROLOG_PART.lastIndex;
  const unended = text.startsWith('<?', at) || text.startsWith('<!--', at);
  return at < text.length && !unended ? at : -1;
}

/** The name, external identifier and internal subset of a DOCTYPE, to its closing ">" (its first 4,000 characters). */
const DECLARATION = /^<!DOCTYPE(?:[^[>]|\[[^\]]*\])*>?/i;

/** Where the DOCTYPE declaration of an XML document stands and what it says; null when it has none. */
function declarationOf(text: string): { start: number; end: number; text: string } | null {
  const start = prologEnd(text);
  const declaration = start === -1 ? undefined : DECLARATION.exec(text.slice(start, start + 4000))?.[0];
  return declaration ? { start, end: start + declaration.length, text: declaration } : null;
}

/**
 * The one DOCTYPE an import takes: OJS 2.4 wrote it at the head of every Native XML export, naming its DTD by a public
 * identifier. It is matched whole, with no internal subset (where entities would be declared), and then cut out
 * before the parser runs (withoutKnownDoctype): its DTD is never fetched or read, and no entity but XML's own is ever
 * expanded (decision 118).
 */
export const OJS_2_DOCTYPE =
  /^<!DOCTYPE (issues|issue|articles|article) PUBLIC "-\/\/PKP\/\/OJS Articles and Issues XML\/\/EN" "http:\/\/pkp\.sfu\.ca\/ojs\/dtds\/2\.4\/native\.dtd" ?>$/;

const isKnown = (declaration: string, known: readonly RegExp[]) =>
  known.some((pattern) => pattern.test(declaration.replace(/\s+/g, ' ')));

/**
 * Why an import refuses the XML document that starts with `head` (its first XML_HEAD_BYTES bytes, or all of a shorter
 * one), or null. `what` names the document: "The file". A document whose prolog goes on past the head cannot be
 * looked at, and is refused too; one that ends inside its prolog is not XML, which its parser says. A declaration
 * matching one of `known` (OJS_2_DOCTYPE for an OJS export) is taken.
 */
export function prologRefusal(what: string, head: Buffer, known: readonly RegExp[] = []): string | null {
  const text = head.toString('utf8');
  if (prologEnd(text) === -1)
    return head.length < XML_HEAD_BYTES
      ? null
      : `${what} has no element in its first ${XML_HEAD_BYTES / 1024} KB, where an XML document has its root element`;
  const declaration = declarationOf(text);
  if (!declaration || isKnown(declaration.text, known)) return null;
  const line = declaration.text.replace(/\s+/g, ' ');
  const doctype = line.length > SHOWN_CHARACTERS ? `${line.slice(0, SHOWN_CHARACTERS)}…` : line;
  return doctype
    ? `${what} declares a DOCTYPE (${doctype}); documents with a DOCTYPE are refused. ` +
        'Export it again without one, or remove the declaration.'
    : null;
}

/**
 * The document with its DOCTYPE cut out when the declaration is one of `known` (which prologRefusal let pass), so
 * that no parser ever sees it; the document as it is otherwise.
 */
export function withoutKnownDoctype(text: string, known: readonly RegExp[]): string {
  const declaration = declarationOf(text);
  return declaration && isKnown(declaration.text, known)
    ? text.slice(0, declaration.start) + text.slice(declaration.end)
    : text;
}

/** The first XML_HEAD_BYTES bytes of a file; none when it cannot be read, which its reader then reports. */
export async function fileHead(file: string): Promise<Buffer> {
  const handle = await fs.promises.open(file).catch(() => null);
  if (!handle) return Buffer.alloc(0);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(XML_HEAD_BYTES), 0, XML_HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

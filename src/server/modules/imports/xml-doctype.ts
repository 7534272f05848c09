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

/** The DOCTYPE declaration of an XML document, as a message shows it (long ones shortened); null when it has none. */
function doctypeOf(text: string): string | null {
  const at = prologEnd(text);
  const declaration = at === -1 ? null : DECLARATION.exec(text.slice(at, at + 4000))?.[0].replace(/\s+/g, ' ');
  if (!declaration) return null;
  return declaration.length > SHOWN_CHARACTERS ? `${declaration.slice(0, SHOWN_CHARACTERS)}…` : declaration;
}

/**
 * Why an import refuses the XML document that starts with `head` (its first XML_HEAD_BYTES bytes, or all of a shorter
 * one), or null. `what` names the document: "The file". A document whose prolog goes on past the head cannot be
 * looked at, and is refused too; one that ends inside its prolog is not XML, which its parser says.
 */
export function prologRefusal(what: string, head: Buffer): string | null {
  const text = head.toString('utf8');
  if (prologEnd(text) === -1)
    return head.length < XML_HEAD_BYTES
      ? null
      : `${what} has no element in its first ${XML_HEAD_BYTES / 1024} KB, where an XML document has its root element`;
  const doctype = doctypeOf(text);
  return doctype
    ? `${what} declares a DOCTYPE (${doctype}); documents with a DOCTYPE are refused. ` +
        'Export it again without one, or remove the declaration.'
    : null;
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

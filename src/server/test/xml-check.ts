import { execFileSync } from 'node:child_process';

/** xmllint's exit status when an XPath expression selects nothing. */
const EMPTY_XPATH_RESULT = 10;

/** Runs xmllint (Debian's libxml2-utils) on a document given on standard input, never fetching anything. */
function xmllint(xml: string, args: string[]): string {
  try {
    return execFileSync('xmllint', ['--nonet', ...args, '-'], {
      input: xml,
      encoding: 'utf8',
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  } catch (error) {
    const { stderr, code, status } = error as { stderr?: string; code?: string; status?: number };
    if (code === 'ENOENT') throw new Error('xmllint is missing: apt-get install libxml2-utils');
    if (status === EMPTY_XPATH_RESULT && args[0] === '--xpath') return '';
    throw new Error(`xmllint refused the document: ${stderr ?? String(error)}`);
  }
}

/** Throws with xmllint's message unless the document is well-formed XML. */
export function assertWellFormed(xml: string): void {
  xmllint(xml, ['--noout']);
}

/**
 * What an XPath expression selects, one line per node: text, a string or number, or an element as xmllint
 * writes it again (on one line, as the site writes its elements). Elements are named by local-name(), as
 * xmllint binds no namespace prefixes.
 */
export function xpathValues(xml: string, expression: string): string[] {
  return xmllint(xml, ['--xpath', expression])
    .split('\n')
    .filter((line) => line !== '');
}

/** Local name and namespace of the root element. */
export function rootElement(xml: string): { name: string; namespace: string } {
  const [name = '', namespace = ''] = (
    xpathValues(xml, "concat(local-name(/*), ' ', namespace-uri(/*))")[0] ?? ''
  ).split(' ');
  return { name, namespace };
}

/** The path of elements with these local names from the root, e.g. el('feed', 'entry'). */
export const el = (...names: string[]) => names.map((name) => `/*[local-name()='${name}']`).join('');

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The text of each child element `name` of an element as xpathValues returns it (no namespace prefixes, no nesting). */
export function childTexts(element: string, name: string): string[] {
  return [...element.matchAll(new RegExp(`<${name}(?:\\s[^>]*)?>([^<]*)</${name}>`, 'g'))].map(([, text]) =>
    text!.replace(/&(amp|lt|gt|quot|apos);/g, (_, entity: string) => ENTITIES[entity]!),
  );
}

/** The value of attribute `name` of the first child element `child` of a written element. */
export function childAttribute(element: string, child: string, name: string): string | undefined {
  return new RegExp(`<${child}\\s[^>]*?${name}="([^"]*)"`).exec(element)?.[1]?.replaceAll('&amp;', '&');
}

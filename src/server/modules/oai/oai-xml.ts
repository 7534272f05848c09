/**
 * The XML of OAI-PMH answers, written as text: every value passes through `escapeXml`, and element and
 * attribute names are always constants of this module and its callers.
 */

const SPECIAL: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\r': '&#13;' };
const SPECIAL_CHARACTER = /[&<>"\r]/g;
/* eslint-disable no-control-regex -- these are the characters XML forbids */
/** What XML 1.0 cannot carry even escaped: control characters other than tab and line ends, lone surrogates, U+FFFE/U+FFFF. */
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/* eslint-enable no-control-regex */

/** Text safe inside an element or a double-quoted attribute; characters XML cannot carry are left out. */
function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(SPECIAL_CHARACTER, (character) => SPECIAL[character]!);
}

export type Attributes = Record<string, string | number | undefined>;

const attributeText = (attributes: Attributes) =>
  Object.entries(attributes)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${escapeXml(String(value))}"`)
    .join('');

/** An element holding escaped text. */
export const textElement = (name: string, text: string | number, attributes: Attributes = {}) =>
  `<${name}${attributeText(attributes)}>${escapeXml(String(text))}</${name}>`;

/** An element holding XML this module or its callers wrote. */
export const parentElement = (name: string, children: string, attributes: Attributes = {}) =>
  `<${name}${attributeText(attributes)}>${children}</${name}>`;

const OAI_NAMESPACE = 'http://www.openarchives.org/OAI/2.0/';
const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';

/** A whole answer: the response date, the request it answers, and the verb's element or the errors. */
export function oaiDocument(
  responseDate: string,
  request: { baseUrl: string; attributes: Attributes },
  body: string,
): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    parentElement(
      'OAI-PMH',
      textElement('responseDate', responseDate) + textElement('request', request.baseUrl, request.attributes) + body,
      {
        xmlns: OAI_NAMESPACE,
        'xmlns:xsi': XSI_NAMESPACE,
        'xsi:schemaLocation': `${OAI_NAMESPACE} http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd`,
      },
    ) +
    '\n'
  );
}

export const OAI_DC = {
  prefix: 'oai_dc',
  schema: 'http://www.openarchives.org/OAI/2.0/oai_dc.xsd',
  namespace: 'http://www.openarchives.org/OAI/2.0/oai_dc/',
} as const;

/** Unqualified Dublin Core: each element name with its values, in order; empty values are left out. */
export function dublinCore(fields: [element: string, values: string[]][]): string {
  const elements = fields.flatMap(([name, values]) =>
    values.filter(Boolean).map((value) => textElement(`dc:${name}`, value)),
  );
  return parentElement('oai_dc:dc', elements.join(''), {
    'xmlns:oai_dc': OAI_DC.namespace,
    'xmlns:dc': 'http://purl.org/dc/elements/1.1/',
    'xmlns:xsi': XSI_NAMESPACE,
    'xsi:schemaLocation': `${OAI_DC.namespace} ${OAI_DC.schema}`,
  });
}

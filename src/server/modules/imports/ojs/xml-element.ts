/**
 * An element as the parser gives it (ojs-xml.ts): every child element under its name as a list, attributes under
 * "@name", text under "#text". The helpers read a missing part as empty, as an optional element of the schema is.
 */
export type XmlElement = { readonly [key: string]: unknown };

export const childrenOf = (element: XmlElement | undefined, name: string): XmlElement[] => {
  const children = element?.[name];
  return Array.isArray(children) ? (children as XmlElement[]) : [];
};

export const childOf = (element: XmlElement | undefined, name: string): XmlElement | undefined =>
  childrenOf(element, name)[0];

export const attributeOf = (element: XmlElement | undefined, name: string): string => {
  const value = element?.[`@${name}`];
  return typeof value === 'string' ? value.trim() : '';
};

export const textOf = (element: XmlElement | undefined): string => {
  const text = element?.['#text'];
  return typeof text === 'string' ? text.trim() : '';
};

/** The text of a child element, '' when there is none. */
export const childText = (element: XmlElement | undefined, name: string): string => textOf(childOf(element, name));

/**
 * The one of several localised elements (one per locale, as OJS writes them) in `locale`: else the one without a
 * locale (which OJS reads as the primary one), else the first.
 */
export function inLocale(elements: XmlElement[], locale: string): XmlElement | undefined {
  return (
    elements.find((element) => attributeOf(element, 'locale') === locale) ??
    elements.find((element) => attributeOf(element, 'locale') === '') ??
    elements[0]
  );
}

/** The text of the localised children `name` in `locale` (see inLocale). */
export const localisedText = (element: XmlElement | undefined, name: string, locale: string): string =>
  textOf(inLocale(childrenOf(element, name), locale));

/** The locales, other than `locale`, in which the children `name` have text: translations this product cannot keep. */
export const otherLocales = (element: XmlElement | undefined, name: string, locale: string): string[] =>
  childrenOf(element, name)
    .filter((child) => textOf(child) !== '')
    .map((child) => attributeOf(child, 'locale'))
    .filter((childLocale) => childLocale !== '' && childLocale !== locale);

/** The `<id type="...">` children of an element, by type: "internal", "public", "doi" and any a plugin adds. */
export const identifiersOf = (element: XmlElement | undefined): Map<string, string> =>
  new Map(childrenOf(element, 'id').map((id) => [attributeOf(id, 'type') || 'internal', textOf(id)]));

import { parseOrcid, type Author } from '../../../../common/authors.js';
import { attributeOf, childOf, childrenOf, childText, localisedText, type XmlElement } from './xml-element.js';

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** OJS keeps a country as its ISO 3166-1 code; this product keeps the English name its pages show. */
const countryName = (code: string) => (/^[A-Z]{2}$/i.test(code) ? countryNames.of(code.toUpperCase())! : code);

/** The authors of a version in their `seq` order, exactly one of them corresponding. */
export const authorsOf = (publication: XmlElement, locale: string): Author[] =>
  authorsFrom(
    childrenOf(childOf(publication, 'authors'), 'author'),
    attributeOf(publication, 'primary_contact_id'),
    locale,
  );

/** <author> elements in their `seq` order (their order when they have none, as before OJS 3.2), one corresponding. */
export function authorsFrom(authors: XmlElement[], primaryContactId: string, locale: string): Author[] {
  const elements = authors.toSorted((first, second) => sequenceOf(first) - sequenceOf(second));
  const corresponding = correspondingIndex(elements, primaryContactId);
  return elements.map((element, index) => authorOf(element, index === corresponding, locale));
}

const sequenceOf = (author: XmlElement) => Number(attributeOf(author, 'seq')) || 0;

/** The primary contact: flagged on the author, else named by the version's primary_contact_id, else the first. */
function correspondingIndex(authors: XmlElement[], primaryContactId: string): number {
  const flagged = authors.findIndex((author) => ['true', '1'].includes(attributeOf(author, 'primary_contact')));
  if (flagged !== -1) return flagged;
  return Math.max(
    0,
    authors.findIndex((author) => primaryContactId !== '' && attributeOf(author, 'id') === primaryContactId),
  );
}

/**
 * The given and family names: <givenname> and <familyname> in the article's locale (OJS 3.1 and later), else
 * <firstname>, <middlename> and <lastname> (OJS 2.4 and 3.0), the middle name kept with the given name.
 */
function namesOf(element: XmlElement, locale: string): [given: string, family: string] {
  const given = localisedText(element, 'givenname', locale);
  const family = localisedText(element, 'familyname', locale);
  if (given || family) return [given, family];
  const first = [childText(element, 'firstname'), childText(element, 'middlename')].filter(Boolean).join(' ');
  return [first, childText(element, 'lastname')];
}

function authorOf(element: XmlElement, corresponding: boolean, locale: string): Author {
  const [given, family] = namesOf(element, locale);
  // One name (a mononym, or an organisation, which OJS writes as a given name) is a family name here: it is required.
  const names = family ? { given_name: given, family_name: family } : { given_name: '', family_name: given };
  return {
    ...names,
    affiliation: affiliationOf(element, locale),
    country: countryName(childText(element, 'country')),
    orcid: orcidOf(element),
    email: childText(element, 'email'),
    corresponding,
  };
}

/**
 * OJS 3.3 and 3.4 write one <affiliation> per locale; 3.5 and later one per affiliation, each with a <name> per locale
 * (and <rorAffiliation> for those chosen from ROR). Several affiliations are joined into the one line kept here.
 */
function affiliationOf(author: XmlElement, locale: string): string {
  const structured = [...childrenOf(author, 'affiliation'), ...childrenOf(author, 'rorAffiliation')].filter(
    (affiliation) => childrenOf(affiliation, 'name').length > 0,
  );
  if (structured.length === 0) return localisedText(author, 'affiliation', locale);
  return structured
    .map((affiliation) => localisedText(affiliation, 'name', locale))
    .filter(Boolean)
    .join('; ');
}

/**
 * The bare iD of the author's ORCID iD (OJS writes its https://orcid.org/ address). One that is not valid stays as
 * written, for the import's check to name with the forms' own message.
 */
function orcidOf(author: XmlElement): string {
  const written = childText(author, 'orcid');
  return written ? (parseOrcid(written) ?? written) : '';
}

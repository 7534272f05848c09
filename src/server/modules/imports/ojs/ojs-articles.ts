import type { Author } from '../../../../common/authors.js';
import { normaliseDoi } from '../../../../common/doi.js';
import { textOf as htmlText } from '../../../../common/html.js';
import type { ImportedArticle } from '../import-plan.js';
import { authorsOf } from './ojs-authors.js';
import { dateOf, licenceOf, pageRange } from './ojs-fields.js';
import { articlePdf } from './ojs-galleys.js';
import { problem, report, reportFields, reportTranslations, type ReadContext } from './read-context.js';
import {
  attributeOf,
  childOf,
  childrenOf,
  childText,
  identifiersOf,
  inLocale,
  localisedText,
  otherLocales,
  textOf,
  type XmlElement,
} from './xml-element.js';

/** The issue an article is read in. */
export interface IssueSource {
  record: string;
  sections: XmlElement[];
  /** YYYY-MM-DD or '': the publish date of an article whose version has none. */
  datePublished: string;
}

/** An <article> of an issue as the plan's article; null, a problem of the plan, when it has no version or no OJS id. */
export function articleOf(article: XmlElement, issue: IssueSource, context: ReadContext): ImportedArticle | null {
  const submissionId = identifiersOf(article).get('internal') ?? '';
  const publication = currentPublication(article);
  if (!publication) {
    problem(
      context,
      `${issue.record}, article ${submissionId}`,
      '',
      'It has no version (<publication>) or title to import.',
    );
    return null;
  }
  const locale = attributeOf(article, 'locale') || attributeOf(publication, 'locale');
  const title = fullTitle(publication, locale);
  const record = `${issue.record}, article '${shortened(htmlText(title))}'`;
  if (!/^\d+$/.test(submissionId)) {
    problem(context, record, '', 'It has no OJS submission id (<id type="internal">) to number it by.');
    return null;
  }
  const authors = authorsOf(publication, locale);
  reportLeftOut(article, publication, locale, record, context);
  return {
    record,
    refnumber: referenceNumber(article, publication, submissionId, record, context),
    title,
    authors,
    abstract: localisedText(publication, 'abstract', locale),
    keywords: keywordsOf(publication, locale),
    doi: normaliseDoi(identifiersOf(publication).get('doi') ?? ''),
    subject: sectionTitle(issue.sections, attributeOf(publication, 'section_ref'), locale),
    ...contactOf(authors),
    mobile: '',
    pagenumber: pageRange(childText(publication, 'pages')),
    txnid: `ojs-${submissionId}`,
    ptype: 'free',
    publishdate: dateOf(attributeOf(publication, 'date_published')) || issue.datePublished,
    status: shownInOjs(publication) ? 'enabled' : 'disabled',
    ...licenceOf(childText(publication, 'licenseUrl')),
    pdf: articlePdf({ article, publication, locale, record }, context),
  };
}

/**
 * The version OJS shows (its current_publication_id): the last published one (status 3), a new version being edited
 * after it being left out; else the last, as in an issue not yet published. OJS before 3.2 had no versions: its
 * <article> holds the metadata, authors and galleys itself, and stands for its one version.
 */
function currentPublication(article: XmlElement): XmlElement | undefined {
  const publications = childrenOf(article, 'publication');
  if (publications.length === 0) return childrenOf(article, 'title').length > 0 ? article : undefined;
  return publications.findLast((publication) => attributeOf(publication, 'status') === '3') ?? publications.at(-1);
}

/**
 * Whether OJS shows the version once its issue is published: published (3) or scheduled with the issue (5), or no
 * status written. A version queued (1) or declined (4) stays hidden there, so it is imported disabled.
 */
const shownInOjs = (publication: XmlElement) => ['3', '5', ''].includes(attributeOf(publication, 'status'));

/** "The Title: Subtitle", with OJS's title prefix ("The", "A") in front, as OJS shows the full title. */
function fullTitle(publication: XmlElement, locale: string): string {
  const title = [localisedText(publication, 'prefix', locale), localisedText(publication, 'title', locale)]
    .filter(Boolean)
    .join(' ');
  const subtitle = localisedText(publication, 'subtitle', locale);
  return subtitle ? `${title}: ${subtitle}` : title;
}

export const shortened = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/**
 * OJS has no reference number. The version's public id (OJS's "publisher-id", where journals keep their own article
 * numbers) is taken when it is a number, as reference numbers are; else the submission id, unique in the journal and
 * the same in every export, so reading an export twice numbers its articles alike.
 */
function referenceNumber(
  article: XmlElement,
  publication: XmlElement,
  submissionId: string,
  record: string,
  context: ReadContext,
): string {
  const publicId = identifiersOf(publication).get('public') ?? identifiersOf(article).get('public') ?? '';
  if (/^\d{1,20}$/.test(publicId)) return publicId;
  if (publicId) {
    report(
      context,
      record,
      `Its public id ${publicId} is not a number, as reference numbers are: its OJS submission id ${submissionId} is its reference number.`,
    );
  }
  return submissionId;
}

/** OJS 3.3 and 3.4 write each keyword as text; 3.5 and later as a <name> beside an optional vocabulary identifier. */
function keywordsOf(publication: XmlElement, locale: string): string {
  return childrenOf(inLocale(childrenOf(publication, 'keywords'), locale), 'keyword')
    .map((keyword) => childText(keyword, 'name') || textOf(keyword))
    .filter(Boolean)
    .join(', ');
}

function sectionTitle(sections: XmlElement[], sectionRef: string, locale: string): string {
  const section = sections.find((candidate) => attributeOf(candidate, 'ref') === sectionRef);
  return section ? localisedText(section, 'title', locale) : sectionRef;
}

/** The article's email and country are its corresponding author's, as the forms fill them. */
export function contactOf(authors: Author[]): { email: string; country: string } {
  const contact = authors.find((author) => author.corresponding);
  return { email: contact?.email ?? '', country: contact?.country ?? '' };
}

/** Metadata of a version with no field here, named as OJS's forms name it. */
const VERSION_FIELDS_LEFT_OUT: ReadonlyArray<[element: string, label: string]> = [
  ['citations', 'references'],
  ['subjects', 'subjects'],
  ['disciplines', 'disciplines'],
  ['agencies', 'supporting agencies'],
  ['languages', 'languages'],
  ['coverage', 'coverage'],
  ['type', 'type'],
  ['source', 'source'],
  ['rights', 'rights statement'],
  ['copyrightHolder', 'copyright holder'],
  ['copyrightYear', 'copyright year'],
  ['covers', 'cover image'],
];
const AUTHOR_FIELDS_LEFT_OUT: ReadonlyArray<[element: string, label: string]> = [
  ['biography', 'author biographies'],
  ['url', 'author web addresses'],
];
const IMPORTED_IDENTIFIERS = new Set(['internal', 'public', 'doi']);

function reportLeftOut(
  article: XmlElement,
  publication: XmlElement,
  locale: string,
  record: string,
  context: ReadContext,
): void {
  const versions = childrenOf(article, 'publication').length;
  if (versions > 1) {
    report(context, record, `Its ${versions - 1} other version(s) are not imported: only the current one is.`);
  }
  reportTranslations(context, record, translationsOf(publication, locale), locale);
  reportFields(context, record, fieldsLeftOut(publication));
}

function translationsOf(publication: XmlElement, locale: string): string[] {
  const keywordLocales = childrenOf(publication, 'keywords')
    .map((keywords) => attributeOf(keywords, 'locale'))
    .filter((keywordsLocale) => keywordsLocale !== '' && keywordsLocale !== locale);
  const titleLocales = ['title', 'abstract'].flatMap((name) => otherLocales(publication, name, locale));
  return [...new Set([...titleLocales, ...keywordLocales])];
}

function fieldsLeftOut(publication: XmlElement): string[] {
  const authors = childrenOf(childOf(publication, 'authors'), 'author');
  const present = (fields: ReadonlyArray<[string, string]>, holders: XmlElement[]) =>
    fields
      .filter(([element]) => holders.some((holder) => childrenOf(holder, element).length > 0))
      .map(([, label]) => label);
  const identifiers = [...identifiersOf(publication)]
    .filter(([type]) => !IMPORTED_IDENTIFIERS.has(type))
    .map(([type, value]) => `identifier ${type} ${value}`);
  return [
    ...present(VERSION_FIELDS_LEFT_OUT, [publication]),
    ...present(AUTHOR_FIELDS_LEFT_OUT, authors),
    ...identifiers,
  ];
}

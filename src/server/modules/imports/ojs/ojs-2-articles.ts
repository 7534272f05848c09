import { normaliseDoi } from '../../../../common/doi.js';
import { textOf as htmlText } from '../../../../common/html.js';
import type { ImportedArticle, ImportedFile, ImportedIssue } from '../import-plan.js';
import { contactOf, shortened } from './ojs-articles.js';
import { authorsFrom } from './ojs-authors.js';
import { dateOf, licenceOf, pageRange } from './ojs-fields.js';
import { fileContentOf } from './ojs-galleys.js';
import { report, reportFields, reportTranslations, type ReadContext } from './read-context.js';
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

/** The issue an OJS 2.4 article is read in, and its section. */
export interface IssueSource2 extends Pick<ImportedIssue, 'record' | 'year' | 'volume' | 'issue'> {
  /** The title of the article's section in a locale: its subject. */
  subject: (locale: string) => string;
  /** YYYY-MM-DD: the publish date of an article that has none. */
  datePublished: string;
  /** The article's place in its issue, from 1, in the order of the file. */
  seq: number;
}

/**
 * An OJS 2.4 <article> as the plan's article. OJS 2.4 exports no submission id: the article's public id numbers it
 * when it is a number, else its issue and place ("2010030104": 2010, volume 3, number 1, fourth article), which
 * reads alike in every export of the same issue, so an import run again finds it.
 */
export function articleOf2(article: XmlElement, issue: IssueSource2, context: ReadContext): ImportedArticle {
  const locale = attributeOf(article, 'locale');
  const title = localisedText(article, 'title', locale);
  const record = `${issue.record}, article '${shortened(htmlText(title))}'`;
  const authors = authorsFrom(childrenOf(article, 'author'), '', locale);
  const refnumber = referenceNumber(article, issue, record, context);
  const permissions = childOf(article, 'permissions');
  reportLeftOut(article, locale, record, context);
  return {
    record,
    refnumber,
    title,
    authors,
    abstract: localisedText(article, 'abstract', locale),
    // OJS 2.4 calls its keywords "subject" (indexing), written as one text.
    keywords: localisedText(childOf(article, 'indexing'), 'subject', locale),
    doi: normaliseDoi(identifiersOf(article).get('doi') ?? ''),
    subject: issue.subject(locale),
    ...contactOf(authors),
    mobile: '',
    pagenumber: pageRange(childText(article, 'pages')),
    txnid: `ojs2-${refnumber}`,
    ptype: 'free',
    publishdate: dateOf(childText(article, 'date_published')) || issue.datePublished,
    // An OJS 2.4 export holds published articles only.
    status: 'enabled',
    ...licenceOf(childText(permissions, 'license_url')),
    pdf: galleyPdf(article, locale, record, context),
  };
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

function referenceNumber(article: XmlElement, issue: IssueSource2, record: string, context: ReadContext): string {
  const publicId = attributeOf(article, 'public_id');
  if (/^\d{1,20}$/.test(publicId)) return publicId;
  const made = `${issue.year}${twoDigits(issue.volume)}${twoDigits(issue.issue)}${twoDigits(issue.seq)}`;
  const why = publicId ? `its public id ${publicId} is not a number` : 'OJS 2.4 exports no article number';
  report(context, record, `Its reference number ${made} is made from its issue and its place in it: ${why}.`);
  return made;
}

interface Galley2 {
  element: XmlElement;
  label: string;
  locale: string;
  pdf: boolean;
}

/** A galley is a PDF by its file's type, its file name or its label, as OJS 2.4 showed PDF galleys. */
function galleyOf(element: XmlElement): Galley2 {
  const file = childOf(element, 'file');
  const content = childOf(file, 'embed') ?? childOf(file, 'href');
  const label = childText(element, 'label') || 'untitled';
  const pdf =
    attributeOf(content, 'mime_type') === 'application/pdf' ||
    attributeOf(content, 'filename').toLowerCase().endsWith('.pdf') ||
    /\bpdf\b/i.test(label);
  return { element, label, locale: attributeOf(element, 'locale'), pdf };
}

/** The PDF galley in the article's language, else its first PDF galley; every other galley is reported. */
function galleyPdf(article: XmlElement, locale: string, record: string, context: ReadContext): ImportedFile | null {
  const galleys = childrenOf(article, 'galley').map(galleyOf);
  const chosen =
    galleys.find((galley) => galley.pdf && [locale, ''].includes(galley.locale)) ??
    galleys.find((galley) => galley.pdf);
  for (const galley of galleys.filter((galley) => galley !== chosen)) {
    const why = galley.pdf ? `an article here has one PDF, '${chosen?.label}'` : 'only PDF galleys are';
    report(context, record, `The galley '${galley.label}' is not imported: ${why}.`);
  }
  const html = childrenOf(article, 'htmlgalley').map((galley) => `'${childText(galley, 'label')}'`);
  if (html.length > 0) report(context, record, `Its HTML galleys are not imported: ${html.join(', ')}.`);
  if (!chosen) return null;
  const file = childOf(chosen.element, 'file');
  const name = attributeOf(childOf(file, 'embed'), 'filename') || `${chosen.label}.pdf`;
  return fileContentOf(name, file, record, context);
}

/** Metadata of an OJS 2.4 article with no field here, by the names of OJS 2.4's forms. */
const FIELDS_LEFT_OUT: ReadonlyArray<[holder: 'article' | 'indexing' | 'coverage', element: string, label: string]> = [
  ['indexing', 'discipline', 'disciplines'],
  ['indexing', 'type', 'type'],
  ['indexing', 'subject_class', 'subject classification'],
  ['coverage', 'geographical', 'geographical coverage'],
  ['coverage', 'chronological', 'chronological coverage'],
  ['coverage', 'sample', 'research sample'],
  ['article', 'sponsor', 'supporting agencies'],
  ['article', 'cover', 'cover image'],
];
const AUTHOR_FIELDS_LEFT_OUT: ReadonlyArray<[element: string, label: string]> = [
  ['url', 'author web addresses'],
  ['biography', 'author biographies'],
  ['competing_interests', 'competing interests'],
];

function reportLeftOut(article: XmlElement, locale: string, record: string, context: ReadContext): void {
  const indexing = childOf(article, 'indexing');
  const holders = { article, indexing, coverage: childOf(indexing, 'coverage') };
  const permissions = childOf(article, 'permissions');
  const authors = childrenOf(article, 'author');
  const fields = [
    ...FIELDS_LEFT_OUT.filter(([holder, element]) => childrenOf(holders[holder], element).some(hasText)).map(
      ([, , label]) => label,
    ),
    ...AUTHOR_FIELDS_LEFT_OUT.filter(([element]) =>
      authors.some((author) => childrenOf(author, element).some(hasText)),
    ).map(([, label]) => label),
    childrenOf(permissions, 'copyright_holder').some(hasText) && 'copyright holder',
    childText(permissions, 'copyright_year') && 'copyright year',
    ...[...identifiersOf(article)]
      .filter(([type]) => type !== 'doi')
      .map(([type, value]) => `identifier ${type} ${value}`),
  ].filter((field): field is string => typeof field === 'string' && field !== '');
  reportFields(context, record, fields);
  const translations = [
    ...new Set([
      ...['title', 'abstract'].flatMap((name) => otherLocales(article, name, locale)),
      ...otherLocales(indexing, 'subject', locale),
    ]),
  ];
  reportTranslations(context, record, translations, locale);
  const supplementary = childrenOf(article, 'supplemental_file').map(
    (file) => `'${textOf(inLocale(childrenOf(file, 'title'), locale)) || 'untitled'}'`,
  );
  if (supplementary.length > 0) {
    report(context, record, `Its supplementary files are not imported: ${supplementary.join(', ')}.`);
  }
}

const hasText = (element: XmlElement) => textOf(element) !== '';

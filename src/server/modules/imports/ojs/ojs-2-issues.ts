import type { ImportedArticle, ImportedIssue } from '../import-plan.js';
import { articleOf2 } from './ojs-2-articles.js';
import { dateOf } from './ojs-fields.js';
import { articleDateOf, plannedIssue } from './ojs-issues.js';
import { reportFields, type ReadContext } from './read-context.js';
import {
  attributeOf,
  childrenOf,
  childText,
  identifiersOf,
  localisedText,
  textOf,
  type XmlElement,
} from './xml-element.js';

/**
 * An OJS 2.4 <issue> (native.dtd) as the plan's issue; null, a problem of the plan, when it lacks a year, volume or
 * number. Its <section> elements hold the articles, each section's title being their subject.
 */
export function issueOf2(issue: XmlElement, position: number, context: ReadContext): ImportedIssue | null {
  const datePublished = dateOf(childText(issue, 'date_published'));
  const written = {
    year: childText(issue, 'year') || datePublished.slice(0, 4),
    volume: childText(issue, 'volume'),
    issue: childText(issue, 'number'),
  };
  const published = attributeOf(issue, 'published') === 'true';
  const planned = plannedIssue({ written, datePublished, published }, position, context);
  if (!planned) return null;
  reportLeftOut(issue, planned.record, context);
  const source = { ...planned, datePublished: articleDateOf(datePublished) };
  let seq = 0;
  planned.articles = childrenOf(issue, 'section')
    .flatMap((section) => {
      // The journal's language is the articles' (OJS 2.4 writes it on each); a section has no locale of its own.
      const subject = (locale: string) => localisedText(section, 'title', locale);
      return childrenOf(section, 'article').map((article) =>
        articleOf2(article, { ...source, subject, seq: ++seq }, context),
      );
    })
    .filter((article): article is ImportedArticle => article !== null);
  return planned;
}

function reportLeftOut(issue: XmlElement, record: string, context: ReadContext): void {
  const title = childrenOf(issue, 'title').map(textOf).find(Boolean);
  const fields = [
    title && `title '${title}'`,
    childrenOf(issue, 'description').some((description) => textOf(description) !== '') && 'description',
    childrenOf(issue, 'cover').length > 0 && 'cover image',
    childrenOf(issue, 'access_date').length > 0 && 'open access date',
    attributeOf(issue, 'public_id') && `public id ${attributeOf(issue, 'public_id')}`,
    ...[...identifiersOf(issue)].map(([type, value]) => `${type} ${value}`),
  ].filter((field): field is string => typeof field === 'string' && field !== '');
  reportFields(context, record, fields);
}

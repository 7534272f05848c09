import { ISSUE_FREQUENCIES, MAX_RECORD_ID } from '../../../../common/constants.js';
import type { ImportedArticle, ImportedIssue } from '../import-plan.js';
import { articleOf } from './ojs-articles.js';
import { dateOf } from './ojs-fields.js';
import { problem, report, reportFields, type ReadContext } from './read-context.js';
import { attributeOf, childOf, childrenOf, childText, identifiersOf, textOf, type XmlElement } from './xml-element.js';

/**
 * OJS records no frequency. The whole year ("jan-…-dec") is the one choice true of every issue; staff narrow it
 * afterwards where the journal's issues cover fewer months.
 */
export const OJS_ISSUE_FREQUENCY = ISSUE_FREQUENCIES.at(-1)!;

interface IssueNumbers {
  year: number;
  volume: number;
  issue: number;
}

/** What both generations of export say of an issue, as written. */
export interface IssueHead {
  written: Record<keyof IssueNumbers, string>;
  /** YYYY-MM-DD or ''. */
  datePublished: string;
  published: boolean;
}

/** The plan's issue but its articles; null, a problem of the plan, when it lacks a year, volume or number. */
export function plannedIssue(head: IssueHead, position: number, context: ReadContext): ImportedIssue | null {
  const record = issueRecord(head.written, position);
  const numbers = issueNumbers(head.written, record, context);
  if (!numbers) return null;
  return {
    record,
    ...numbers,
    frequency: OJS_ISSUE_FREQUENCY,
    state: head.published ? 'published' : 'draft',
    publication_date: head.datePublished,
    articles: [],
  };
}

/**
 * The publish date of an article that has none of its own: its issue's, else (an issue OJS has not published) the
 * import's day, which Publish issue replaces with the issue's publication date.
 */
export const articleDateOf = (datePublished: string) => datePublished || new Date().toISOString().slice(0, 10);

/** An OJS 3 <issue> as the plan's issue; null, a problem of the plan, when it lacks a year, volume or number. */
export function issueOf(issue: XmlElement, position: number, context: ReadContext): ImportedIssue | null {
  const identification = childOf(issue, 'issue_identification');
  const datePublished = dateOf(childText(issue, 'date_published'));
  const written = {
    year: childText(identification, 'year') || datePublished.slice(0, 4),
    volume: childText(identification, 'volume'),
    issue: childText(identification, 'number'),
  };
  const published = ['1', 'true'].includes(attributeOf(issue, 'published'));
  const planned = plannedIssue({ written, datePublished, published }, position, context);
  if (!planned) return null;
  reportLeftOut(issue, planned.record, context);
  const articles = childrenOf(childOf(issue, 'articles'), 'article');
  const sections = childrenOf(childOf(issue, 'sections'), 'section');
  const source = { record: planned.record, sections, datePublished: articleDateOf(datePublished) };
  planned.articles = articles
    .map((article) => articleOf(article, source, context))
    .filter((article): article is ImportedArticle => article !== null);
  return planned;
}

/** "issue 2024 vol 3 no 1" (as ImportNotice names records), from what the export writes. */
function issueRecord(written: Record<keyof IssueNumbers, string>, position: number): string {
  const parts = [written.year, written.volume && `vol ${written.volume}`, written.issue && `no ${written.issue}`];
  const named = parts.filter(Boolean).join(' ');
  return named ? `issue ${named}` : `issue ${position} of the file`;
}

const WHOLE_NUMBER = /^\d{1,10}$/;
/** The issue form's fields, by what OJS calls them. */
const LABELS: Record<keyof IssueNumbers, string> = { year: 'year', volume: 'volume', issue: 'number' };

/**
 * The issue's year, volume and number, which every issue here has. OJS exports only those an issue shows, so one it
 * lacks is a problem the journal fixes there: show it in the issue's identification and export again.
 */
function issueNumbers(
  written: Record<keyof IssueNumbers, string>,
  record: string,
  context: ReadContext,
): IssueNumbers | null {
  const fields = Object.keys(LABELS) as (keyof IssueNumbers)[];
  const wrong = fields.filter((field) => !WHOLE_NUMBER.test(written[field]) || Number(written[field]) > MAX_RECORD_ID);
  for (const field of wrong) {
    const message = written[field]
      ? `Its ${LABELS[field]} "${written[field]}" is not a whole number.`
      : `It has no ${LABELS[field]}: OJS exports it only when the issue shows it (its identification settings).`;
    problem(context, record, field, message);
  }
  return wrong.length > 0
    ? null
    : { year: Number(written.year), volume: Number(written.volume), issue: Number(written.issue) };
}

function reportLeftOut(issue: XmlElement, record: string, context: ReadContext): void {
  const identification = childOf(issue, 'issue_identification');
  const title = childText(identification, 'title');
  const fields = [
    title && `title '${title}'`,
    childrenOf(issue, 'description').some((description) => textOf(description) !== '') && 'description',
    childOf(issue, 'covers') && 'cover image',
    ...[...identifiersOf(issue)].filter(([type]) => type !== 'internal').map(([type, value]) => `${type} ${value}`),
  ].filter((field): field is string => typeof field === 'string' && field !== '');
  reportFields(context, record, fields);
  const galleys = childrenOf(childOf(issue, 'issue_galleys'), 'issue_galley');
  if (galleys.length > 0) {
    const labels = galleys.map((galley) => `'${childText(galley, 'label')}'`).join(', ');
    report(context, record, `Its issue galleys are not imported (articles here have galleys, issues not): ${labels}.`);
  }
}

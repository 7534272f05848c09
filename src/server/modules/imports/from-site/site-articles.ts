import { articleFileUrl } from '../../../../common/archive-links.js';
import { authorsFromLine, type Author } from '../../../../common/authors.js';
import { ARTICLE_STATUSES, PAYMENT_TYPES, type ArticleStatus, type PaymentType } from '../../../../common/constants.js';
import { normaliseDoi } from '../../../../common/doi.js';
import type { ImportedArticle } from '../import-plan.js';
import { callJson } from './site-calls.js';
import { oneArticleAnswer, type ArticleAnswer, type AuthorAnswer } from './site-answers.js';
import { problem, type SiteReadContext, type StoodIn } from './site-context.js';
import { isGone, unlikeJournalSite } from './site-errors.js';
import { siteFile } from './site-files.js';
import { dateOnly, storedHtml } from './site-text.js';

/** The issue an article is read in: its address is the article's, so old links keep working. */
export interface IssuePlace {
  record: string;
  year: number;
  volume: number;
  issue: number;
}

/** The payment type of an article whose own is not public: the forms' default (specification: Business constants). */
export const STAND_IN_PTYPE: PaymentType = 'paid';
/** The transaction id of an article whose own is not public: unique as transaction ids must be, and telling where it came from. */
export const standInTxnid = (refnumber: string) => `site-${refnumber}`;

/**
 * An article of an issue's list, completed by its own answer (GET /api/archives/ref/{ref}), which adds the abstract,
 * keywords, licence and authors. Null, a problem of the plan, when the site no longer answers for it.
 */
export async function readArticle(
  context: SiteReadContext,
  issue: IssuePlace,
  summary: ArticleAnswer,
): Promise<ImportedArticle | null> {
  const refnumber = summary.refnumber?.trim() ?? '';
  const record = `${issue.record}, article ${refnumber || `'${summary.title ?? ''}'`}`;
  if (!refnumber) {
    context.progress.called(record);
    problem(context, record, 'It has no reference number, so its own answer cannot be asked for.');
    return null;
  }
  const path = `/api/archives/ref/${encodeURIComponent(refnumber)}`;
  const details = await callJson(context.client, path, oneArticleAnswer, 'an article');
  context.progress.called(record);
  if (details.ok) return articleOf(context, issue, record, { ...summary, ...shown(details.value), refnumber });
  if (!isGone(details.status)) throw unlikeJournalSite(context.client, path, details.why);
  problem(context, record, `Its issue lists it, but GET ${path} answered ${details.why}: read the site again.`);
  return null;
}

/** The fields an answer has: a field the details lack keeps the list's value. */
const shown = (answer: ArticleAnswer): Partial<ArticleAnswer> =>
  Object.fromEntries(Object.entries(answer).filter(([, value]) => value !== undefined && value !== null));

function articleOf(
  context: SiteReadContext,
  issue: IssuePlace,
  record: string,
  answer: ArticleAnswer,
): ImportedArticle {
  const refnumber = answer.refnumber!;
  const authors = authorsOf(context, answer);
  const file = answer.file?.trim() || null;
  const address = articleFileUrl({ ...issue, refnumber, file });
  return {
    record,
    refnumber,
    title: storedHtml(answer.title ?? ''),
    authors,
    abstract: storedHtml(answer.abstract ?? ''),
    keywords: answer.keywords ?? '',
    doi: normaliseDoi(answer.doi ?? ''),
    subject: answer.subject ?? '',
    country: answer.country ?? '',
    email: contactEmail(context, answer, authors),
    // An empty mobile is a mobile the site shows: only a missing one is not public.
    mobile: answer.mobile ?? privateField(context, answer, 'mobile', ''),
    pagenumber: answer.pagenumber ?? '',
    txnid: privateField(context, answer, 'txnid', standInTxnid(refnumber)),
    ptype: paymentType(context, answer),
    publishdate: dateOnly(answer.publishdate ?? ''),
    status: ARTICLE_STATUSES.includes(answer.status as ArticleStatus) ? (answer.status as ArticleStatus) : 'enabled',
    licence_name: answer.licence_name ?? '',
    licence_url: answer.licence_url ?? '',
    pdf: file && address ? siteFile(context.client, address, file, 'pdf', context.maxFileBytes) : null,
  };
}

/** A field the site may keep from the public, or `standIn` (noted once for the plan's notice) when it shows none. */
function privateField(
  context: SiteReadContext,
  answer: ArticleAnswer,
  field: StoodIn & keyof ArticleAnswer,
  standIn: string,
) {
  const value = answer[field]?.trim();
  if (value) return value;
  context.stoodIn.add(field);
  return standIn;
}

function paymentType(context: SiteReadContext, answer: ArticleAnswer): PaymentType {
  const written = privateField(context, answer, 'ptype', STAND_IN_PTYPE).toLowerCase();
  if (PAYMENT_TYPES.includes(written as PaymentType)) return written as PaymentType;
  context.stoodIn.add('ptype');
  return STAND_IN_PTYPE;
}

/** The article's email; else, when no author's is known either, the journal's, as the forms require one. */
function contactEmail(context: SiteReadContext, answer: ArticleAnswer, authors: Author[]): string {
  // An author's email is the contact the import takes when the article has none of its own.
  if (authors.some((author) => author.email)) return answer.email?.trim() ?? '';
  return privateField(context, answer, 'email', context.journalEmail);
}

/** The structured authors when the site gives them (this server does), else the author line read with the name parser. */
function authorsOf(context: SiteReadContext, answer: ArticleAnswer): Author[] {
  if (answer.authors && answer.authors.length > 0) {
    if (answer.authors.some((author) => author.email === undefined)) context.stoodIn.add('author emails');
    return answer.authors.map(authorOf);
  }
  context.authorsFromLine += 1;
  context.stoodIn.add('author emails');
  return authorsFromLine(answer.authorname ?? '');
}

const authorOf = (author: AuthorAnswer): Author => ({
  given_name: author.given_name ?? '',
  family_name: author.family_name ?? '',
  affiliation: author.affiliation ?? '',
  country: author.country ?? '',
  orcid: author.orcid ?? '',
  email: author.email ?? '',
  corresponding: author.corresponding,
});

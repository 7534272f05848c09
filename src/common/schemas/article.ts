import { z } from './zod-config.js';
import { textOf } from '../html.js';
import { authorsSchema } from './authors.js';
import { splitAuthors } from '../citation.js';
import { ARTICLE_STATUSES, MAX_AUTHORS, PAYMENT_TYPES } from '../constants.js';
import { DOI_MESSAGE, DOI_PATTERN, normaliseDoi } from '../doi.js';
import { recordIdText } from './record-id.js';

/** Exact messages for the article forms (specification: Validation rules, Error catalogue). */
export const REF_NUMBER_MESSAGE = 'Ref number must be a valid number.';
export const PAGE_NUMBER_MESSAGE = 'Page number format must be like 1-6.';
export const pageOrderMessage = (lastPage: number) =>
  `The the first value of the page range should be one more than the last one. The last page was ${lastPage}.`;
export const PDF_ONLY_MESSAGE = 'Only PDF files can be uploaded.';
export const PDF_UNREADABLE_MESSAGE = 'The PDF file could not be read: it is damaged or has no pages.';
export const PDF_REQUIRED_MESSAGE = 'The PDF file is required.';
const MOVE_TARGET_MESSAGE = 'Issue must be one of the existing issues';

/** Server error codes of an article save and what the form shows for each; anything else is 'Something went wrong'. */
export const ARTICLE_ERROR_MESSAGES: Record<string, string> = {
  duplicate_reference_number: 'Duplicate reference number',
  duplicate_title: 'Duplicate title',
  duplicate_doi: 'Duplicate DOI',
  duplicate_txnid: 'Transaction ID Already Used',
  invalid_txnid: 'Invalid transaction id',
  invalid_pagenumber: 'Invalid page number',
};

const PAGE_RANGE = /^(\d{1,6})-(\d{1,6})$/;

/** First and last page of a 'a-b' range, or null when it is not one. */
export function pageRange(pagenumber: string): { first: number; last: number } | null {
  const match = PAGE_RANGE.exec(pagenumber.trim());
  return match ? { first: Number(match[1]), last: Number(match[2]) } : null;
}

/** The last page used in an issue, from its articles' page ranges; 0 when it has none. */
export function lastPageOf(pagenumbers: string[]): number {
  return Math.max(0, ...pagenumbers.map((value) => pageRange(value)?.last ?? 0));
}

export const countWords = (html: string) => (textOf(html) ? textOf(html).split(' ').length : 0);

const required = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
const optional = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).default('');
const html = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => textOf(value) !== '', `${label} is required`);
/** A whole number sent as form text (multipart fields are strings). */
const wholeNumber = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .regex(/^\d{1,4}$/, `${label} must be a whole number`)
    .transform(Number);
const email = z.string({ message: 'Email is required' }).trim().max(200).email('Email must be an email address');

/** The structured authors, sent by the form as a JSON list beside the author line (decision 100). */
const authorsField = z
  .string()
  .max(50_000, 'Authors must be at most 50000 characters')
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'Authors must be a list' });
      return z.NEVER;
    }
  })
  .pipe(authorsSchema)
  .optional();

const articleFields = {
  authors: authorsField,
  refnumber: z
    .string({ message: REF_NUMBER_MESSAGE })
    .trim()
    .regex(/^\d{1,20}$/, REF_NUMBER_MESSAGE),
  title: html('Title', 5000),
  authorname: required('Author names', 2000).refine(
    (names) => splitAuthors(names).length <= MAX_AUTHORS,
    `Author names must list at most ${MAX_AUTHORS} authors, separated by commas`,
  ),
  abstract: html('Abstract', 200_000),
  keywords: optional('Keywords', 2000),
  doi: z
    .string()
    .max(300, 'DOI must be at most 300 characters')
    .default('')
    .transform(normaliseDoi)
    .refine((value) => value === '' || DOI_PATTERN.test(value), DOI_MESSAGE),
  subject: optional('Subject', 200),
  country: optional('Country', 100),
  mobile: optional('Mobile', 40),
  pagenumber: z
    .string({ message: PAGE_NUMBER_MESSAGE })
    .trim()
    .regex(PAGE_RANGE, PAGE_NUMBER_MESSAGE)
    .refine((value) => {
      const range = pageRange(value);
      return !range || range.first <= range.last;
    }, 'The first page must not be after the last page.'),
  txnid: required('Transaction ID', 100).regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'Invalid transaction id'),
  ptype: z.enum(PAYMENT_TYPES, { message: 'Payment type must be paid or free' }),
  publishdate: z
    .string({ message: 'Publication date is required' })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Publication date must be a date (YYYY-MM-DD)')
    .refine((value) => !Number.isNaN(Date.parse(value)), 'Publication date must be a real date'),
};

/** Fields of POST /api/admin/archives/ (multipart, with the issue it belongs to; pdfFile required). */
export const articleAddSchema = z.object({
  ...articleFields,
  email: z.string({ message: 'Email is required' }).trim().min(1, 'Email is required').pipe(email),
  year: wholeNumber('Year'),
  volume: wholeNumber('Volume'),
  issue: wholeNumber('Issue'),
});
export type ArticleAddInput = z.infer<typeof articleAddSchema>;

/** Fields of POST /api/archives/{id} (multipart; pdfFile optional; the status can be switched). */
export const articleEditSchema = z.object({
  ...articleFields,
  email: z.union([z.literal(''), email]).default(''),
  status: z.enum(ARTICLE_STATUSES, { message: 'Status must be enabled or disabled' }).default('enabled'),
  /** The issue to move the article to; its PDF moves with it. Absent: it stays where it is. */
  issue_id: recordIdText({ invalid: MOVE_TARGET_MESSAGE, tooLarge: MOVE_TARGET_MESSAGE }).optional(),
});
export type ArticleEditInput = z.infer<typeof articleEditSchema>;

export const ARTICLE_DELETED_MESSAGE = 'Article deleted';
export const ARTICLE_UPDATED_MESSAGE = 'Article updated: its page and download page show the changes.';
export const MOVE_TARGET_MISSING_MESSAGE = `issue_id: ${MOVE_TARGET_MESSAGE}`;

export const licenceAppliedMessage = (articles: number) =>
  `The licence now applies to ${articles} existing article${articles === 1 ? '' : 's'}.`;

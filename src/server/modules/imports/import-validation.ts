import { authorLine, type Author } from '../../../common/authors.js';
import type { EditorCategory, EditorStatus, IssueState } from '../../../common/constants.js';
import { articleAddSchema, articleEditSchema } from '../../../common/schemas/article.js';
import { editorInputSchema } from '../../../common/schemas/editor-input.js';
import { indexingInputSchema } from '../../../common/schemas/indexing.js';
import { issueCreateSchema, issueInputSchema, publishIssueSchema } from '../../../common/schemas/issue.js';
import { settingsInputSchema } from '../../../common/schemas/settings.js';
import { textProblems } from '../../../common/schemas/text-characters.js';
import { z } from '../../../common/schemas/zod-config.js';
import type { SettingsTable } from '../../db/schema.js';
import { sanitizeRichText, sanitizeTitle, toPlainText } from '../../storage/sanitize.js';
import {
  ARTICLE_FIELDS,
  type ImportedArticle,
  type ImportedEditor,
  type ImportedIndexingEntry,
  type ImportedIssue,
  type ImportProblem,
} from './import-plan.js';
import { fieldWords } from '../../../common/field-words.js';

/**
 * The checks of the forms, applied to the records of a plan (decision 102): the forms' own schemas and messages, then
 * what the services do to a value before they store it. Each check gives the values as they would be stored, or the
 * problems that keep the record out.
 */
export type Checked<T> = { value: T; problems: [] } | { value: null; problems: ImportProblem[] };

const valid = <T>(value: T): Checked<T> => ({ value, problems: [] });
const refused = <T>(problems: ImportProblem[]): Checked<T> => ({ value: null, problems });

/** A field as the report names it: the API's path, with authors numbered from 1 as people count them. */
function fieldName(path: readonly PropertyKey[]): string {
  return path.map((part, i) => (path[0] === 'authors' && i === 1 ? Number(part) + 1 : String(part))).join('.');
}

/** What a problem says of its field to a person: the field in words, an author by place and name, the value given. */
function described(path: readonly PropertyKey[], values: object): { label: string; value?: string } {
  const [first, index, key] = path;
  const authors = (values as { authors?: unknown }).authors;
  if (first === 'authors' && typeof index === 'number' && Array.isArray(authors)) {
    const author = (authors[index] ?? {}) as Partial<Author>;
    const name = [author.given_name, author.family_name].filter(Boolean).join(' ');
    const label = `author ${index + 1}${name ? ` (${name})` : ''}${key === undefined ? '' : `, ${fieldWords(key)}`}`;
    return { label, ...givenValue(key === undefined ? undefined : (author as Record<string, unknown>)[String(key)]) };
  }
  return { label: fieldWords(first ?? ''), ...givenValue((values as Record<string, unknown>)[String(first)]) };
}

const givenValue = (value: unknown) =>
  (typeof value === 'string' && value.trim() !== '') || typeof value === 'number' ? { value: String(value) } : {};

/** The first problem of each field, as a form shows one at a time (a later check may repeat an earlier one). */
function problemsOf(record: string, error: z.ZodError, values: object = {}): ImportProblem[] {
  const byField = new Map<string, ImportProblem>();
  for (const issue of error.issues) {
    const field = fieldName(issue.path);
    if (byField.has(field)) continue;
    const { label, value } = described(issue.path, values);
    // A label that only repeats the field's name adds nothing.
    byField.set(field, {
      record,
      field,
      message: issue.message,
      ...(label !== field && { label }),
      ...(value !== undefined && { value }),
    });
  }
  return [...byField.values()];
}

/**
 * The rule every input keeps, typed or imported (text-characters.ts: no NUL, no lone surrogate), applied to the values
 * of a record, key by key: a form's schema never sees such text, because the text guard refuses it before a route
 * runs. Its problems come first and stand for their fields; the record's own checks report the other fields.
 */
function withCharacterRule<T>(record: string, values: object, checked: Checked<T>): Checked<T> {
  const problems = textProblems(values).map(({ path, message }) => ({ record, field: fieldName(path), message }));
  if (!problems.length) return checked;
  const named = new Set(problems.map((problem) => problem.field));
  return refused([...problems, ...checked.problems.filter((problem) => !named.has(problem.field))]);
}

export interface CleanIssue {
  year: number;
  volume: number;
  issue: number;
  frequency: string;
  state: Exclude<IssueState, 'scheduled'>;
  /** '' when the plan gives none. */
  publication_date: string;
}

const issueRecordSchema = issueInputSchema.extend({
  state: issueCreateSchema.shape.state,
  publication_date: publishIssueSchema.shape.publication_date,
});

export function checkIssue(issue: ImportedIssue): Checked<CleanIssue> {
  const { record, articles: _articles, ...values } = issue;
  return withCharacterRule(record, values, checkIssueFields(issue));
}

function checkIssueFields(issue: ImportedIssue): Checked<CleanIssue> {
  const parsed = issueRecordSchema.safeParse({
    year: issue.year,
    volume: issue.volume,
    issue: issue.issue,
    frequency: issue.frequency,
    state: issue.state,
    publication_date: issue.publication_date || undefined,
  });
  if (!parsed.success) return refused(problemsOf(issue.record, parsed.error, issue));
  const { state = 'published', publication_date = '', ...numbers } = parsed.data;
  return valid({ ...numbers, state, publication_date });
}

/** An article's columns and authors as the article service stores them; the derived columns come at the insert. */
export type CleanArticle = Pick<ImportedArticle, 'refnumber' | 'authors' | (typeof ARTICLE_FIELDS)[number]> & {
  authorname: string;
};

/** The add form's fields but the issue's numbers, which the plan's issue carries and checkIssue checks. */
const articleFieldsSchema = articleAddSchema.omit({ year: true, volume: true, issue: true });
const articleExtraSchema = z.object({
  status: articleEditSchema.shape.status,
  licence_name: settingsInputSchema.shape.licence_name,
  licence_url: settingsInputSchema.shape.licence_url,
});

/** The article's email, or its corresponding author's (the first when none is marked) when it has none. */
export const contactEmail = (article: Pick<ImportedArticle, 'email' | 'authors'>): string =>
  article.email.trim() || (article.authors.find((author) => author.corresponding) ?? article.authors[0])?.email || '';

export function checkArticle(article: ImportedArticle): Checked<CleanArticle> {
  const { record, pdf: _pdf, ...values } = article;
  return withCharacterRule(record, values, checkArticleFields(article));
}

function checkArticleFields(article: ImportedArticle): Checked<CleanArticle> {
  const record = article.record;
  const fields = articleFieldsSchema.safeParse({
    authors: JSON.stringify(article.authors),
    // The line is written from the list; its own checks (required, how many) repeat the list's.
    authorname: authorLine(article.authors),
    refnumber: article.refnumber,
    title: article.title,
    abstract: article.abstract,
    keywords: article.keywords,
    doi: article.doi,
    subject: article.subject,
    country: article.country,
    email: contactEmail(article),
    mobile: article.mobile,
    pagenumber: article.pagenumber,
    txnid: article.txnid,
    ptype: article.ptype,
    publishdate: article.publishdate,
  });
  const extra = articleExtraSchema.safeParse(article);
  const problems = [
    ...(fields.success ? [] : withoutRepeatedAuthorLine(problemsOf(record, fields.error, article))),
    ...(extra.success ? [] : problemsOf(record, extra.error, article)),
  ];
  if (!fields.success || !extra.success) return refused(problems);
  const data = fields.data;
  const title = sanitizeTitle(data.title);
  const abstract = sanitizeRichText(data.abstract);
  // The article service refuses what sanitising empties (cleanFields), with the same words.
  if (!toPlainText(title)) problems.push({ record, field: 'title', message: 'Title is required' });
  if (!toPlainText(abstract)) problems.push({ record, field: 'abstract', message: 'Abstract is required' });
  if (problems.length) return refused(problems);
  const authors = data.authors!.map((author) => ({
    ...author,
    given_name: toPlainText(author.given_name),
    family_name: toPlainText(author.family_name),
    affiliation: toPlainText(author.affiliation),
    country: toPlainText(author.country),
  }));
  return valid({
    refnumber: data.refnumber,
    title,
    authorname: authorLine(authors),
    authors,
    abstract,
    keywords: toPlainText(data.keywords),
    doi: data.doi,
    subject: toPlainText(data.subject),
    country: toPlainText(data.country),
    email: data.email,
    mobile: toPlainText(data.mobile),
    pagenumber: data.pagenumber,
    txnid: data.txnid,
    ptype: data.ptype,
    publishdate: data.publishdate,
    ...extra.data,
  });
}

const withoutRepeatedAuthorLine = (problems: ImportProblem[]) =>
  problems.some((problem) => problem.field.startsWith('authors'))
    ? problems.filter((problem) => problem.field !== 'authorname')
    : problems;

export interface CleanEditor {
  name: string;
  category: EditorCategory;
  post: string;
  degree: string;
  content: string;
  email: string;
  phone: string;
  country: string;
  editor_website: string;
  status: EditorStatus;
  is_pinned: number;
}

/** The editor form's checks, then what the editors service does before storing (cleanEditor). */
export function checkEditor(editor: ImportedEditor): Checked<CleanEditor> {
  const { record, picture: _picture, ...values } = editor;
  return withCharacterRule(record, values, checkEditorFields(editor));
}

function checkEditorFields(editor: ImportedEditor): Checked<CleanEditor> {
  const parsed = editorInputSchema.safeParse(editor);
  if (!parsed.success) return refused(problemsOf(editor.record, parsed.error, editor));
  const input = parsed.data;
  const clean = {
    name: toPlainText(input.name),
    category: input.category,
    post: sanitizeRichText(input.post),
    degree: toPlainText(input.degree),
    content: toPlainText(input.content),
    email: input.email,
    phone: toPlainText(input.phone),
    country: toPlainText(input.country),
    editor_website: input.editor_website,
    status: input.status,
    is_pinned: editor.is_pinned ? 1 : 0,
  };
  const empty = [
    ['name', clean.name, 'Name is required'],
    ['content', clean.content, 'Affiliation is required'],
    ['post', toPlainText(clean.post), 'Post is required'],
  ].filter(([, value]) => !value);
  if (empty.length) return refused(empty.map(([field, , message]) => ({ record: editor.record, field, message })));
  return valid(clean);
}

export interface CleanIndexingEntry {
  title: string;
  link: string;
  status: EditorStatus;
  sortnumber: number;
}

const sortnumberSchema = z
  .number({ message: 'Order must be a whole number' })
  .int('Order must be a whole number')
  .min(0, 'Order must be 0 or more')
  .max(1_000_000, 'Order must be at most 1000000');

export function checkIndexingEntry(entry: ImportedIndexingEntry): Checked<CleanIndexingEntry> {
  const { record, logo: _logo, ...values } = entry;
  const parsed = indexingInputSchema.extend({ sortnumber: sortnumberSchema }).safeParse(entry);
  return withCharacterRule(
    record,
    values,
    parsed.success ? valid(parsed.data) : refused(problemsOf(record, parsed.error, entry)),
  );
}

/** Settings as their columns store them: the switches as 0 or 1, the rest as text. */
export type CleanSettings = Partial<Omit<SettingsTable, 'id' | 'updated_at'>>;

const SETTINGS_RECORD = 'settings';

/** Each setting by the settings form's check of its field; a name the form does not have is refused. */
export function checkSettings(settings: Record<string, string | number>): Checked<CleanSettings> {
  // Each value passed its column's own schema, so it has the column's type.
  const clean: Record<string, string | number> = {};
  const problems: ImportProblem[] = [];
  for (const [key, value] of Object.entries(settings)) {
    const schema = (settingsInputSchema.shape as Record<string, z.ZodType>)[key];
    if (!schema) {
      problems.push({ record: SETTINGS_RECORD, field: key, message: 'is not a setting of this website' });
      continue;
    }
    const isSwitch = key.startsWith('show_');
    const parsed = schema.safeParse(isSwitch ? value === 1 || value === '1' : String(value));
    if (isSwitch && ![0, 1, '0', '1'].includes(value))
      problems.push({ record: SETTINGS_RECORD, field: key, message: 'must be 0 or 1' });
    else if (!parsed.success)
      problems.push(
        ...parsed.error.issues.map((issue) => ({ record: SETTINGS_RECORD, field: key, message: issue.message })),
      );
    else clean[key] = isSwitch ? (parsed.data ? 1 : 0) : String(parsed.data);
  }
  return withCharacterRule(
    SETTINGS_RECORD,
    settings,
    problems.length ? refused(problems) : valid(clean as CleanSettings),
  );
}

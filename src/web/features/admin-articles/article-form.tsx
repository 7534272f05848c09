import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import {
  ARTICLE_STATUSES,
  FILE_SIZE_MESSAGE,
  MAX_REFERENCES,
  MAX_TITLE_WORDS,
  MAX_UPLOAD_BYTES,
  PAYMENT_TYPES,
} from '../../../common/constants.js';
import type { ArticleRecord } from '../../../common/schemas/archives.js';
import {
  ARTICLE_ERROR_MESSAGES,
  ARTICLE_UPDATED_MESSAGE,
  articleAddSchema,
  articleEditSchema,
  countWords,
  PDF_ONLY_MESSAGE,
  PDF_REQUIRED_MESSAGE,
  pageOrderMessage,
  pageRange,
} from '../../../common/schemas/article.js';
import { RichTextField } from '../admin-editor/rich-text-field.js';
import { adminRequest } from '../admin-shell/admin-request.js';
import { FlashBeside, useFlash } from '../admin-shell/flash.js';
import { FormError } from '../admin-shell/form-error.js';
import { hasProblems, NO_PROBLEMS, refusalProblems, schemaProblems, type FormProblems } from '../forms/field-errors.js';
import { FormField, type ControlProps } from '../forms/form-field.js';
import { useKeptForm } from '../../lib/use-kept-form.js';
import { downloadStoredPdf } from './stored-pdf.js';
import { authorLine, type Author } from '../../../common/authors.js';
import type { IssueState } from '../../../common/constants.js';
import { AuthorsEditor, authorsText, NEW_AUTHORS_TEXT, parseAuthorsText } from './authors-editor.js';

const TEXT_FIELDS = [
  'refnumber',
  'txnid',
  'email',
  'mobile',
  'authorname',
  'keywords',
  'subject',
  'country',
  'pagenumber',
  'doi',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];
/** The author line and the country are written from the author editor's cards, not typed. */
type TypedField = Exclude<TextField, 'authorname' | 'country'>;
export type ArticleValues = Record<
  TextField | 'title' | 'abstract' | 'ptype' | 'publishdate' | 'status' | 'authors',
  string
>;

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Payment type paid for a new article; its publication date is its issue's once the issue has one, else today
 * (specification: Business constants and limits; decision 098).
 */
export function newArticleValues(issuePublicationDate = ''): ArticleValues {
  return {
    refnumber: '',
    txnid: '',
    email: '',
    mobile: '',
    authorname: '',
    keywords: '',
    subject: '',
    country: '',
    pagenumber: '',
    doi: '',
    title: '',
    abstract: '',
    ptype: 'paid',
    publishdate: issuePublicationDate || today(),
    status: 'enabled',
    authors: NEW_AUTHORS_TEXT,
  };
}

export function articleValues(article: ArticleRecord): ArticleValues {
  const values = newArticleValues();
  for (const key of Object.keys(values) as (keyof ArticleValues)[]) values[key] = String(article[key] ?? '');
  return { ...values, authors: authorsText(withArticleCountry(article.authors, article.country)) };
}

/**
 * The form asks for the country once, on the authors: an article saved with a country of its own and none on its
 * authors shows it on the corresponding author, so that saving keeps it.
 */
function withArticleCountry(authors: Author[], country: string): Author[] {
  if (!country || authors.some((author) => author.country)) return authors;
  return authors.map((author) => (author.corresponding ? { ...author, country } : author));
}

/** The article's own country, which the issue page lists: the corresponding author's, else the first one given. */
const articleCountry = (authors: readonly Author[]) =>
  (authors.find((author) => author.corresponding && author.country) ?? authors.find((author) => author.country))
    ?.country ?? '';

const LABELS: Record<TypedField, string> = {
  refnumber: 'Reference number',
  txnid: 'Transaction ID',
  email: 'Email',
  mobile: 'Mobile',
  keywords: 'Keywords',
  subject: 'Subject',
  pagenumber: 'Page number',
  doi: 'DOI (optional)',
};
const HINTS: Partial<Record<TypedField, string>> = {
  pagenumber: 'First and last page, like 1-6.',
  doi: 'Like 10.1234/ijars.2025.3.1.101, without https://doi.org/.',
};

/** What an add (and, without email and file, an edit) cannot go without (specification: Validation rules). */
const REQUIRED = new Set([
  'refnumber',
  'txnid',
  'ptype',
  'publishdate',
  'email',
  'authorname',
  'pagenumber',
  'title',
  'abstract',
  'pdfFile',
]);
const EDIT_OPTIONAL = new Set(['email', 'pdfFile']);
const FIELD_NAMES = [...TEXT_FIELDS, 'title', 'abstract', 'ptype', 'publishdate', 'status', 'pdfFile', 'authors'];

const AUTHOR_FIELD = 'authors.';

/** Each author field's first problem, keyed `authors.{index}.{field}`, to be shown beside that field. */
function authorFieldProblems(error: z.ZodError): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const issue of error.issues) {
    const [list, index, field] = issue.path;
    if (list === 'authors' && typeof index === 'number' && typeof field === 'string')
      problems[`${AUTHOR_FIELD}${index}.${field}`] ??= issue.message;
  }
  return problems;
}

/** The author fields' problems as the author editor reads them, keyed `{index}.{field}`. */
const authorEditorProblems = (fields: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(fields)
      .filter(([key]) => key.startsWith(AUTHOR_FIELD))
      .map(([key, message]) => [key.slice(AUTHOR_FIELD.length), message]),
  );

/** The server's refusals of an article save, on the fields they concern, with the messages of the specification's Error catalogue. */
const REFUSALS = {
  codeFields: {
    duplicate_reference_number: 'refnumber',
    duplicate_title: 'title',
    duplicate_txnid: 'txnid',
    duplicate_doi: 'doi',
    invalid_txnid: 'txnid',
    invalid_pagenumber: 'pagenumber',
    invalid_file: 'pdfFile',
    file_too_large: 'pdfFile',
  },
  messages: ARTICLE_ERROR_MESSAGES,
};

const isPdfFile = (file: File) => file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');

interface ArticleFormProps {
  mode: 'add' | 'edit';
  initial: ArticleValues;
  issue: { year: number; volume: number; issue: number };
  /** Add only: the last page already used in the issue (specification: Validation rules). */
  lastPage?: number;
  article?: ArticleRecord;
  onSaved: (article: ArticleRecord) => void;
  /** Add only: the DOI the settings suggest for a reference number ('' for none). */
  suggestDoi?: (refnumber: string) => string;
  /** The state of the article's issue: until it is published, publishing it sets the article's date. */
  issueState: IssueState;
}

/** What the article's date is for, and on an issue not yet out, that publishing the issue replaces it. */
const publicationDateHint = (state: IssueState) =>
  state === 'published'
    ? 'Also the date on the certificates.'
    : "Replaced by the issue's publication date when the issue is published; also the date on the certificates.";

/** Every field of an article with its rules and messages (specification: Entities and their fields, Validation rules,
 * Error catalogue). */
export function ArticleForm({
  mode,
  initial,
  issue,
  lastPage = 0,
  article,
  onSaved,
  suggestDoi,
  issueState,
}: ArticleFormProps) {
  const [values, setValues] = useKeptForm('article', initial);
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<FormProblems>(NO_PROBLEMS);
  const [busy, setBusy] = useState(false);
  const flash = useFlash();
  const required = (key: string) => REQUIRED.has(key) && (mode === 'add' || !EDIT_OPTIONAL.has(key));
  const setError = (form: string) => setProblems({ fields: {}, form });
  const set = (key: keyof ArticleValues) => (value: string) => setValues((current) => ({ ...current, [key]: value }));
  // The suggested DOI follows the reference number until the DOI is edited by hand.
  const setRefnumber = (refnumber: string) =>
    setValues((current) => {
      const following = suggestDoi && current.doi === suggestDoi(current.refnumber);
      return { ...current, refnumber, doi: following ? suggestDoi(refnumber) : current.doi };
    });

  // An over-large or non-PDF file is refused with an alert and dropped (specification: Validation rules).
  function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    const problem =
      chosen && (chosen.size > MAX_UPLOAD_BYTES ? FILE_SIZE_MESSAGE : isPdfFile(chosen) ? '' : PDF_ONLY_MESSAGE);
    if (problem) {
      window.alert(problem);
      event.target.value = '';
      return setFile(null);
    }
    setFile(chosen);
  }

  /** Every field's problem at once: the shared schema's, the page order (specification: Validation rules) and the required PDF. */
  function problemsOf(): FormProblems {
    const parsed =
      mode === 'add'
        ? articleAddSchema.safeParse({
            ...values,
            year: String(issue.year),
            volume: String(issue.volume),
            issue: String(issue.issue),
          })
        : articleEditSchema.safeParse(values);
    const found = parsed.success ? { fields: {}, form: '' } : schemaProblems(parsed.error);
    const fields: Record<string, string> = { ...found.fields };
    const authorFields = parsed.success ? {} : authorFieldProblems(parsed.error);
    // An author field's problem is said beside that field, not again over the whole list.
    if (Object.keys(authorFields).length) delete fields.authors;
    Object.assign(fields, authorFields);
    const range = pageRange(values.pagenumber);
    if (mode === 'add' && !fields.pagenumber && range && range.first <= lastPage)
      fields.pagenumber = pageOrderMessage(lastPage);
    if (mode === 'add' && !file) fields.pdfFile = PDF_REQUIRED_MESSAGE;
    return { fields, form: found.form };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = problemsOf();
    setProblems(found);
    if (hasProblems(found)) return;
    const body = new FormData();
    for (const [key, value] of Object.entries(values)) if (mode === 'edit' || key !== 'status') body.append(key, value);
    if (mode === 'add') for (const [key, value] of Object.entries(issue)) body.append(key, String(value));
    if (file) body.append('pdfFile', file);
    setBusy(true);
    const result = await adminRequest<ArticleRecord>(
      mode === 'add' ? '/api/admin/archives/' : `/api/archives/${article!.id}`,
      {
        method: 'POST',
        body,
      },
    );
    setBusy(false);
    if (!result.ok) return setProblems(refusalProblems(result, FIELD_NAMES, REFUSALS));
    if (mode === 'edit') flash.show('success', ARTICLE_UPDATED_MESSAGE, { beside: true });
    onSaved(result.data);
  }

  /** A field with its label, required mark, hint and problem; `control` draws anything but a plain text input. */
  const field = (
    key: string,
    label: ReactNode,
    control: (props: ControlProps) => ReactNode,
    options: { className?: string; hint?: ReactNode } = {},
  ) => (
    <FormField
      key={key}
      name={key}
      label={label}
      required={required(key)}
      error={problems.fields[key]}
      hint={options.hint}
      className={options.className}
    >
      {control}
    </FormField>
  );
  const text = (key: TypedField, control?: (props: ControlProps) => ReactNode) =>
    field(
      key,
      LABELS[key],
      control ?? ((props) => <input {...props} value={values[key]} onChange={(e) => set(key)(e.target.value)} />),
      { hint: HINTS[key] },
    );
  const currentFile = article?.file ? { id: article.id, file: article.file } : null;
  const openCurrentFile = async () => setError((currentFile && (await downloadStoredPdf(currentFile))) ?? '');

  return (
    <form className="admin-card admin-form article-form" onSubmit={submit} noValidate>
      <div className="form-grid">
        {text('refnumber', (props) => (
          <input {...props} value={values.refnumber} onChange={(e) => setRefnumber(e.target.value)} />
        ))}
        {text('txnid')}
        {field('ptype', 'Payment type', (props) => (
          <select {...props} value={values.ptype} onChange={(e) => set('ptype')(e.target.value)}>
            {PAYMENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        ))}
        {field(
          'publishdate',
          'Publication date',
          (props) => (
            <input
              {...props}
              type="date"
              value={values.publishdate}
              onChange={(e) => set('publishdate')(e.target.value)}
            />
          ),
          { hint: publicationDateHint(issueState) },
        )}
        {text('email', (props) => (
          <input {...props} type="email" value={values.email} onChange={(e) => set('email')(e.target.value)} />
        ))}
        {text('mobile')}
        <AuthorsEditor
          authors={parseAuthorsText(values.authors)}
          onChange={(authors) =>
            setValues((current) => ({
              ...current,
              authors: authorsText(authors),
              authorname: authorLine(authors),
              country: articleCountry(authors),
            }))
          }
          fieldErrors={authorEditorProblems(problems.fields)}
          error={problems.fields.authorname ?? problems.fields.authors}
          required={required('authorname')}
        />
        {field(
          'title',
          `Title (up to ${MAX_TITLE_WORDS} words): ${countWords(values.title)} words`,
          (props) => (
            <RichTextField label="Title" value={values.title} onChange={set('title')} italicOnly control={props} />
          ),
          { className: 'span-2' },
        )}
        {field(
          'abstract',
          'Abstract',
          (props) => (
            <RichTextField label="Abstract" value={values.abstract} onChange={set('abstract')} control={props} />
          ),
          {
            className: 'span-2',
            hint: `The summary readers see on the article's page. The references (at most ${MAX_REFERENCES}) belong in the PDF.`,
          },
        )}
        {text('keywords')}
        {text('subject')}
        {text('pagenumber')}
        {text('doi')}
        {field(
          'pdfFile',
          `PDF file${mode === 'edit' ? ' (optional)' : ''}`,
          (props) => (
            <input {...props} type="file" accept="application/pdf,.pdf" onChange={chooseFile} />
          ),
          {
            hint: currentFile && (
              <>
                Current file:{' '}
                <button type="button" className="link-button" onClick={() => void openCurrentFile()}>
                  {currentFile.file}
                </button>
              </>
            ),
          },
        )}
        {mode === 'edit' &&
          field('status', 'Status', (props) => (
            <select {...props} value={values.status} onChange={(e) => set('status')(e.target.value)}>
              {ARTICLE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </select>
          ))}
      </div>
      <FormError message={problems.form} />
      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={busy}>
          {mode === 'add' ? 'Add Article' : 'Update Article'}
        </button>
        <FlashBeside />
      </div>
    </form>
  );
}

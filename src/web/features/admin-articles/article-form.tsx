import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { ARTICLE_STATUSES, FILE_SIZE_MESSAGE, MAX_AUTHORS, MAX_REFERENCES, MAX_TITLE_WORDS, MAX_UPLOAD_BYTES, PAYMENT_TYPES } from '../../../common/constants.js';
import type { ArticleRecord } from '../../../common/schemas/archives.js';
import {
  ARTICLE_ERROR_MESSAGES,
  articleAddSchema,
  articleEditSchema,
  countWords,
  PDF_ONLY_MESSAGE,
  PDF_REQUIRED_MESSAGE,
  pageOrderMessage,
  pageRange,
} from '../../../common/schemas/article.js';
import { GENERIC_ERROR_MESSAGE } from '../../../common/schemas/auth.js';
import { RichTextField } from '../admin-editor/rich-text-field.js';
import { adminRequest, firstProblem } from '../admin-shell/admin-request.js';
import { FormError } from '../admin-shell/form-error.js';
import { downloadStoredPdf } from './stored-pdf.js';

const TEXT_FIELDS = ['refnumber', 'txnid', 'email', 'mobile', 'authorname', 'keywords', 'subject', 'country', 'pagenumber', 'doi'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
export type ArticleValues = Record<TextField | 'title' | 'abstract' | 'ptype' | 'publishdate' | 'status', string>;

const today = () => new Date().toISOString().slice(0, 10);

/** Spec §9: payment type paid and certificate date today for a new article. */
export function newArticleValues(): ArticleValues {
  return {
    refnumber: '', txnid: '', email: '', mobile: '', authorname: '', keywords: '', subject: '', country: '', pagenumber: '', doi: '',
    title: '', abstract: '', ptype: 'paid', publishdate: today(), status: 'enabled',
  };
}

export function articleValues(article: ArticleRecord): ArticleValues {
  const values = newArticleValues();
  for (const key of Object.keys(values) as (keyof ArticleValues)[]) values[key] = String(article[key] ?? '');
  return values;
}

const LABELS: Record<TextField, string> = {
  refnumber: 'Reference number',
  txnid: 'Transaction ID',
  email: 'Email',
  mobile: 'Mobile',
  authorname: 'Author names',
  keywords: 'Keywords',
  subject: 'Subject',
  country: 'Country',
  pagenumber: 'Page number',
  doi: 'DOI (optional)',
};
const HINTS: Partial<Record<TextField, string>> = {
  authorname: `Separate the names with commas; at most ${MAX_AUTHORS} authors.`,
  pagenumber: 'First and last page, like 1-6.',
  doi: 'Like 10.1234/ijars.2025.3.1.101, without https://doi.org/.',
};

const isPdfFile = (file: File) => file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');

interface ArticleFormProps {
  mode: 'add' | 'edit';
  initial: ArticleValues;
  issue: { year: number; volume: number; issue: number };
  /** Add only: the last page already used in the issue (spec §5). */
  lastPage?: number;
  article?: ArticleRecord;
  onSaved: (article: ArticleRecord) => void;
  /** Add only: the DOI the settings suggest for a reference number ('' for none). */
  suggestDoi?: (refnumber: string) => string;
}

/** Every field of an article (spec §3) with the rules and messages of spec §5 and §8. */
export function ArticleForm({ mode, initial, issue, lastPage = 0, article, onSaved, suggestDoi }: ArticleFormProps) {
  const [values, setValues] = useState(initial);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (key: keyof ArticleValues) => (value: string) => setValues((current) => ({ ...current, [key]: value }));
  // The suggested DOI follows the reference number until the DOI is edited by hand.
  const setRefnumber = (refnumber: string) =>
    setValues((current) => {
      const following = suggestDoi && current.doi === suggestDoi(current.refnumber);
      return { ...current, refnumber, doi: following ? suggestDoi(refnumber) : current.doi };
    });

  // Spec §5: an over-large or non-PDF file is refused with an alert and dropped.
  function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    const problem = chosen && (chosen.size > MAX_UPLOAD_BYTES ? FILE_SIZE_MESSAGE : isPdfFile(chosen) ? '' : PDF_ONLY_MESSAGE);
    if (problem) {
      window.alert(problem);
      event.target.value = '';
      return setFile(null);
    }
    setFile(chosen);
  }

  function problemOf(): string {
    const parsed =
      mode === 'add'
        ? articleAddSchema.safeParse({ ...values, year: String(issue.year), volume: String(issue.volume), issue: String(issue.issue) })
        : articleEditSchema.safeParse(values);
    if (!parsed.success) return firstProblem(parsed.error);
    if (mode === 'add' && pageRange(values.pagenumber)!.first <= lastPage) return pageOrderMessage(lastPage);
    if (mode === 'add' && !file) return PDF_REQUIRED_MESSAGE;
    return '';
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = problemOf();
    setError(problem);
    if (problem) return;
    const body = new FormData();
    for (const [key, value] of Object.entries(values)) if (mode === 'edit' || key !== 'status') body.append(key, value);
    if (mode === 'add') for (const [key, value] of Object.entries(issue)) body.append(key, String(value));
    if (file) body.append('pdfFile', file);
    setBusy(true);
    const result = await adminRequest<ArticleRecord>(mode === 'add' ? '/api/admin/archives/' : `/api/archives/${article!.id}`, {
      method: 'POST',
      body,
    });
    setBusy(false);
    if (!result.ok) return setError(ARTICLE_ERROR_MESSAGES[result.error] ?? GENERIC_ERROR_MESSAGE);
    onSaved(result.data);
  }

  const field = (key: TextField, input: ReactNode = null) => (
    <label key={key} className={key === 'authorname' ? 'span-2' : undefined}>
      {LABELS[key]}
      {input ?? <input name={key} value={values[key]} onChange={(e) => set(key)(e.target.value)} />}
      {HINTS[key] && <small className="hint">{HINTS[key]}</small>}
    </label>
  );
  const currentFile = article?.file ? { id: article.id, file: article.file } : null;
  const openCurrentFile = async () => setError((currentFile && (await downloadStoredPdf(currentFile))) ?? '');

  return (
    <form className="admin-card admin-form article-form" onSubmit={submit} noValidate>
      <div className="form-grid">
        {field('refnumber', <input name="refnumber" value={values.refnumber} onChange={(e) => setRefnumber(e.target.value)} />)}
        {field('txnid')}
        <label>
          Payment type
          <select name="ptype" value={values.ptype} onChange={(e) => set('ptype')(e.target.value)}>
            {PAYMENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </label>
        <label>
          Certificate date
          <input name="publishdate" type="date" value={values.publishdate} onChange={(e) => set('publishdate')(e.target.value)} />
        </label>
        {field('email', <input name="email" type="email" value={values.email} onChange={(e) => set('email')(e.target.value)} />)}
        {field('mobile')}
        {field('authorname', <textarea name="authorname" rows={2} value={values.authorname} onChange={(e) => set('authorname')(e.target.value)} />)}
        <div className="span-2 field">
          <span className="field-label">
            Title (up to {MAX_TITLE_WORDS} words): {countWords(values.title)} words
          </span>
          <RichTextField label="Title" value={values.title} onChange={set('title')} italicOnly />
        </div>
        <div className="span-2 field">
          <span className="field-label">Abstract</span>
          <RichTextField label="Abstract" value={values.abstract} onChange={set('abstract')} />
          <small className="hint">Include at most {MAX_REFERENCES} references.</small>
        </div>
        {field('keywords')}
        {field('subject')}
        {field('country')}
        {field('pagenumber')}
        {field('doi')}
        <div className="field">
          <label>
            PDF file{mode === 'edit' && ' (optional)'}
            <input name="pdfFile" type="file" accept="application/pdf,.pdf" onChange={chooseFile} />
          </label>
          {currentFile && (
            <small className="hint">
              Current file:{' '}
              <button type="button" className="link-button" onClick={() => void openCurrentFile()}>
                {currentFile.file}
              </button>
            </small>
          )}
        </div>
        {mode === 'edit' && (
          <label>
            Status
            <select name="status" value={values.status} onChange={(e) => set('status')(e.target.value)}>
              {ARTICLE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <FormError message={error} />
      <button type="submit" className="button-primary" disabled={busy}>
        {mode === 'add' ? 'Add Article' : 'Update Article'}
      </button>
    </form>
  );
}

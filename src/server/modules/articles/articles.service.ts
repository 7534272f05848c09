import {
  ARTICLE_ERROR_MESSAGES,
  lastPageOf,
  PDF_ONLY_MESSAGE,
  PDF_REQUIRED_MESSAGE,
  pageOrderMessage,
  pageRange,
  type ArticleAddInput,
  type ArticleEditInput,
} from '../../../common/schemas/article.js';
import type { ArticleRecord } from '../../../common/schemas/archives.js';
import type { WriteClock } from '../../cache/write-clock.js';
import { uniqueViolation, type Db, type Executor } from '../../db/database.js';
import { badRequest, HttpError, notFound } from '../../http/errors.js';
import type { UploadedFile } from '../../http/multipart.js';
import { isPdf } from '../../storage/file-signatures.js';
import { FileJournal } from '../../storage/file-journal.js';
import { FileStore, type StagedFile } from '../../storage/file-store.js';
import type { FileMove } from '../../storage/pending-moves.repository.js';
import { sanitizeRichText, sanitizeTitle, toPlainText } from '../../storage/sanitize.js';
import { toArticleRecord } from '../archives/archives.service.js';
import { findIssue } from '../issues/issues.repository.js';
import { withDerivedColumns } from './article-fields.js';
import {
  findArticleById,
  findPublishedArticleFile,
  insertArticle,
  issuePageNumbers,
  listIssueArticles,
  lockArticle,
  searchAllArticles,
  updateArticle,
} from './articles.repository.js';

const ADMIN_SEARCH_LIMIT = 200;

const conflict = (code: string) => new HttpError(409, code, ARTICLE_ERROR_MESSAGES[code]!);

/** The database's unique constraints decide duplicates, so two saves sent at once cannot both pass. */
function duplicateError(error: unknown, mode: 'add' | 'edit'): unknown {
  const constraint = uniqueViolation(error);
  if (!constraint) return error;
  if (constraint.includes('refnumber')) return conflict('duplicate_reference_number');
  if (constraint.includes('title_key')) return conflict('duplicate_title');
  if (constraint.includes('doi')) return conflict('duplicate_doi');
  // The spec reports a reused transaction id as duplicate_txnid only when adding.
  if (constraint.includes('txnid')) return mode === 'add' ? conflict('duplicate_txnid') : conflict('invalid_txnid');
  return error;
}

function requirePdf(file: UploadedFile): Buffer {
  if (!isPdf(file.data)) throw badRequest(PDF_ONLY_MESSAGE, 'invalid_file');
  return file.data;
}

/** The columns both forms write, cleaned (HTML sanitised, plain fields stripped of markup), with those derived from them. */
function cleanFields(input: ArticleAddInput | ArticleEditInput) {
  const title = sanitizeTitle(input.title);
  const abstract = sanitizeRichText(input.abstract);
  const authorname = toPlainText(input.authorname);
  if (!toPlainText(title)) throw badRequest('title: Title is required');
  if (!toPlainText(abstract)) throw badRequest('abstract: Abstract is required');
  if (!authorname) throw badRequest('authorname: Author names is required');
  return withDerivedColumns({
    refnumber: input.refnumber,
    title,
    authorname,
    abstract,
    keywords: toPlainText(input.keywords),
    doi: input.doi,
    subject: toPlainText(input.subject),
    country: toPlainText(input.country),
    email: input.email,
    mobile: toPlainText(input.mobile),
    pagenumber: input.pagenumber,
    txnid: input.txnid,
    ptype: input.ptype,
    publishdate: input.publishdate,
  });
}

/**
 * The file moves an update depends on: a new PDF replaces the file the row named, and a new reference
 * number renames it.
 */
function articleFileMoves(staged: StagedFile | null, previous: string | null, target: string): FileMove[] {
  if (staged) return [{ source: staged.temp, target, remove: previous !== target ? previous : null }];
  if (previous && previous !== target) return [{ source: previous, target, remove: null }];
  return [];
}

export class ArticlesService {
  private readonly journal: FileJournal;

  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
    private readonly clock: WriteClock,
  ) {
    this.journal = new FileJournal(db, files);
  }

  async get(id: number): Promise<ArticleRecord> {
    const row = await findArticleById(this.db, id);
    if (!row) throw notFound('Article not found');
    return toArticleRecord(row);
  }

  async listForIssue(year: number, volume: number, issue: number) {
    const found = await findIssue(this.db, year, volume, issue);
    if (!found) throw notFound('Issue not found');
    const rows = await listIssueArticles(this.db, year, volume, issue);
    return { issue: found, articles: rows.map(toArticleRecord) };
  }

  async search(text: string): Promise<ArticleRecord[]> {
    const rows = await searchAllArticles(this.db, text.trim(), ADMIN_SEARCH_LIMIT);
    return rows.map(toArticleRecord);
  }

  /** Adds an enabled article and its PDF ({refnumber}.pdf in the issue folder); neither exists unless both do. */
  async create(input: ArticleAddInput, pdf: UploadedFile | undefined, username: string): Promise<ArticleRecord> {
    if (!pdf) throw badRequest(PDF_REQUIRED_MESSAGE, 'invalid_file');
    const data = requirePdf(pdf);
    const fields = cleanFields(input);
    const issue = await findIssue(this.db, input.year, input.volume, input.issue);
    if (!issue) throw notFound('Issue not found');
    const staged = await this.files.stage(FileStore.articlePath(issue.year, issue.volume, issue.issue, input.refnumber), data);
    const now = new Date().toISOString();
    // The row goes in first, so a duplicate is reported as such even when its pages would also be refused.
    const id = await this.save(staged, 'add', async (trx) => {
      const inserted = await insertArticle(trx, {
        ...fields,
        year: issue.year,
        volume: issue.volume,
        issue: issue.issue,
        frequency: issue.frequency,
        file: `${input.refnumber}.pdf`,
        status: 'enabled',
        createdby: username,
        creation: now,
        modifiedby: username,
        modification: now,
      });
      await this.assertAfterLastPage(trx, issue, input.pagenumber, inserted);
      await this.journal.record(trx, articleFileMoves(staged, null, staged.target));
      return inserted;
    });
    this.clock.publicDataChanged();
    return this.get(id);
  }

  /**
   * Updates an article. A new PDF is staged first; the row and the file moves it depends on (the new
   * PDF into place, or the old one to its new reference number) are saved in one transaction and the
   * moves carried out after it, so a reader sees the old file or the new one, never a missing or
   * half-written one, and no copy stays under an old name.
   */
  async update(id: number, input: ArticleEditInput, pdf: UploadedFile | undefined, username: string): Promise<ArticleRecord> {
    const current = await findArticleById(this.db, id);
    if (!current) throw notFound('Article not found');
    const data = pdf ? requirePdf(pdf) : undefined;
    const fields = cleanFields(input);
    const target = FileStore.articlePath(current.year, current.volume, current.issue, input.refnumber);
    const staged = data ? await this.files.stage(target, data) : null;
    await this.save(staged, 'edit', async (trx) => {
      // Read again under the row's lock: a save that committed since may have renamed the file.
      const locked = (await lockArticle(trx, id))!;
      const previous = locked.file ? `${FileStore.articleDir(locked.year, locked.volume, locked.issue)}/${locked.file}` : null;
      await updateArticle(trx, id, {
        ...fields,
        status: input.status,
        file: staged || previous ? `${input.refnumber}.pdf` : null,
        modifiedby: username,
        modification: new Date().toISOString(),
      });
      await this.journal.record(trx, articleFileMoves(staged, previous, target));
    });
    this.clock.publicDataChanged();
    return this.get(id);
  }

  /** The stored PDF of an article of any status, as a path in the file store; null when it has none. */
  async storedFile(id: number): Promise<string | null> {
    const row = await findArticleById(this.db, id);
    if (!row?.file) return null;
    const stored = `${FileStore.articleDir(row.year, row.volume, row.issue)}/${row.file}`;
    return this.files.exists(stored) ? stored : null;
  }

  /** The stored PDF of a published article (spec §4), as a path in the file store; null for any other file. */
  async publishedFile(year: number, volume: number, issue: number, file: string): Promise<string | null> {
    const found = await findPublishedArticleFile(this.db, year, volume, issue, file);
    return found ? `${FileStore.articleDir(year, volume, issue)}/${file}` : null;
  }

  /** The write and its file moves run in one transaction (FileJournal); a refused write leaves no file behind. */
  private save<T>(staged: StagedFile | null, mode: 'add' | 'edit', write: (trx: Executor) => Promise<T>): Promise<T> {
    return this.journal.transaction(staged, write).catch((error: unknown) => {
      throw duplicateError(error, mode);
    });
  }

  /** Spec §5: a new article starts after the last page already used in its issue. */
  private async assertAfterLastPage(trx: Executor, issue: { year: number; volume: number; issue: number }, pagenumber: string, id: number) {
    const lastPage = lastPageOf(await issuePageNumbers(trx, issue.year, issue.volume, issue.issue, id));
    if (pageRange(pagenumber)!.first <= lastPage) throw new HttpError(400, 'invalid_pagenumber', pageOrderMessage(lastPage));
  }
}

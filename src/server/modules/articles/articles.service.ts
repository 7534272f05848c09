import { issueTitle } from '../../../common/archive-links.js';
import {
  ARTICLE_ERROR_MESSAGES,
  lastPageOf,
  PDF_REQUIRED_MESSAGE,
  pageOrderMessage,
  pageRange,
  type ArticleAddInput,
  MOVE_TARGET_MISSING_MESSAGE,
  type ArticleEditInput,
} from '../../../common/schemas/article.js';
import type { ArticleRecord } from '../../../common/schemas/archives.js';
import type { ArticleRow, IssueRow } from '../../db/schema.js';
import type { WriteClock } from '../../cache/write-clock.js';
import { uniqueViolation, type JournalDb, type JournalExecutor } from '../../db/database.js';
import { badRequest, HttpError, notFound } from '../../http/errors.js';
import type { UploadedFile } from '../../http/multipart.js';
import { assertPdf } from '../../storage/file-signatures.js';
import { FileJournal } from '../../storage/file-journal.js';
import { FileStore, type StagedFile } from '../../storage/file-store.js';
import type { FileMove } from '../../storage/pending-moves.repository.js';
import { sanitizeRichText, sanitizeTitle, toPlainText } from '../../storage/sanitize.js';
import { authorLine, authorsForLine, type Author } from '../../../common/authors.js';
import { toArticleRecord } from '../archives/archives.service.js';
import { findAuthors, listAuthorsOf, replaceAuthors } from './article-authors.repository.js';
import { authorRenames } from './author-renames.js';
import { recordAuthorRenames } from './author-renames.repository.js';
import { recordActivity, type Actor } from '../activity/activity.repository.js';
import { articleChanges } from './article-change-summary.js';
import { findIssue, findIssueById, lockIssue } from '../issues/issues.repository.js';
import { findSettings } from '../settings/settings.repository.js';
import { insertTombstone, wasPublished } from '../tombstones/tombstones.repository.js';
import { withDerivedColumns } from './article-fields.js';
import {
  findArticleById,
  findPublishedArticleFile,
  insertArticle,
  issuePageNumbers,
  listIssueArticles,
  deleteArticle,
  lockArticle,
  relicenseArticles,
  searchAllArticles,
  updateArticle,
} from './articles.repository.js';

const ADMIN_SEARCH_LIMIT = 200;

type IssueNumbers = Pick<IssueRow, 'year' | 'volume' | 'issue'>;

/** Where an article's PDF is stored, or null when it has none. */
const storedPath = (row: Pick<ArticleRow, 'year' | 'volume' | 'issue' | 'file'>) =>
  row.file ? `${FileStore.articleDir(row.year, row.volume, row.issue)}/${row.file}` : null;

/** The issue as the site and the admin write it: 'VOL. 8, ISSUE 1 (2026)'. */
const issueLabel = (i: IssueNumbers) => issueTitle(i.year, i.volume, i.issue);

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

/** The columns both forms write, cleaned (HTML sanitised, plain fields stripped of markup), with those derived from them. */
function cleanFields(input: ArticleAddInput | ArticleEditInput) {
  const title = sanitizeTitle(input.title);
  const abstract = sanitizeRichText(input.abstract);
  const authorname = input.authors ? authorLine(input.authors) : toPlainText(input.authorname);
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
 * The structured authors a save writes (decision 100): the form's list, markup stripped, or for a client that sends
 * only the author line, its names with the details the stored authors had under the same names.
 */
function cleanAuthors(input: ArticleAddInput | ArticleEditInput, stored: readonly Author[]): Author[] {
  if (!input.authors) return authorsForLine(toPlainText(input.authorname), stored, input.email);
  return input.authors.map((author) => ({
    ...author,
    given_name: toPlainText(author.given_name),
    family_name: toPlainText(author.family_name),
    affiliation: toPlainText(author.affiliation),
    country: toPlainText(author.country),
  }));
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

/**
 * The issue an article moves to, locked until the move commits, is still where the move was planned: an issue
 * deleted or renumbered meanwhile refuses the move rather than leave the article or its PDF without an issue.
 */
async function assertIssueUnchanged(trx: JournalExecutor, issueId: number, planned: IssueNumbers): Promise<void> {
  const issue = await lockIssue(trx, issueId);
  if (!issue) throw badRequest(MOVE_TARGET_MISSING_MESSAGE);
  if (issue.year !== planned.year || issue.volume !== planned.volume || issue.issue !== planned.issue) {
    throw new HttpError(409, 'issue_changed', 'The issue was changed while the article was being moved. Try again.');
  }
}

/** An article follows the state of the issue it is added or moved to (decision 098). */
const issueStateOf = (issue: Pick<IssueRow, 'state'>) => {
  const published = issue.state === 'published' ? 1 : 0;
  return { issue_published: published, issue_ever_published: published };
};

/** A new article takes the journal's licence of the day: a later change of it does not re-license the archive. */
async function currentLicence(trx: JournalExecutor) {
  const settings = await findSettings(trx);
  return { licence_name: settings?.licence_name ?? '', licence_url: settings?.licence_url ?? '' };
}

/** What an edit changed, in words (values may be long or personal), and where it moved. */
function updateSummary(
  before: ArticleRow,
  after: Partial<ArticleRow>,
  authors: { before: readonly Author[]; after: readonly Author[] },
  newPdf: boolean,
): string {
  const moved = after.issue !== before.issue || after.volume !== before.volume || after.year !== before.year;
  const fields = articleChanges(before, after, authors);
  const parts = fields.length ? [`changed ${fields.join(', ')}`] : [];
  if (newPdf) parts.push('new PDF');
  if (moved) parts.push(`moved from ${issueLabel(before)} to ${issueLabel(after as IssueNumbers)}`);
  return `${before.refnumber}: ${parts.length ? parts.join('; ') : 'saved without changes'}`;
}

export class ArticlesService {
  private readonly journal: FileJournal;

  constructor(
    private readonly db: JournalDb,
    private readonly files: FileStore,
    private readonly clock: WriteClock,
  ) {
    this.journal = new FileJournal(db, files);
  }

  async get(id: number): Promise<ArticleRecord> {
    const row = await findArticleById(this.db, id);
    if (!row) throw notFound('Article not found');
    return toArticleRecord(row, await findAuthors(this.db, id));
  }

  /** Admin records of several articles, each with its authors. */
  private async records(rows: ArticleRow[]): Promise<ArticleRecord[]> {
    const authors = await listAuthorsOf(
      this.db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toArticleRecord(row, authors.get(row.id)));
  }

  async listForIssue(year: number, volume: number, issue: number) {
    const found = await findIssue(this.db, year, volume, issue);
    if (!found) throw notFound('Issue not found');
    const rows = await listIssueArticles(this.db, year, volume, issue);
    return { issue: found, articles: await this.records(rows) };
  }

  async search(text: string): Promise<ArticleRecord[]> {
    const rows = await searchAllArticles(this.db, text.trim(), ADMIN_SEARCH_LIMIT);
    return this.records(rows);
  }

  /** Adds an enabled article and its PDF ({refnumber}.pdf in the issue folder); neither exists unless both do. */
  async create(input: ArticleAddInput, pdf: UploadedFile | undefined, actor: Actor): Promise<ArticleRecord> {
    if (!pdf) throw badRequest(PDF_REQUIRED_MESSAGE, 'invalid_file');
    await assertPdf(pdf.data);
    const fields = cleanFields(input);
    const issue = await findIssue(this.db, input.year, input.volume, input.issue);
    if (!issue) throw notFound('Issue not found');
    const staged = await this.files.stage(
      FileStore.articlePath(issue.year, issue.volume, issue.issue, input.refnumber),
      pdf.data,
    );
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
        ...issueStateOf(issue),
        ...(await currentLicence(trx)),
        createdby: actor.username,
        creation: now,
        modifiedby: actor.username,
        modification: now,
      });
      await replaceAuthors(trx, inserted, cleanAuthors(input, []));
      await this.assertAfterLastPage(trx, issue, input.pagenumber, inserted);
      await this.journal.record(trx, articleFileMoves(staged, null, staged.target));
      const summary = `Added ${input.refnumber} to ${issueLabel(issue)}`;
      await recordActivity(trx, actor, { action: 'create', objectType: 'article', objectId: inserted, summary });
      return inserted;
    });
    this.clock.publicDataChanged();
    return this.get(id);
  }

  /**
   * Updates an article, and moves it to another issue when `issue_id` names one. A new PDF is staged first; the
   * row and the file moves it depends on (the new PDF into place, or the old one to its new reference number or
   * issue) are saved in one transaction and the moves carried out after it, so a reader sees the old file or the
   * new one, never a missing or half-written one, and no copy stays under an old name.
   */
  async update(
    id: number,
    input: ArticleEditInput,
    pdf: UploadedFile | undefined,
    actor: Actor,
  ): Promise<ArticleRecord> {
    const current = await findArticleById(this.db, id);
    if (!current) throw notFound('Article not found');
    if (pdf) await assertPdf(pdf.data);
    const fields = cleanFields(input);
    const destination = await this.destinationIssue(current, input.issue_id);
    const target = FileStore.articlePath(destination.year, destination.volume, destination.issue, input.refnumber);
    const staged = pdf ? await this.files.stage(target, pdf.data) : null;
    await this.save(staged, 'edit', async (trx) => {
      // Read again under the row's lock: a save that committed since may have renamed the file.
      const locked = (await lockArticle(trx, id))!;
      if (input.issue_id !== undefined) await assertIssueUnchanged(trx, input.issue_id, destination);
      const previous = storedPath(locked);
      const values = {
        ...fields,
        year: destination.year,
        volume: destination.volume,
        issue: destination.issue,
        frequency: destination.frequency,
        ...(destination.state ? issueStateOf({ state: destination.state }) : {}),
        status: input.status,
        file: staged || previous ? `${input.refnumber}.pdf` : null,
      };
      const modification = new Date().toISOString();
      await updateArticle(trx, id, { ...values, modifiedby: actor.username, modification });
      const storedAuthors = (await findAuthors(trx, id)) ?? [];
      const authors = cleanAuthors(input, storedAuthors);
      await replaceAuthors(trx, id, authors);
      // Certificate addresses already sent under a corrected name keep working (decision 126).
      const renames = authorRenames({ authorname: locked.authorname, authors: storedAuthors }, { ...values, authors });
      await recordAuthorRenames(trx, id, renames, modification);
      await this.journal.record(trx, articleFileMoves(staged, previous, target));
      await recordActivity(trx, actor, {
        action: 'update',
        objectType: 'article',
        objectId: id,
        summary: updateSummary(locked, values, { before: storedAuthors, after: authors }, staged !== null),
      });
    });
    this.clock.publicDataChanged();
    return this.get(id);
  }

  /**
   * Deletes an article and its PDF, freeing its title and transaction id. An article readers have seen leaves a
   * tombstone that keeps its citation, reference number and DOI (decision 099); one never published frees them too.
   * The file goes after the commit; a crash in between leaves a file no row names, which the repair at start removes
   * (decision 013).
   */
  async delete(id: number, actor: Actor): Promise<void> {
    const row = await this.journal.freeing(async (trx) => {
      const locked = await lockArticle(trx, id);
      if (!locked) throw notFound('Article not found');
      if (wasPublished(locked)) await insertTombstone(trx, locked, new Date().toISOString());
      await deleteArticle(trx, id);
      const summary = `Deleted ${locked.refnumber} from ${issueLabel(locked)}`;
      await recordActivity(trx, actor, { action: 'delete', objectType: 'article', objectId: id, summary });
      return locked;
    });
    const file = storedPath(row);
    if (file) await this.files.remove(file);
    this.clock.publicDataChanged();
  }

  /**
   * Re-licenses the whole archive under the journal's current licence, asked for explicitly: changing the journal's
   * licence alone changes new articles only (decision 098). Returns how many articles changed.
   */
  async applyJournalLicence(actor: Actor): Promise<number> {
    const changed = await this.db.transaction().execute(async (trx) => {
      const licence = await currentLicence(trx);
      const count = await relicenseArticles(trx, licence);
      const summary = `Applied the licence "${licence.licence_name || 'none'}" to ${count} existing articles`;
      await recordActivity(trx, actor, { action: 'update', objectType: 'article', objectId: null, summary });
      return count;
    });
    if (changed > 0) this.clock.publicDataChanged();
    return changed;
  }

  /** The stored PDF of an article of any status, as a path in the file store; null when it has none. */
  async storedFile(id: number): Promise<string | null> {
    const row = await findArticleById(this.db, id);
    const stored = row ? storedPath(row) : null;
    return stored && (await this.journal.inPlace(stored)) ? stored : null;
  }

  /**
   * The stored PDF of a published article (specification: States and transitions), as a path in the file store, with
   * the article's id (its downloads are counted); null for any other file.
   */
  async publishedFile(
    year: number,
    volume: number,
    issue: number,
    file: string,
  ): Promise<{ path: string; articleId: number } | null> {
    const found = await findPublishedArticleFile(this.db, year, volume, issue, file);
    if (!found) return null;
    const path = `${FileStore.articleDir(year, volume, issue)}/${file}`;
    // A row committed by a write whose move is not carried out yet (its process may have died) names a file to come.
    await this.journal.inPlace(path);
    return { path, articleId: found.id };
  }

  /** The write and its file moves run in one transaction (FileJournal); a refused write leaves no file behind. */
  private save<T>(
    staged: StagedFile | null,
    mode: 'add' | 'edit',
    write: (trx: JournalExecutor) => Promise<T>,
  ): Promise<T> {
    return this.journal.transaction(staged, write).catch((error: unknown) => {
      throw duplicateError(error, mode);
    });
  }

  /** The issue an edit leaves the article in: the one `issueId` names, or its own. */
  private async destinationIssue(
    current: ArticleRow,
    issueId: number | undefined,
  ): Promise<IssueNumbers & { frequency: string } & Partial<Pick<IssueRow, 'state'>>> {
    if (issueId === undefined)
      return { year: current.year, volume: current.volume, issue: current.issue, frequency: current.frequency };
    const found = await findIssueById(this.db, issueId);
    if (!found) throw badRequest(MOVE_TARGET_MISSING_MESSAGE);
    return found;
  }

  /** A new article starts after the last page already used in its issue (specification: Validation rules). */
  private async assertAfterLastPage(
    trx: JournalExecutor,
    issue: { year: number; volume: number; issue: number },
    pagenumber: string,
    id: number,
  ) {
    const lastPage = lastPageOf(await issuePageNumbers(trx, issue.year, issue.volume, issue.issue, id));
    if (pageRange(pagenumber)!.first <= lastPage)
      throw new HttpError(400, 'invalid_pagenumber', pageOrderMessage(lastPage));
  }
}

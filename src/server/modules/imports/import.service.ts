import crypto from 'node:crypto';
import fs from 'node:fs';
import { authorsOrLine } from '../../../common/authors.js';
import { ARTICLE_ERROR_MESSAGES } from '../../../common/schemas/article.js';
import type { WriteClock } from '../../cache/write-clock.js';
import { uniqueViolation, type JournalDb, type JournalExecutor } from '../../db/database.js';
import type { ArticleRow, IssueRow } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { FileJournal } from '../../storage/file-journal.js';
import { assertPdf, pictureExtension } from '../../storage/file-signatures.js';
import { FileStore, type StagedFile } from '../../storage/file-store.js';
import { stagePicture } from '../../storage/picture-upload.js';
import type { Actor } from '../activity/activity.repository.js';
import { withDerivedColumns } from '../articles/article-fields.js';
import { replaceAuthors } from '../articles/article-authors.repository.js';
import { insertArticle } from '../articles/articles.repository.js';
import { insertEditor, listAllEditors } from '../editors/editors.repository.js';
import { insertIndexing, listAllIndexing } from '../indexing/indexing.repository.js';
import { insertIssue, lockIssue } from '../issues/issues.repository.js';
import { findSettings } from '../settings/settings.repository.js';
import { articleConflicts, issueLabel } from './import-compare.js';
import { exportSpreadsheet, type ExportTargets } from './spreadsheet-export.js';
import type { ImportedFile, ImportPlan } from './import-plan.js';
import { counted, ImportRefused, shown, type ImportReport, type ProgressListener } from './import-report.js';
import {
  PICTURE_LIMITS,
  Survey,
  type ArticleToCreate,
  type FileCheck,
  type ImportWork,
  type IssueWork,
  type PictureLimit,
} from './import-survey.js';
import {
  doisOfOtherJournals,
  findArticlesByIds,
  insertImportEntry,
  listArticleKeys,
  listAuthorsInBatches,
  listIssues,
  listTombstoneNumbers,
  updateImportEntry,
  updateSettings,
} from './imports.repository.js';

/**
 * Files a dry run reads and checks at once. One: a 308 MB OJS export of 6 MB PDFs is checked with the server at
 * 232 MB at most, where four at once reached 265 MB and two 248 MB, against the 256 MB bar (docs/performance-log.md);
 * the check takes some seconds longer, which an import, done once per journal, can spare.
 */
const FILE_CHECKS_AT_ONCE = 1;

export interface ImportWritten {
  issues: number;
  articles: number;
  editors: number;
  indexing: number;
  settings: number;
}

export interface ImportResult {
  report: ImportReport;
  written: ImportWritten;
}

const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const today = () => new Date().toISOString().slice(0, 10);
const noProgress: ProgressListener = () => {};

/** Where an article's PDF is stored, or null when it has none. */
const storedPdf = (row: ArticleRow) =>
  row.file ? `${FileStore.articleDir(row.year, row.volume, row.issue)}/${row.file}` : null;

async function eachAtOnce<T>(items: readonly T[], limit: number, run: (item: T, index: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await run(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** A read the source refuses (a damaged or oversized entry) is a problem of its record, not a failure of the run. */
async function readImported(file: ImportedFile): Promise<Buffer | { problem: string }> {
  try {
    return await file.read();
  } catch (error) {
    const message = (error as Error).message;
    return { problem: message.includes(file.name) ? message : `${file.name}: ${message}` };
  }
}

/** A check's refusal (HttpError, with the form's message) as a problem; anything else goes on. */
async function refusalOf(check: () => Promise<unknown>): Promise<string | null> {
  try {
    await check();
    return null;
  } catch (error) {
    if (error instanceof HttpError) return error.message;
    throw error;
  }
}

/**
 * The import engine (decision 102). `dryRun` checks a plan against the journal and the forms' rules and reports what
 * an import would create, skip and leave in conflict; it writes nothing. `apply` writes what the dry run found, when
 * it found no problem: the journal's details (settings, editors, indexing entries) in one transaction, then each issue
 * with all its new articles and their PDFs in one transaction of its own, the files staged first and moved into place
 * by the file journal after the commit (decision 013), so a crash at any moment leaves whole issues only. A record
 * already here is never overwritten, so running an import again writes only what is missing.
 */
export class ImportService {
  private readonly journal: FileJournal;
  /** PDFs found sound, by their SHA-256: the dry run `apply` makes does not parse them again. */
  private readonly soundPdfs = new Set<string>();

  constructor(
    private readonly db: JournalDb,
    private readonly files: FileStore,
    private readonly clock: WriteClock,
  ) {
    this.journal = new FileJournal(db, files);
  }

  /** The journal's articles, or one issue's, written as an import reads them: a spreadsheet and a ZIP of the PDFs. */
  exportSpreadsheet(targets: ExportTargets, only?: Pick<IssueRow, 'year' | 'volume' | 'issue'>) {
    return exportSpreadsheet(this.db, this.files, targets, only);
  }

  /** `onProgress` follows the files read, the longest part. */
  async dryRun(plan: ImportPlan, onProgress: ProgressListener = noProgress): Promise<ImportReport> {
    return (await this.survey(plan, onProgress)).finish();
  }

  /** Refuses (ImportRefused, with the report) a plan with problems; `onProgress` follows the records written. */
  async apply(plan: ImportPlan, actor: Actor, onProgress: ProgressListener = noProgress): Promise<ImportResult> {
    // A crash's committed moves first, so that the files this import compares with are in place.
    await this.journal.carryOut();
    const survey = await this.survey(plan, noProgress);
    const report = survey.finish();
    const problems = report.problems.length;
    if (problems)
      throw new ImportRefused(`${problems} problem${problems === 1 ? '' : 's'}: nothing was imported`, report);
    const log = new ImportLog(actor, plan.source);
    const step = progressCounter(survey.work, onProgress);
    await this.writeJournalDetails(survey.work, log, step);
    for (const issue of survey.work.issues) await this.writeIssue(issue, actor, log, step);
    return { report, written: log.written };
  }

  private async survey(plan: ImportPlan, onProgress: ProgressListener): Promise<Survey> {
    const [issues, articles, tombstones, editors, indexing, settings] = await Promise.all([
      listIssues(this.db),
      listArticleKeys(this.db),
      listTombstoneNumbers(this.db),
      listAllEditors(this.db),
      listAllIndexing(this.db),
      findSettings(this.db),
    ]);
    const survey = new Survey(plan, { issues, articles, tombstones, editors, indexing, settings });
    await this.compareMatchedArticles(survey);
    await this.checkDoisOfOtherJournals(survey);
    await this.checkFiles(survey, onProgress);
    return survey;
  }

  private async compareMatchedArticles(survey: Survey): Promise<void> {
    const ids = survey.matched.map((match) => match.storedId);
    const rows = new Map((await findArticlesByIds(this.db, ids)).map((row) => [row.id, row]));
    const authors = await listAuthorsInBatches(this.db, ids);
    for (const match of survey.matched) {
      const row = rows.get(match.storedId);
      if (!row) continue; // deleted since it was read: the apply's own dry run sees it missing
      const stored = authorsOrLine(authors.get(row.id), row);
      survey.conflict(...articleConflicts(match.record, row, stored, match.article, match.issue));
      survey.files.push({
        kind: 'compare',
        record: match.record,
        field: 'pdf',
        file: match.pdf,
        stored: storedPdf(row),
      });
    }
  }

  private async checkDoisOfOtherJournals(survey: Survey): Promise<void> {
    const taken = await doisOfOtherJournals(
      this.db,
      survey.newDois.map((entry) => entry.doi),
    );
    for (const { record, doi } of survey.newDois)
      if (taken.has(doi))
        survey.problem(
          record,
          'doi',
          `${ARTICLE_ERROR_MESSAGES.duplicate_doi}: another journal of this installation has it`,
        );
  }

  /** Every file read and checked, a few at once; what they find is reported in the plan's order. */
  private async checkFiles(survey: Survey, onProgress: ProgressListener): Promise<void> {
    const outcomes: (() => void)[] = [];
    let done = 0;
    await eachAtOnce(survey.files, FILE_CHECKS_AT_ONCE, async (check, index) => {
      outcomes[index] = await this.checkFile(survey, check);
      onProgress({ done: ++done, total: survey.files.length, current: check.record });
    });
    for (const report of outcomes) report();
  }

  /** Reads and checks one file; resolves to what reports the outcome (holding no file meanwhile). */
  private async checkFile(survey: Survey, check: FileCheck): Promise<() => void> {
    const data = check.file ? await readImported(check.file) : null;
    const field = check.kind === 'pdf' ? 'pdf' : check.field;
    if (data && !Buffer.isBuffer(data)) return reporting(survey, check.record, field, data.problem);
    if (check.kind === 'compare') return this.fileDifference(survey, check, data);
    const problem = check.kind === 'pdf' ? await this.pdfProblem(data!) : await pictureProblem(data!, check.limit);
    return reporting(survey, check.record, field, problem);
  }

  private async pdfProblem(data: Buffer): Promise<string | null> {
    const hash = sha256(data);
    if (this.soundPdfs.has(hash)) return null;
    const problem = await refusalOf(() => assertPdf(data));
    if (!problem) this.soundPdfs.add(hash);
    return problem;
  }

  private async fileDifference(
    survey: Survey,
    check: Extract<FileCheck, { kind: 'compare' }>,
    imported: Buffer | null,
  ): Promise<() => void> {
    const stored =
      check.stored && this.files.exists(check.stored)
        ? await fs.promises.readFile(this.files.resolve(check.stored))
        : null;
    if (stored && imported ? stored.equals(imported) : stored === imported) return () => {};
    // Only the descriptions are kept until the outcomes are reported, not the files.
    const describe = (data: Buffer | null) => shown(data ? `a file of ${data.length} bytes` : 'none');
    const conflict = {
      record: check.record,
      field: check.field,
      stored: describe(stored),
      imported: describe(imported),
    };
    return () => survey.conflict(conflict);
  }

  /** Settings, editors and indexing entries in one transaction, their pictures staged first. */
  private async writeJournalDetails(work: ImportWork, log: ImportLog, step: (record: string) => void): Promise<void> {
    const settings = Object.keys(work.settings).length;
    if (!settings && !work.editors.length && !work.indexing.length) return;
    const totals = log.plus({ settings, editors: work.editors.length, indexing: work.indexing.length });
    const now = new Date().toISOString();
    const staged: StagedFile[] = [];
    const entryId = await discardOnFailure(staged, async () => {
      const pictures = await this.stagePictures(work, staged);
      return this.db.transaction().execute(async (trx) => {
        if (settings) await updateSettings(trx, { ...work.settings, updated_at: now });
        for (const { record, value } of work.editors) {
          await insertEditor(trx, { ...value, picture: pictures.get(record) ?? null, creation: now, updated_at: now });
          step(record);
        }
        for (const { record, value } of work.indexing) {
          await insertIndexing(trx, { ...value, image: pictures.get(record)! });
          step(record);
        }
        await this.journal.record(trx, movesOf(staged));
        return log.save(trx, totals);
      });
    });
    log.committed(totals, entryId);
    await this.afterCommit();
  }

  /** Each new editor's picture and indexing entry's logo, staged as the forms stage them; their names by record. */
  private async stagePictures(work: ImportWork, staged: StagedFile[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    const kinds = [
      { records: work.editors, folder: 'editors', prefix: 'editor', limit: PICTURE_LIMITS.editors },
      { records: work.indexing, folder: 'indexing', prefix: 'indexing', limit: PICTURE_LIMITS.indexing },
    ];
    for (const { records, folder, prefix, limit } of kinds)
      for (const { record, picture } of records) {
        if (!picture) continue;
        const upload = { filename: picture.name, data: await picture.read() };
        const stagedPicture = await stagePicture(this.files, folder, prefix, upload, limit);
        staged.push(stagedPicture);
        names.set(record, stagedPicture.name);
      }
    return names;
  }

  /** One issue with all its new articles and their PDFs: nothing of it is saved unless all of it is. */
  private async writeIssue(work: IssueWork, actor: Actor, log: ImportLog, step: (record: string) => void) {
    const totals = log.plus({ issues: work.existing ? 0 : 1, articles: work.articles.length });
    const staged: StagedFile[] = [];
    const entryId = await discardOnFailure(staged, async () => {
      for (const { article, pdf, record } of work.articles) {
        const target = FileStore.articlePath(work.issue.year, work.issue.volume, work.issue.issue, article.refnumber);
        if (pdf) staged.push(await this.files.stage(target, await pdf.read()));
        step(record);
      }
      return this.db
        .transaction()
        .execute(async (trx) => {
          const issue = await this.issueToFill(trx, work);
          const now = new Date().toISOString();
          for (const article of work.articles) await insertImported(trx, issue, article, actor, now);
          await this.journal.record(trx, movesOf(staged));
          return log.save(trx, totals);
        })
        .catch((error: unknown) => {
          throw takenMeanwhile(error, work);
        });
    });
    log.committed(totals, entryId);
    await this.afterCommit();
  }

  /** The issue the articles go to: made now, or the one here, locked and checked unchanged since the dry run. */
  private async issueToFill(trx: JournalExecutor, work: IssueWork): Promise<IssueRow> {
    if (!work.existing) {
      const { publication_date, ...issue } = work.issue;
      const dates = work.articles.map(({ article }) => article.publishdate).sort();
      const date = publication_date || (issue.state === 'published' ? (dates[0] ?? today()) : '');
      const id = await insertIssue(trx, { ...issue, publication_date: date });
      return (await lockIssue(trx, id))!;
    }
    const locked = await lockIssue(trx, work.existing.id);
    if (!locked || issueLabel(locked) !== work.label)
      throw new ImportRefused(`${work.label} was changed while the import ran: run the import again`);
    return locked;
  }

  private async afterCommit(): Promise<void> {
    await this.journal.carryOut();
    await this.files.reserve?.keep();
    this.clock.publicDataChanged();
  }
}

/** An article as the article service adds one, with the plan's status, dates, licence and authors kept. */
async function insertImported(trx: JournalExecutor, issue: IssueRow, item: ArticleToCreate, actor: Actor, now: string) {
  const { authors, ...columns } = item.article;
  const published = issue.state === 'published' ? 1 : 0;
  const id = await insertArticle(trx, {
    ...withDerivedColumns(columns),
    year: issue.year,
    volume: issue.volume,
    issue: issue.issue,
    frequency: issue.frequency,
    file: item.pdf ? `${columns.refnumber}.pdf` : null,
    issue_published: published,
    issue_ever_published: published,
    createdby: actor.username,
    creation: now,
    modifiedby: actor.username,
    modification: now,
  });
  await replaceAuthors(trx, id, authors);
}

/** Staged files go into place once the rows naming them are committed. */
const movesOf = (staged: StagedFile[]) =>
  staged.map((file) => ({ source: file.temp, target: file.target, remove: null }));

/** Staging and a transaction; if either fails, every file staged so far is removed (decision 013). */
async function discardOnFailure<T>(staged: StagedFile[], run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    await Promise.all(staged.map((file) => file.discard()));
    throw error;
  }
}

/** A unique value the dry run found free but another write took before this issue's transaction. */
function takenMeanwhile(error: unknown, work: IssueWork): unknown {
  const constraint = uniqueViolation(error);
  if (!constraint) return error;
  return new ImportRefused(
    `${work.label} was not imported: a value of it was taken while the import ran (${constraint}). ` +
      'The issues before it are imported; run the import again to see what differs.',
  );
}

/** What reports a problem of a file later, or nothing when there is none. */
function reporting(survey: Survey, record: string, field: string, problem: string | null): () => void {
  return () => {
    if (problem) survey.problem(record, field, problem);
  };
}

async function pictureProblem(data: Buffer, limit: PictureLimit): Promise<string | null> {
  return data.length > limit.maxBytes ? limit.message : refusalOf(() => pictureExtension(data));
}

function progressCounter(work: ImportWork, onProgress: ProgressListener): (record: string) => void {
  const total =
    work.editors.length + work.indexing.length + work.issues.reduce((sum, issue) => sum + issue.articles.length, 0);
  let done = 0;
  return (current) => onProgress({ done: ++done, total, current });
}

/**
 * The one activity entry of an import: made by its first transaction, its summary brought up to date by each later
 * one, so that it always says what of the import was saved.
 */
class ImportLog {
  written: ImportWritten = { issues: 0, articles: 0, editors: 0, indexing: 0, settings: 0 };
  private entryId: number | null = null;

  constructor(
    private readonly actor: Actor,
    private readonly source: string,
  ) {}

  plus(added: Partial<ImportWritten>): ImportWritten {
    const totals = { ...this.written };
    for (const [key, count] of Object.entries(added)) totals[key as keyof ImportWritten] += count;
    return totals;
  }

  /** Writes the summary of `totals` in the transaction that brings the import to them; resolves to the entry's id. */
  async save(trx: JournalExecutor, totals: ImportWritten): Promise<number> {
    const summary =
      `Imported from ${this.source}: ` +
      [
        counted(totals.issues, 'issue', 'issues'),
        counted(totals.articles, 'article', 'articles'),
        counted(totals.editors, 'editor', 'editors'),
        counted(totals.indexing, 'indexing entry', 'indexing entries'),
        counted(totals.settings, 'setting', 'settings'),
      ].join(', ');
    if (this.entryId === null) return insertImportEntry(trx, this.actor, summary);
    await updateImportEntry(trx, this.entryId, summary);
    return this.entryId;
  }

  committed(totals: ImportWritten, entryId: number): void {
    this.written = totals;
    this.entryId = entryId;
  }
}

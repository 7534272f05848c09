import crypto from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type archiver from 'archiver';
import { authorsOrLine, type Author } from '../../../common/authors.js';
import type { JournalExecutor } from '../../db/database.js';
import type { ArticleRow, IssueRow } from '../../db/schema.js';
import { FileStore, TEMP_SUFFIX } from '../../storage/file-store.js';
import { listIssueArticles } from '../articles/articles.repository.js';
import { findIssue } from '../issues/issues.repository.js';
import { issueLabel } from './import-compare.js';
import { ImportRefused } from './import-report.js';
import { listAuthorsInBatches, listIssues } from './imports.repository.js';
import { COLUMN_LABELS, COLUMN_NAMES, COLUMNS, NO_PDF, type Cells, type ColumnName } from './spreadsheet-columns.js';
import { ARTICLE_FIELDS } from './import-plan.js';
import { authorCells } from './spreadsheet-plan.js';
import { spreadsheetFormat, tableBytes, writeWhole, type SpreadsheetFormat } from './spreadsheet-file.js';

type IssueNumbers = Pick<IssueRow, 'year' | 'volume' | 'issue'>;
/** Where an export writes its spreadsheet (CSV or XLSX, by its name) and its ZIP of PDFs. */
export interface ExportTargets {
  spreadsheet: string;
  pdfs: string;
}

export interface SpreadsheetExport {
  issues: number;
  articles: number;
  pdfs: number;
  /** What the format cannot carry, said per record: a schedule, a PDF missing from the store. */
  warnings: string[];
}

interface ExportedPdf {
  entry: string;
  path: string;
}

/**
 * Writes a journal, or one issue, as the import reads it (decision 102): the spreadsheet (CSV or XLSX, by the file's
 * extension) with a row per article (a row per issue without articles) and a ZIP of the PDFs, each named by its
 * article's reference number. Imported into an empty journal, the two give back every issue, article, author and PDF.
 * Both files are written under temporary names and renamed once whole.
 */
export async function exportSpreadsheet(
  db: JournalExecutor,
  files: FileStore,
  targets: ExportTargets,
  only?: IssueNumbers,
): Promise<SpreadsheetExport> {
  const format = spreadsheetFormat(targets.spreadsheet);
  const issues = only ? [await oneIssue(db, only)] : await listIssues(db);
  issues.sort((a, b) => a.year - b.year || a.volume - b.volume || a.issue - b.issue);
  const rows: string[][] = [];
  const pdfs: ExportedPdf[] = [];
  const warnings: string[] = [];
  let articles = 0;
  for (const issue of issues) {
    if (issue.state === 'scheduled')
      warnings.push(`${issueLabel(issue)}: scheduled for ${issue.publish_at}, exported as a draft (schedule it again)`);
    const rowsOfIssue = await listIssueArticles(db, issue.year, issue.volume, issue.issue);
    const authors = await listAuthorsInBatches(
      db,
      rowsOfIssue.map((row) => row.id),
    );
    if (rowsOfIssue.length === 0) rows.push(cellsInOrder(issueCells(issue)));
    for (const article of rowsOfIssue) {
      const pdf = storedPdf(files, article, warnings);
      if (pdf) pdfs.push(pdf);
      rows.push(
        cellsInOrder({
          ...issueCells(issue),
          ...articleCells(article, authorsOrLine(authors.get(article.id), article), pdf),
        }),
      );
      articles += 1;
    }
  }
  await writeWhole(targets.spreadsheet, await tableBytes(format, COLUMN_LABELS, rows));
  await writePdfArchive(targets.pdfs, pdfs);
  return { issues: issues.length, articles, pdfs: pdfs.length, warnings };
}

/** The template staff fill in: every column and an example row; the XLSX has a second sheet describing the columns. */
export function templateBytes(format: SpreadsheetFormat): Promise<Buffer> {
  const example = COLUMNS.map((column) => column.example);
  const notes = [
    ['column', 'required', 'what it holds', 'example', 'name in the API (also read as a header)'],
    ...COLUMNS.map((column) => [
      column.label,
      column.required ? 'yes' : '',
      column.description,
      column.example,
      column.name,
    ]),
  ];
  return tableBytes(format, COLUMN_LABELS, [example], [{ name: 'Columns', rows: notes }]);
}

async function oneIssue(db: JournalExecutor, numbers: IssueNumbers): Promise<IssueRow> {
  const issue = await findIssue(db, numbers.year, numbers.volume, numbers.issue);
  if (!issue) throw new ImportRefused(`The journal has no issue ${issueLabel(numbers)}`);
  return issue;
}

/** The article's own columns: each is a column of its row in the database, written as stored. */
const ARTICLE_COLUMNS = ['refnumber', ...ARTICLE_FIELDS] as const satisfies readonly (ColumnName & keyof ArticleRow)[];

const cellsInOrder = (cells: Partial<Cells>) => COLUMN_NAMES.map((name) => cells[name] ?? '');

function issueCells(issue: IssueRow): Partial<Cells> {
  return {
    year: String(issue.year),
    volume: String(issue.volume),
    issue: String(issue.issue),
    frequency: issue.frequency,
    issue_state: issue.state === 'published' ? 'published' : 'draft',
    issue_publication_date: issue.publication_date,
  };
}

function articleCells(article: ArticleRow, authors: Author[], pdf: ExportedPdf | null): Partial<Cells> {
  const own = Object.fromEntries(ARTICLE_COLUMNS.map((name) => [name, article[name]]));
  return { ...own, ...authorCells(authors), pdf: pdf ? '' : NO_PDF };
}

/** The article's PDF as the ZIP names it ({refnumber}.pdf, as the import looks for it), or null when it has none. */
function storedPdf(files: FileStore, article: ArticleRow, warnings: string[]): ExportedPdf | null {
  if (!article.file) return null;
  const path = `${FileStore.articleDir(article.year, article.volume, article.issue)}/${article.file}`;
  if (files.exists(path)) return { entry: `${article.refnumber}.pdf`, path: files.resolve(path) };
  warnings.push(`${article.refnumber}: its PDF ${path} is missing from the store; exported without one`);
  return null;
}

/** The PDFs stored as they are (they are compressed already), into a temporary file renamed once whole. */
async function writePdfArchive(file: string, pdfs: ExportedPdf[]): Promise<void> {
  const { default: archiver } = await import('archiver');
  const temp = `${file}.${crypto.randomBytes(6).toString('hex')}${TEMP_SUFFIX}`;
  const archive = archiver('zip');
  const written = pipeline(archive, fs.createWriteStream(temp));
  try {
    for (const pdf of pdfs) archive.file(pdf.path, { name: pdf.entry, store: true } as archiver.ZipEntryData);
    // A failure while finalizing reaches `written` too.
    archive.finalize().catch(() => {});
    await written;
    await fs.promises.rename(temp, file);
  } catch (error) {
    archive.abort();
    await fs.promises.rm(temp, { force: true });
    throw error;
  }
}

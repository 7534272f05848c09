import path from 'node:path';
import { displayName, type Author } from '../../../common/authors.js';
import { authorName } from '../../../common/citation.js';
import { articleAddSchema, articleEditSchema, PDF_REQUIRED_MESSAGE } from '../../../common/schemas/article.js';
import { issueCreateSchema } from '../../../common/schemas/issue.js';
import { z } from '../../../common/schemas/zod-config.js';
import { sameAuthors } from './import-compare.js';
import {
  emptyPlan,
  type ImportedArticle,
  type ImportedFile,
  type ImportedIssue,
  type ImportPlan,
  type ImportProblem,
} from './import-plan.js';
import { ARCHIVE_LIMITS, PdfArchive, type ArchiveLimits } from './pdf-archive.js';
import {
  AUTHOR_LIST_COLUMNS,
  COLUMN_NAMES,
  columnLabel,
  columnOfHeader,
  ISSUE_COLUMNS,
  NO_PDF,
  type Cells,
  type ColumnName,
} from './spreadsheet-columns.js';
import {
  readTable,
  SPREADSHEET_LIMITS,
  type SheetRow,
  type SpreadsheetLimits,
  type Table,
} from './spreadsheet-file.js';

/**
 * A spreadsheet of articles (spreadsheet-columns.ts) and its ZIP of PDFs read into an import plan (decision 102).
 * What a row holds that cannot be put in the plan (a year that is not a number, an unknown state, a PDF missing from
 * the ZIP) is a problem of the plan, named by its row and column; everything else is left to the dry run, which
 * checks each article with the forms' rules.
 */

/** Columns a sheet must have; the authors are in `authors` or in `authors_json`. */
const REQUIRED_COLUMNS: ColumnName[] = [
  'year',
  'volume',
  'issue',
  'frequency',
  'refnumber',
  'title',
  'abstract',
  'pagenumber',
  'txnid',
  'ptype',
  'publishdate',
];

const HEADER = 'row 1';
const ISSUE_NUMBERS = [
  ['year', 'Year'],
  ['volume', 'Volume'],
  ['issue', 'Issue'],
] as const;
const SHARED_ISSUE_COLUMNS = ['frequency', 'issue_state', 'issue_publication_date'] as const;

type Outcome<T> = { value: T; problems?: undefined } | { value?: undefined; problems: ImportProblem[] };

/** An issue as its rows fill it in: each shared column is given by one row or more, which must agree. */
interface IssueDraft {
  issue: ImportedIssue;
  given: Map<string, { value: string; row: number }>;
}

/** The spreadsheet and its ZIP of PDFs as a plan; `close` once the plan is applied (the PDFs are read from the ZIP). */
export async function openSpreadsheetSource(
  spreadsheet: string,
  pdfs: string | null,
  limits: { spreadsheet?: SpreadsheetLimits; archive?: ArchiveLimits } = {},
): Promise<{ plan: ImportPlan; close(): Promise<void> }> {
  const table = await readTable(spreadsheet, limits.spreadsheet ?? SPREADSHEET_LIMITS);
  const archive = pdfs ? await PdfArchive.open(pdfs, limits.archive ?? ARCHIVE_LIMITS) : null;
  return {
    plan: planFromTable(path.basename(spreadsheet), table, archive),
    close: async () => archive?.close(),
  };
}

export function planFromTable(source: string, table: Table, pdfs: PdfArchive | null): ImportPlan {
  const plan = emptyPlan(source);
  const problems = plan.problems!;
  const columns = columnsOf(table.header, plan);
  if (!columns) {
    labelColumns(problems);
    return plan;
  }
  const issues = new Map<string, IssueDraft>();
  for (const row of table.rows) {
    const cells = Object.fromEntries(
      COLUMN_NAMES.map((name) => [name, row.values[columns.get(name) ?? -1] ?? '']),
    ) as Cells;
    const draft = issueOf(row, cells, issues, problems);
    if (!draft || isIssueOnly(cells)) continue;
    const article = articleOf(`row ${row.number}`, cells, pdfs);
    if (article.value) draft.issue.articles.push(article.value);
    else problems.push(...article.problems);
  }
  plan.issues = [...issues.values()].map(({ issue }) => issue);
  labelColumns(problems);
  for (const name of pdfs?.unasked() ?? [])
    plan.unmapped.push({ record: pdfs!.name, message: `${name} is named by no row: it is not imported` });
  return plan;
}

/** Where each column is (headed by its label or its name); null (with the problems) when one is missing or twice. */
function columnsOf(header: string[], plan: ImportPlan): Map<ColumnName, number> | null {
  const columns = new Map<ColumnName, number>();
  const problem = (field: string, message: string) => plan.problems!.push({ record: HEADER, field, message });
  header.forEach((cell, index) => {
    if (cell.trim() === '') return;
    const name = columnOfHeader(cell);
    if (!name)
      plan.unmapped.push({
        record: HEADER,
        message: `the column "${cell}" is not one of the template's: it is not imported`,
      });
    else if (columns.has(name)) problem(name, 'The column appears twice');
    else columns.set(name, index);
  });
  for (const name of REQUIRED_COLUMNS)
    if (!columns.has(name)) problem(name, 'The column is missing (see the template)');
  if (!columns.has('authors') && !columns.has('authors_json'))
    problem('authors', `The column is missing (see the template), or ${columnLabel('authors_json')} in its place`);
  return plan.problems!.some((entry) => entry.record === HEADER) ? null : columns;
}

/** Each problem of a column names it as its header does ("Transaction ID", not txnid). */
function labelColumns(problems: ImportProblem[]): void {
  for (const problem of problems)
    if (problem.field && !problem.label && columnLabel(problem.field) !== problem.field)
      problem.label = columnLabel(problem.field);
}

const isIssueOnly = (cells: Cells) =>
  COLUMN_NAMES.every((name) => (ISSUE_COLUMNS as readonly string[]).includes(name) || cells[name].trim() === '');

/** The row's issue, made by its first row; null when the row's issue numbers cannot be read. */
function issueOf(row: SheetRow, cells: Cells, issues: Map<string, IssueDraft>, problems: ImportProblem[]) {
  const record = `row ${row.number}`;
  const unreadable = ISSUE_NUMBERS.filter(([column]) => !/^\d{1,9}$/.test(cells[column].trim()));
  for (const [column, label] of unreadable)
    problems.push({ record, field: column, message: `${label} must be a whole number` });
  if (unreadable.length) return null;
  const numbers = ISSUE_NUMBERS.map(([column]) => Number(cells[column].trim()));
  const [year, volume, issue] = numbers as [number, number, number];
  const key = `${year}/${volume}/${issue}`;
  let draft = issues.get(key);
  if (!draft) {
    const empty: ImportedIssue = {
      record: `${record} (issue ${key})`,
      year,
      volume,
      issue,
      frequency: '',
      state: 'published',
      publication_date: '',
      articles: [],
    };
    draft = { issue: empty, given: new Map() };
    issues.set(key, draft);
  }
  for (const column of SHARED_ISSUE_COLUMNS) giveIssueColumn(draft, column, cells[column].trim(), row.number, problems);
  return draft;
}

/** A row's value of an issue column: the issue's unless another row gave it a different one. */
function giveIssueColumn(draft: IssueDraft, column: string, value: string, row: number, problems: ImportProblem[]) {
  if (value === '') return;
  const record = `row ${row}`;
  const earlier = draft.given.get(column);
  if (earlier && earlier.value !== value) {
    const message = `differs from row ${earlier.row} of the same issue (${JSON.stringify(earlier.value)})`;
    return problems.push({ record, field: column, message });
  }
  if (column === 'issue_state') {
    const state = issueCreateSchema.shape.state.safeParse(value);
    if (!state.success || !state.data)
      return problems.push({ record, field: column, message: 'State must be draft or published' });
    draft.issue.state = state.data;
  } else if (column === 'frequency') draft.issue.frequency = value;
  else draft.issue.publication_date = value;
  draft.given.set(column, { value, row });
}

function articleOf(record: string, cells: Cells, pdfs: PdfArchive | null): Outcome<ImportedArticle> {
  const problems: ImportProblem[] = [];
  const authors = authorsFromCells(cells, record);
  const ptype = articleAddSchema.shape.ptype.safeParse(cells.ptype.trim());
  const status = articleEditSchema.shape.status.safeParse(cells.status.trim() || undefined);
  const pdf = pdfOf(record, cells, pdfs);
  if (authors.problems) problems.push(...authors.problems);
  if (!ptype.success) problems.push({ record, field: 'ptype', message: ptype.error.issues[0]!.message });
  if (!status.success) problems.push({ record, field: 'status', message: status.error.issues[0]!.message });
  if (pdf.problems) problems.push(...pdf.problems);
  if (authors.problems || !ptype.success || !status.success || pdf.problems) return { problems };
  return {
    value: {
      record,
      refnumber: cells.refnumber,
      title: cells.title,
      authors: authors.value,
      abstract: cells.abstract,
      keywords: cells.keywords,
      doi: cells.doi,
      subject: cells.subject,
      country: cells.country,
      email: cells.email,
      mobile: cells.mobile,
      pagenumber: cells.pagenumber,
      txnid: cells.txnid,
      ptype: ptype.data,
      publishdate: cells.publishdate,
      status: status.data,
      licence_name: cells.licence_name,
      licence_url: cells.licence_url,
      pdf: pdf.value,
    },
  };
}

/** The row's PDF in the ZIP: named in the `pdf` column, or by the reference number; `none` for an article without. */
function pdfOf(record: string, cells: Cells, pdfs: PdfArchive | null): Outcome<ImportedFile | null> {
  const named = cells.pdf.trim();
  if (named.toLowerCase() === NO_PDF) return { value: null };
  const name = named || `${cells.refnumber.trim()}.pdf`;
  const file = pdfs?.file(name);
  if (file) return { value: file };
  const where = pdfs ? `${pdfs.name} has no ${name}` : `give the ZIP of PDFs, with ${name} in it`;
  return {
    problems: [
      {
        record,
        field: 'pdf',
        message: `${PDF_REQUIRED_MESSAGE} (${where}; "${NO_PDF}" in the ${columnLabel('pdf')} column imports the article without one)`,
      },
    ],
  };
}

type AuthorCells = Pick<
  Cells,
  'authors' | (typeof AUTHOR_LIST_COLUMNS)[number] | 'corresponding_author' | 'authors_json'
>;

/** A list column's entries; empty entries at its end may be left out. */
function entries(text: string): string[] {
  const parts = text.split(';').map((part) => part.trim());
  while (parts.length > 0 && parts.at(-1) === '') parts.pop();
  return parts;
}

const jsonAuthors = z.array(
  z.object({
    given_name: z.string().default(''),
    family_name: z.string().default(''),
    affiliation: z.string().default(''),
    country: z.string().default(''),
    orcid: z.string().default(''),
    email: z.string().default(''),
    corresponding: z.boolean().default(false),
  }),
  { message: 'Authors must be a list' },
);

/** The authors of a row: the `authors` column and the lists beside it, or `authors_json`. */
export function authorsFromCells(cells: AuthorCells, record: string): Outcome<Author[]> {
  if (cells.authors_json.trim()) return authorsFromJson(cells, record);
  const names = entries(cells.authors);
  const problems: ImportProblem[] = [];
  const lists = AUTHOR_LIST_COLUMNS.map((column) => {
    const list = entries(cells[column]);
    if (list.length > names.length)
      problems.push({ record, field: column, message: `${list.length} entries for ${names.length} authors` });
    return list;
  });
  const corresponding = cells.corresponding_author.trim() || '1';
  if (
    names.length > 0 &&
    !(/^\d+$/.test(corresponding) && Number(corresponding) <= names.length && corresponding !== '0')
  )
    problems.push({
      record,
      field: 'corresponding_author',
      message: `must be the place of an author in the list, from 1 to ${names.length}`,
    });
  if (problems.length) return { problems };
  const [affiliations, countries, orcids, emails] = lists as [string[], string[], string[], string[]];
  return {
    value: names.map((name, i) => {
      const { given, family } = authorName(name);
      return {
        given_name: given,
        family_name: family,
        affiliation: affiliations[i] ?? '',
        country: countries[i] ?? '',
        orcid: orcids[i] ?? '',
        email: emails[i] ?? '',
        corresponding: i + 1 === Number(corresponding),
      };
    }),
  };
}

function authorsFromJson(cells: AuthorCells, record: string): Outcome<Author[]> {
  const beside = ['authors', ...AUTHOR_LIST_COLUMNS, 'corresponding_author'] as const;
  const filled = beside.find((column) => cells[column].trim() !== '');
  if (filled)
    return {
      problems: [
        { record, field: filled, message: `must be empty when ${columnLabel('authors_json')} holds the authors` },
      ],
    };
  let json: unknown;
  try {
    json = JSON.parse(cells.authors_json);
  } catch {
    return { problems: [{ record, field: 'authors_json', message: 'Authors must be a list' }] };
  }
  const parsed = jsonAuthors.safeParse(json);
  if (parsed.success) return { value: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { problems: [{ record, field: ['authors_json', ...issue.path].join('.'), message: issue.message }] };
}

/** An author's name as the `authors` column writes it: "Given Family", or "Family, Given" when that reads back wrong. */
function nameCell(author: Author): string {
  const { given, family } = authorName(displayName(author));
  return given === author.given_name && family === author.family_name
    ? displayName(author)
    : `${author.family_name}, ${author.given_name}`.trim();
}

/** A list column's cell: entries joined by "; ", the empty ones at its end left out (they read back the same). */
const listCell = (values: string[]) => values.join('; ').replace(/(;\s*)+$/, '');

/** The author columns of a row for these authors: the lists when they read back exactly, else authors_json. */
export function authorCells(authors: Author[]): AuthorCells {
  const listed: AuthorCells = {
    authors: authors.map(nameCell).join('; '),
    author_affiliations: listCell(authors.map((author) => author.affiliation)),
    author_countries: listCell(authors.map((author) => author.country)),
    author_orcids: listCell(authors.map((author) => author.orcid)),
    author_emails: listCell(authors.map((author) => author.email)),
    corresponding_author: String(authors.findIndex((author) => author.corresponding) + 1 || ''),
    authors_json: '',
  };
  const back = authorsFromCells(listed, '');
  if (back.value && sameAuthors(back.value, authors)) return listed;
  const cleared = Object.fromEntries(Object.keys(listed).map((column) => [column, ''])) as AuthorCells;
  return { ...cleared, authors_json: JSON.stringify(authors) };
}

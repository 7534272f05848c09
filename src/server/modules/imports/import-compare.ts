import { invertedName, type Author } from '../../../common/authors.js';
import type { ArticleRow, EditorRow, IndexingRow, IssueRow } from '../../db/schema.js';
import { ARTICLE_FIELDS } from './import-plan.js';
import { shown, type ImportConflict } from './import-report.js';
import type { CleanArticle, CleanEditor, CleanIndexingEntry, CleanIssue } from './import-validation.js';

/**
 * How a record of a plan differs from the one already here, field by field, with the values as they would be stored
 * (decision 102): an import never overwrites, so each difference is reported as a conflict.
 */
type Compared = [field: string, stored: string | number, imported: string | number];

function conflictsOf(record: string, fields: Compared[]): ImportConflict[] {
  return fields
    .filter(([, stored, imported]) => stored !== imported)
    .map(([field, stored, imported]) => ({
      record,
      field,
      stored: shown(String(stored)),
      imported: shown(String(imported)),
    }));
}

type IssueNumbers = Pick<IssueRow, 'year' | 'volume' | 'issue'>;

export const issueLabel = (issue: IssueNumbers) => `${issue.year} vol. ${issue.volume} issue ${issue.issue}`;

export function issueConflicts(record: string, stored: IssueRow, imported: CleanIssue): ImportConflict[] {
  return conflictsOf(record, [
    ['frequency', stored.frequency, imported.frequency],
    ['state', stored.state, imported.state],
    // A plan without a date leaves the issue's as it is.
    ['publication_date', stored.publication_date, imported.publication_date || stored.publication_date],
  ]);
}

/** Every field of the authors, in order, as one text for reading ("Family, Given (affiliation, ...)"). */
export const authorsText = (authors: readonly Author[]): string =>
  authors
    .map((author) => {
      const details = [author.affiliation, author.country, author.orcid, author.email].filter(Boolean).join(', ');
      return `${invertedName(author)}${details ? ` (${details})` : ''}${author.corresponding ? ' *' : ''}`;
    })
    .join('; ');

/** Two lists of the same authors, every field equal and in the same order. */
export const sameAuthors = (a: readonly Author[], b: readonly Author[]) =>
  a.length === b.length &&
  a.every((author, i) => (Object.keys(author) as (keyof Author)[]).every((key) => author[key] === b[i]![key]));

export function articleConflicts(
  record: string,
  stored: ArticleRow,
  storedAuthors: readonly Author[],
  imported: CleanArticle,
  issue: IssueNumbers,
): ImportConflict[] {
  const fields: Compared[] = [
    ['issue', issueLabel(stored), issueLabel(issue)],
    ...ARTICLE_FIELDS.map((field): Compared => [field, stored[field], imported[field]]),
  ];
  const authors: ImportConflict[] = sameAuthors(storedAuthors, imported.authors)
    ? []
    : [
        {
          record,
          field: 'authors',
          stored: shown(authorsText(storedAuthors)),
          imported: shown(authorsText(imported.authors)),
        },
      ];
  return [...conflictsOf(record, fields), ...authors];
}

export function editorConflicts(record: string, stored: EditorRow, imported: CleanEditor): ImportConflict[] {
  const fields = [
    'category',
    'post',
    'degree',
    'content',
    'email',
    'phone',
    'country',
    'editor_website',
    'status',
    'is_pinned',
  ] as const;
  return conflictsOf(
    record,
    fields.map((field) => [field, stored[field], imported[field]]),
  );
}

export function indexingConflicts(record: string, stored: IndexingRow, imported: CleanIndexingEntry): ImportConflict[] {
  const fields = ['link', 'status', 'sortnumber'] as const;
  return conflictsOf(
    record,
    fields.map((field) => [field, stored[field], imported[field]]),
  );
}

import {
  FILE_SIZE_MESSAGE,
  MAX_PICTURE_BYTES,
  MAX_UPLOAD_BYTES,
  PICTURE_SIZE_MESSAGE,
} from '../../../common/constants.js';
import { ARTICLE_ERROR_MESSAGES, pageRange } from '../../../common/schemas/article.js';
import { LOGO_REQUIRED_MESSAGE } from '../../../common/schemas/indexing.js';
import type { EditorRow, IndexingRow, IssueRow, SettingsRow } from '../../db/schema.js';
import { DEFAULT_SETTINGS } from '../settings/default-settings.js';
import { toPlainText } from '../../storage/sanitize.js';
import { withDerivedColumns } from '../articles/article-fields.js';
import { editorConflicts, indexingConflicts, issueConflicts, issueLabel } from './import-compare.js';
import type {
  ImportedArticle,
  ImportedEditor,
  ImportedFile,
  ImportedIndexingEntry,
  ImportedIssue,
  ImportPlan,
  ImportProblem,
} from './import-plan.js';
import { emptyReport, shown, type ImportConflict, type ImportReport } from './import-report.js';
import {
  checkArticle,
  checkEditor,
  checkIndexingEntry,
  checkIssue,
  checkSettings,
  type CleanArticle,
  type CleanEditor,
  type CleanIndexingEntry,
  type CleanIssue,
  type CleanSettings,
} from './import-validation.js';
import type { ArticleKeys } from './imports.repository.js';

/** The journal's records a plan is compared with, read once at the start of a dry run. */
export interface JournalRecords {
  issues: IssueRow[];
  articles: ArticleKeys[];
  tombstones: { refnumber: string; doi: string }[];
  editors: EditorRow[];
  indexing: IndexingRow[];
  settings: SettingsRow | undefined;
}

type IssueNumbers = Pick<IssueRow, 'year' | 'volume' | 'issue'>;

export interface ArticleToCreate {
  record: string;
  article: CleanArticle;
  pdf: ImportedFile | null;
}

/** One issue's write: the issue (or the one already here) and its articles that are not here yet. */
export interface IssueWork {
  label: string;
  issue: CleanIssue;
  existing: IssueRow | null;
  articles: ArticleToCreate[];
}

export interface WithPicture<T> {
  record: string;
  value: T;
  picture: ImportedFile | null;
}

/** What `apply` writes, once the dry run found no problem. */
export interface ImportWork {
  settings: CleanSettings;
  editors: WithPicture<CleanEditor>[];
  indexing: WithPicture<CleanIndexingEntry>[];
  issues: IssueWork[];
}

/** An article of the plan that is here already: its stored row is compared with it. */
export interface MatchedArticle {
  record: string;
  article: CleanArticle;
  issue: IssueNumbers;
  storedId: number;
  pdf: ImportedFile | null;
}

export interface PictureLimit {
  maxBytes: number;
  message: string;
}

/** The forms' limits of pictures: an editor's picture, an indexing entry's logo. */
export const PICTURE_LIMITS: Record<'editors' | 'indexing', PictureLimit> = {
  editors: { maxBytes: MAX_UPLOAD_BYTES, message: FILE_SIZE_MESSAGE },
  indexing: { maxBytes: MAX_PICTURE_BYTES, message: PICTURE_SIZE_MESSAGE },
};

/** A file the dry run reads: a new PDF or picture to check, or one to compare with the file stored here. */
export type FileCheck =
  | { kind: 'pdf'; record: string; file: ImportedFile }
  | { kind: 'picture'; record: string; field: string; file: ImportedFile; limit: PictureLimit }
  | { kind: 'compare'; record: string; field: string; file: ImportedFile | null; stored: string | null };

const nameKey = (name: string) => toPlainText(name).toLowerCase();
const issueKey = (issue: IssueNumbers) => `${issue.year}/${issue.volume}/${issue.issue}`;

function indexBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T> {
  const index = new Map<string, T>();
  for (const row of rows) if (key(row) !== '') index.set(key(row), row);
  return index;
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** The journal's records by the keys a plan's records are matched and checked with. */
class JournalIndex {
  readonly issues: Map<string, IssueRow>;
  readonly articlesOfIssue: Map<string, ArticleKeys[]>;
  readonly articles: Record<'refnumber' | 'txnid' | 'title_key' | 'doi', Map<string, ArticleKeys>>;
  readonly tombstones: Record<'refnumber' | 'doi', Set<string>>;
  readonly editors: Map<string, EditorRow>;
  readonly indexing: Map<string, IndexingRow>;
  readonly settings: SettingsRow | undefined;

  constructor(here: JournalRecords) {
    this.issues = indexBy(here.issues, issueKey);
    this.articlesOfIssue = groupBy(here.articles, issueKey);
    this.articles = {
      refnumber: indexBy(here.articles, (row) => row.refnumber),
      txnid: indexBy(here.articles, (row) => row.txnid),
      title_key: indexBy(here.articles, (row) => row.title_key),
      doi: indexBy(here.articles, (row) => row.doi),
    };
    this.tombstones = {
      refnumber: new Set(here.tombstones.map((row) => row.refnumber)),
      doi: new Set(here.tombstones.map((row) => row.doi).filter(Boolean)),
    };
    this.editors = indexBy(here.editors, (row) => nameKey(row.name));
    this.indexing = indexBy(here.indexing, (row) => nameKey(row.title));
    this.settings = here.settings;
  }
}

const ROW = /^row (\d+)\b/;

/**
 * Where a record stands in its source, so that problems are listed as a person reads the source: a spreadsheet's
 * "row 14" by its number; another record by its place in the plan (settings, editors, indexing entries, then each
 * issue and its articles); a record the reader kept out of the plan ("issue 2024 vol 3 no 1, article 7") just after
 * its issue; the rest first, as read.
 */
class SourceOrder {
  private readonly places = new Map<string, number>();

  constructor(plan: ImportPlan) {
    const records = [
      'settings',
      ...plan.editors.map((editor) => editor.record),
      ...plan.indexing.map((entry) => entry.record),
      ...plan.issues.flatMap((issue) => [issue.record, ...issue.articles.map((article) => article.record)]),
    ];
    records.forEach((record, index) => this.places.has(record) || this.places.set(record, index));
  }

  placeOf(record: string): number {
    const row = ROW.exec(record);
    if (row) return Number(row[1]);
    const container = this.places.get(record.slice(0, record.indexOf(', ')));
    return this.places.get(record) ?? (container === undefined ? -1 : container + 0.5);
  }
}

/**
 * The part of a dry run that needs no more reading (decision 102): each record checked by the forms' rules, matched
 * with the journal's records by its key (an issue's numbers, an article's reference number, an editor's name, an
 * indexing entry's title), duplicates found within the plan and against the journal, pages checked. What needs the
 * database again (the articles matched, DOIs of other journals) or the files is left listed for the service.
 */
export class Survey {
  readonly report: ImportReport;
  readonly work: ImportWork = { settings: {}, editors: [], indexing: [], issues: [] };
  readonly matched: MatchedArticle[] = [];
  readonly files: FileCheck[] = [];
  /** New articles' DOIs, to be looked for in the other journals. */
  readonly newDois: { record: string; doi: string }[] = [];
  /** Records found here: skipped unless a conflict names them. */
  private readonly found: string[] = [];
  private readonly planKeys = new Map<string, string>();
  private readonly here: JournalIndex;
  private readonly order: SourceOrder;

  constructor(plan: ImportPlan, records: JournalRecords) {
    this.here = new JournalIndex(records);
    this.order = new SourceOrder(plan);
    this.report = emptyReport(plan.source);
    this.report.problems.push(...(plan.problems ?? []));
    this.report.notices.push(...plan.unmapped);
    this.surveySettings(plan.settings);
    plan.editors.forEach((editor) => this.surveyEditor(editor));
    plan.indexing.forEach((entry) => this.surveyIndexingEntry(entry));
    plan.issues.forEach((issue) => this.surveyIssue(issue));
  }

  problem(record: string, field: string, message: string): void {
    this.report.problems.push({ record, field, message });
  }

  conflict(...conflicts: ImportConflict[]): void {
    this.report.conflicts.push(...conflicts);
  }

  /** Records found here and identical once every comparison is made; problems in the order of the source. */
  finish(): ImportReport {
    const differing = new Set(this.report.conflicts.map((conflict) => conflict.record));
    this.report.skipped = this.found.filter((record) => !differing.has(record));
    const place = (problem: ImportProblem) => this.order.placeOf(problem.record);
    this.report.problems.sort((first, second) => place(first) - place(second));
    return this.report;
  }

  private problems(problems: ImportProblem[]): void {
    this.report.problems.push(...problems);
  }

  /** The record that had this key before in the plan, or null (and the key is now this record's). */
  private claim(kind: string, value: string, record: string): string | null {
    const key = `${kind}\u0000${value}`;
    const earlier = this.planKeys.get(key);
    if (earlier === undefined) this.planKeys.set(key, record);
    return earlier ?? null;
  }

  /** A setting is set where the journal has none, or still the product's default; one set differently conflicts. */
  private surveySettings(settings: ImportPlan['settings']): void {
    const checked = checkSettings(settings);
    if (!checked.value) return this.problems(checked.problems);
    for (const [key, value] of Object.entries(checked.value) as [keyof CleanSettings, string | number][]) {
      const stored = this.here.settings?.[key];
      if (stored === value) {
        this.found.push(`setting ${key}`);
      } else if (stored === undefined || stored === '' || stored === DEFAULT_SETTINGS[key]) {
        Object.assign(this.work.settings, { [key]: value });
        this.report.create.settings.push(key);
      } else {
        this.found.push(`setting ${key}`);
        const conflict = {
          record: `setting ${key}`,
          field: key,
          stored: shown(String(stored)),
          imported: shown(String(value)),
        };
        this.conflict(conflict);
      }
    }
  }

  private surveyEditor(editor: ImportedEditor): void {
    const checked = checkEditor(editor);
    if (!checked.value) return this.problems(checked.problems);
    const key = nameKey(checked.value.name);
    const earlier = this.claim('editor', key, editor.record);
    if (earlier) return this.problem(editor.record, 'name', `Another editor of the import has this name (${earlier})`);
    const stored = this.here.editors.get(key);
    if (stored) {
      this.found.push(editor.record);
      this.conflict(...editorConflicts(editor.record, stored, checked.value));
      const path = stored.picture ? `editors/${stored.picture}` : null;
      this.files.push({ kind: 'compare', record: editor.record, field: 'picture', file: editor.picture, stored: path });
      return;
    }
    this.work.editors.push({ record: editor.record, value: checked.value, picture: editor.picture });
    this.report.create.editors.push(editor.record);
    if (editor.picture) {
      const limit = PICTURE_LIMITS.editors;
      this.files.push({ kind: 'picture', record: editor.record, field: 'picture', file: editor.picture, limit });
    }
  }

  private surveyIndexingEntry(entry: ImportedIndexingEntry): void {
    const checked = checkIndexingEntry(entry);
    if (!checked.value) return this.problems(checked.problems);
    const key = nameKey(checked.value.title);
    const earlier = this.claim('indexing', key, entry.record);
    if (earlier)
      return this.problem(entry.record, 'title', `Another indexing entry of the import has this title (${earlier})`);
    const stored = this.here.indexing.get(key);
    if (stored) {
      this.found.push(entry.record);
      this.conflict(...indexingConflicts(entry.record, stored, checked.value));
      const path = stored.image ? `indexing/${stored.image}` : null;
      this.files.push({ kind: 'compare', record: entry.record, field: 'logo', file: entry.logo, stored: path });
      return;
    }
    if (!entry.logo) return this.problem(entry.record, 'logo', LOGO_REQUIRED_MESSAGE);
    this.work.indexing.push({ record: entry.record, value: checked.value, picture: entry.logo });
    this.report.create.indexing.push(entry.record);
    const limit = PICTURE_LIMITS.indexing;
    this.files.push({ kind: 'picture', record: entry.record, field: 'logo', file: entry.logo, limit });
  }

  /** An issue and its articles; the articles are checked even when the issue is refused, so all are reported. */
  private surveyIssue(planned: ImportedIssue): void {
    const checked = checkIssue(planned);
    this.problems(checked.problems);
    const earlier = this.claim('issue', issueKey(planned), planned.record);
    if (earlier) this.problem(planned.record, 'issue', `Another issue of the import has these numbers (${earlier})`);
    const existing = this.here.issues.get(issueKey(planned)) ?? null;
    const articles: ArticleToCreate[] = [];
    for (const article of planned.articles) this.surveyArticle(article, planned, articles);
    this.checkPages(planned, articles);
    if (!checked.value || earlier) return;
    const label = issueLabel(planned);
    if (existing) {
      this.found.push(planned.record);
      this.conflict(...issueConflicts(planned.record, existing, checked.value));
    } else this.report.create.issues.push(label);
    if (!existing || articles.length) this.work.issues.push({ label, issue: checked.value, existing, articles });
  }

  private surveyArticle(planned: ImportedArticle, issue: IssueNumbers, created: ArticleToCreate[]): void {
    const checked = checkArticle(planned);
    if (!checked.value) return this.problems(checked.problems);
    const article = checked.value;
    if (!this.claimArticleKeys(planned.record, article)) return;
    const stored = this.here.articles.refnumber.get(article.refnumber);
    if (stored) {
      this.found.push(planned.record);
      this.matched.push({ record: planned.record, article, issue, storedId: stored.id, pdf: planned.pdf });
      return;
    }
    if (!this.isFree(planned.record, article)) return;
    created.push({ record: planned.record, article, pdf: planned.pdf });
    this.report.create.articles.push(planned.record);
    if (article.doi) this.newDois.push({ record: planned.record, doi: article.doi });
    if (planned.pdf) this.files.push({ kind: 'pdf', record: planned.record, file: planned.pdf });
    else
      this.report.notices.push({ record: planned.record, message: 'no PDF: the article will show no Download link' });
  }

  /** The plan's articles share no reference number, transaction id, title or DOI (the database's unique rules). */
  private claimArticleKeys(record: string, article: CleanArticle): boolean {
    const keys: [field: string, value: string, code: string][] = [
      ['refnumber', article.refnumber, 'duplicate_reference_number'],
      ['txnid', article.txnid, 'duplicate_txnid'],
      ['title', withDerivedColumns(article).title_key, 'duplicate_title'],
      ['doi', article.doi, 'duplicate_doi'],
    ];
    let free = true;
    for (const [field, value, code] of keys) {
      const earlier = value ? this.claim(field, value, record) : null;
      if (earlier) this.problem(record, field, `${ARTICLE_ERROR_MESSAGES[code]}: ${earlier} has it too`);
      free &&= !earlier;
    }
    return free;
  }

  /** A new article's unique values are not taken here, by an article or a deleted article's tombstone. */
  private isFree(record: string, article: CleanArticle): boolean {
    const titleKey = withDerivedColumns(article).title_key;
    const byArticle = (field: string, key: 'txnid' | 'title_key' | 'doi', value: string, code: string) => {
      const holder = value ? this.here.articles[key].get(value) : undefined;
      if (holder) this.problem(record, field, `${ARTICLE_ERROR_MESSAGES[code]}: article ${holder.refnumber} has it`);
      return !holder;
    };
    const byTombstone = (field: 'refnumber' | 'doi', code: string) => {
      const kept = this.here.tombstones[field].has(article[field]);
      if (kept) this.problem(record, field, `${ARTICLE_ERROR_MESSAGES[code]}: a deleted article keeps it`);
      return !kept;
    };
    return [
      byTombstone('refnumber', 'duplicate_reference_number'),
      byArticle('txnid', 'txnid', article.txnid, 'duplicate_txnid'),
      byArticle('title', 'title_key', titleKey, 'duplicate_title'),
      byArticle('doi', 'doi', article.doi, 'duplicate_doi'),
      byTombstone('doi', 'duplicate_doi'),
    ].every(Boolean);
  }

  /**
   * No two articles of an issue share a page: the new ones are checked against each other and against the articles
   * the issue has here. (The add form asks a new article to start after the last page used; an archive arrives in no
   * particular order, so the import asks what that rule keeps: no overlap.)
   */
  private checkPages(issue: IssueNumbers, created: ArticleToCreate[]): void {
    const ranges = [
      ...(this.here.articlesOfIssue.get(issueKey(issue)) ?? []).map((row) => ({
        record: null,
        refnumber: row.refnumber,
        pagenumber: row.pagenumber,
      })),
      ...created.map(({ record, article }) => ({
        record,
        refnumber: article.refnumber,
        pagenumber: article.pagenumber,
      })),
    ]
      // An older article's pages in another form are not compared.
      .flatMap((entry) => {
        const range = pageRange(entry.pagenumber);
        return range ? [{ ...entry, range }] : [];
      })
      .sort((a, b) => a.range.first - b.range.first || a.range.last - b.range.last);
    let reach: (typeof ranges)[number] | null = null;
    for (const entry of ranges) {
      if (reach && entry.range.first <= reach.range.last && (entry.record ?? reach.record)) {
        const [own, other] = entry.record ? [entry, reach] : [reach, entry];
        const message = `Pages ${own.pagenumber} overlap those of article ${other.refnumber} (${other.pagenumber}).`;
        this.problem(own.record!, 'pagenumber', message);
      }
      if (!reach || entry.range.last > reach.range.last) reach = entry;
    }
  }
}

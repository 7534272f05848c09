import type { ImportNotice, ImportProblem } from './import-plan.js';

/** A record already here whose field differs from the plan's: the import leaves it as it is. */
export interface ImportConflict {
  record: string;
  field: string;
  /** The two values, shortened for reading. */
  stored: string;
  imported: string;
}

/** What a dry run found (decision 102); `apply` writes exactly `create` when `problems` is empty. */
export interface ImportReport {
  source: string;
  /** What the import writes: issues by their numbers, other records by the plan's names for them. */
  create: { issues: string[]; articles: string[]; editors: string[]; indexing: string[]; settings: string[] };
  /** Records already here and identical to the plan's. */
  skipped: string[];
  /** Records already here that differ from the plan's, by field: never overwritten. */
  conflicts: ImportConflict[];
  /** What keeps the plan from being applied; nothing is written while there is any. */
  problems: ImportProblem[];
  /** The source's notices (what it holds that has no place here) and the dry run's (an article without a PDF). */
  notices: ImportNotice[];
}

export interface ImportProgress {
  done: number;
  total: number;
  /** The record being checked or written, as the plan names it. */
  current: string;
}

export type ProgressListener = (progress: ImportProgress) => void;

/** A plan that cannot be applied as it is: its report says why; nothing was written. */
export class ImportRefused extends Error {
  constructor(
    message: string,
    readonly report: ImportReport | null = null,
  ) {
    super(message);
  }
}

export const emptyReport = (source: string): ImportReport => ({
  source,
  create: { issues: [], articles: [], editors: [], indexing: [], settings: [] },
  skipped: [],
  conflicts: [],
  problems: [],
  notices: [],
});

/**
 * A problem for a person: "row 5, author 2 (Ravi Iyer), ORCID iD: ORCID iD must be like 0000-0002-1825-0097, with a
 * correct check digit (given: "0000-0002-1825-0098")"; the field by its API name when no words were found for it.
 */
export const problemLine = ({ record, field, message, label, value }: ImportProblem): string => {
  const named = label || field;
  return `${record}${named ? `, ${named}` : ''}: ${message}${value === undefined ? '' : ` (given: ${shown(value)})`}`;
};

/** "2 records left out, for the problems below: row 5, row 14"; '' when none is. */
export function leftOutLine(problems: ImportProblem[]): string {
  const records = [...new Set(problems.map((problem) => problem.record))];
  if (records.length === 0) return '';
  return `${counted(records.length, 'record', 'records')} left out, for the problems below: ${records.join('; ')}`;
}

const SHOWN_CHARACTERS = 80;

/** A value as a conflict shows it: quoted, on one line, long ones cut. */
export function shown(value: string): string {
  const line = value.replace(/\s+/g, ' ').trim();
  return JSON.stringify(line.length > SHOWN_CHARACTERS ? `${line.slice(0, SHOWN_CHARACTERS - 1)}…` : line);
}

/** "1 issue", "3 issues". */
export const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The report as lines for a terminal or a log: counts, then every conflict, problem and notice. */
export function reportLines(report: ImportReport): string[] {
  const { create } = report;
  const lines = [
    `${report.source}: to create ${[
      counted(create.issues.length, 'issue', 'issues'),
      counted(create.articles.length, 'article', 'articles'),
      counted(create.editors.length, 'editor', 'editors'),
      counted(create.indexing.length, 'indexing entry', 'indexing entries'),
      counted(create.settings.length, 'setting', 'settings'),
    ].join(', ')}; ${report.skipped.length} already here and identical (skipped)`,
  ];
  const leftOut = leftOutLine(report.problems);
  if (leftOut) lines.push(leftOut);
  if (create.issues.length) lines.push(`new issues: ${create.issues.join('; ')}`);
  const section = (title: string, items: string[]) => {
    if (items.length) lines.push(`${title} (${items.length}):`, ...items.map((item) => `  ${item}`));
  };
  section(
    'conflicts, left as they are here',
    report.conflicts.map((c) => `${c.record}, ${c.field}: here ${c.stored}, in the import ${c.imported}`),
  );
  section('problems', report.problems.map(problemLine));
  section(
    'notices',
    report.notices.map((notice) => `${notice.record}: ${notice.message}`),
  );
  return lines;
}

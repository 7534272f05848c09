import type { ImportWritten } from '../../../common/schemas/imports.js';

/** "1 issue", "3 issues". */
export const counted = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

/** "2 issues, 8 articles, 1 editor, 0 indexing entries and 3 settings". */
export const recordsText = (counts: ImportWritten) =>
  [
    counted(counts.issues, 'issue', 'issues'),
    counted(counts.articles, 'article', 'articles'),
    counted(counts.editors, 'editor', 'editors'),
    counted(counts.indexing, 'indexing entry', 'indexing entries'),
  ].join(', ') + ` and ${counted(counts.settings, 'setting', 'settings')}`;

/** "2024 vol. 3 issue 1", as the import names issues. */
export const issueName = (issue: { year: number; volume: number; issue: number }) =>
  `${issue.year} vol. ${issue.volume} issue ${issue.issue}`;

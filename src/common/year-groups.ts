import type { YearGroup } from './schemas/archives.js';

/** A year group as archive pages list it: a closed group away from the page shown carries only its newest issue. */
export type ListedYearGroup = YearGroup & { partial?: true };

/** The year groups whole, and each closed to its newest issue, in the same order. */
export interface YearGroupLists {
  whole: YearGroup[];
  closed: ListedYearGroup[];
}

/**
 * A group closed to its newest issue, all that a closed group shows or links to (decision 017); a century of
 * issues so stays out of every archive page's data. A group without issues is already as short as it gets.
 */
function closedYearGroup(group: YearGroup): ListedYearGroup {
  const newest = group.issues[0];
  if (newest === undefined) return group;
  const month = group.issue_month[newest];
  return { ...group, issues: [newest], issue_month: month ? { [newest]: month } : {}, partial: true };
}

export const yearGroupLists = (whole: YearGroup[]): YearGroupLists => ({ whole, closed: whole.map(closedYearGroup) });

import type { YearGroup } from './schemas/archives.js';

/** A group away from the page shown, closed to what it shows: its title, which links to the year's page. */
export interface ClosedYearGroup {
  year: number;
  volume: number;
  closed: true;
}

/** A year group as archive pages list it: whole, or closed. */
export type ListedYearGroup = YearGroup | ClosedYearGroup;

export const isClosed = (group: ListedYearGroup): group is ClosedYearGroup => 'closed' in group;

/** The year groups whole, and each closed, in the same order. */
export interface YearGroupLists {
  whole: YearGroup[];
  closed: ListedYearGroup[];
}

/**
 * A group closed to its title; the year's page lists every issue of the year (decision 107). A century of issues so
 * stays out of every archive page's data. A group without issues is already as short as it gets.
 */
const closedYearGroup = (group: YearGroup): ListedYearGroup =>
  group.issues.length === 0 ? group : { year: group.year, volume: group.volume, closed: true };

export const yearGroupLists = (whole: YearGroup[]): YearGroupLists => ({ whole, closed: whole.map(closedYearGroup) });

import { issueTitle } from '../../../common/archive-links.js';
import type { MonthUsage } from '../../../common/schemas/statistics.js';

/** The series' colours: the site's navy, and an amber that stands out from white (3:1 at least) and from the navy. */
export const VIEWS_COLOUR = '#1d3a6e';
export const DOWNLOADS_COLOUR = '#b45309';

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-03' as 'Mar 2026'. */
export const monthName = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** 12,345: the same grouping whatever the browser's language, like the rest of the admin. */
export const figure = (value: number) => value.toLocaleString('en');

/** 'VOL. 4, ISSUE 1 (2025)' as the site writes it, or a dash for a deleted article whose issue is unknown. */
export const issueName = (item: { year: number | null; volume: number | null; issue: number | null }) =>
  item.year === null ? '—' : issueTitle(item.year, item.volume!, item.issue!);

export function totalsOf(months: MonthUsage[]): { views: number; downloads: number } {
  return months.reduce(
    (sum, month) => ({ views: sum.views + month.views, downloads: sum.downloads + month.downloads }),
    { views: 0, downloads: 0 },
  );
}

import type { Month, UsedItem } from '../usage/usage-data.js';
import type { ItemMetric } from './counter-definitions.js';
import { inPeriod, type Period } from './counter-period.js';

/** Usage per month, months without usage left out (the API's Counts). */
export type Counts = Record<Month, number>;
/** Counts per metric, metrics without usage left out (the API's Performance). */
export type Performance = Record<string, Counts>;

const byMonth = ([a]: [Month, number], [b]: [Month, number]) => (a < b ? -1 : 1);

/**
 * One figure of many sources added up over the period. Month granularity keeps each month with usage; Total gives
 * the period's sum under its first month, as COUNTER writes Granularity=Total. Null when there is no usage.
 */
export function countsOf(sources: Record<Month, number>[], period: Period, total: boolean): Counts | null {
  const sums = new Map<Month, number>();
  for (const source of sources)
    for (const [month, count] of Object.entries(source))
      if (count > 0 && inPeriod(month, period)) sums.set(month, (sums.get(month) ?? 0) + count);
  if (sums.size === 0) return null;
  if (total) return { [period.begin]: [...sums.values()].reduce((sum, count) => sum + count, 0) };
  return Object.fromEntries([...sums].sort(byMonth));
}

const seriesOf = (item: UsedItem, metric: ItemMetric): Record<Month, number> =>
  Object.fromEntries(Object.entries(item.months).map(([month, counts]) => [month, counts[metric]]));

/** The metrics asked for, added up over the items; null when none of them has usage. */
export function itemPerformance(
  items: UsedItem[],
  metrics: readonly ItemMetric[],
  period: Period,
  total: boolean,
): Performance | null {
  const entries = metrics.flatMap((metric) => {
    const counts = countsOf(
      items.map((item) => seriesOf(item, metric)),
      period,
      total,
    );
    return counts ? [[metric, counts] as const] : [];
  });
  return entries.length ? Object.fromEntries(entries) : null;
}

/** A row's usage over the period: the tabular report's Reporting_Period_Total. */
export const periodTotal = (counts: Counts) => Object.values(counts).reduce((sum, count) => sum + count, 0);

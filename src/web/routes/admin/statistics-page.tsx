import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { CounterKey } from '../../../common/schemas/counter.js';
import type { Statistics } from '../../../common/schemas/statistics.js';
import { adminLoad, adminRequest } from '../../features/admin-shell/admin-request.js';
import { CounterAccess, type CounterKeys } from '../../features/admin-statistics/counter-access.js';
import { COUNTER_KEYS_URL } from '../../features/admin-statistics/counter-keys.js';
import { COUNTER_REPORTS_PATH, type AvailableMonths } from '../../features/admin-statistics/counter-reports.js';
import { CsvDownload } from '../../features/admin-statistics/csv-download.js';
import { PeriodChooser } from '../../features/admin-statistics/period-chooser.js';
import { UsageChart } from '../../features/admin-statistics/usage-chart.js';
import { ArticlesTable, IssuesTable, MonthlyTable } from '../../features/admin-statistics/usage-tables.js';

/** The period of the address goes to the API as it is; the server refuses what it cannot read. */
export async function statisticsLoader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const query = new URLSearchParams();
  for (const name of ['from', 'to']) {
    const value = params.get(name);
    if (value) query.set(name, value);
  }
  // One after the other: without a login the first goes to the sign-in page before the second is refused.
  const statistics = await adminLoad<Statistics>(`/api/admin/statistics?${query}`);
  const answer = await adminRequest<CounterKey[]>(COUNTER_KEYS_URL);
  const keys: CounterKeys = answer.ok ? { ok: true, keys: answer.data } : { ok: false, message: answer.message };
  return { statistics, keys, available: await availableMonths() };
}

/** The months the COUNTER reports have usage for, from the API's list of reports; null when it cannot be read. */
async function availableMonths(): Promise<AvailableMonths | null> {
  const answer =
    await adminRequest<{ First_Month_Available: string; Last_Month_Available: string }[]>(COUNTER_REPORTS_PATH);
  const first = answer.ok ? answer.data[0] : undefined;
  return first ? { first: first.First_Month_Available, last: first.Last_Month_Available } : null;
}

/** The chart, its table and the most read lists of a period with usage. */
function UsageSections({ statistics }: { statistics: Statistics }) {
  return (
    <>
      <h2>Views and downloads per month</h2>
      <UsageChart months={statistics.months} />
      <MonthlyTable months={statistics.months} />
      <h2>Most read articles</h2>
      <ArticlesTable articles={statistics.articles} />
      {statistics.issues.length > 0 && (
        <>
          <h2>Most read issues</h2>
          <IssuesTable issues={statistics.issues} />
        </>
      )}
    </>
  );
}

/** Usage by the COUNTER Code of Practice 5.1 (decision 101): views are abstract views, downloads PDF downloads. */
export function StatisticsPage() {
  const { statistics, keys, available } = useLoaderData<typeof statisticsLoader>();
  const period = { from: statistics.from, to: statistics.to };

  return (
    <section className="statistics">
      <div className="page-title">
        <h1>Statistics</h1>
        <CsvDownload period={period} />
      </div>
      <p className="muted">
        Views are readings of an article&apos;s abstract page, downloads of its PDF, counted by the COUNTER Code of
        Practice 5.1: robots and repeated clicks within 30 seconds are left out.
      </p>
      <PeriodChooser key={`${period.from}/${period.to}`} period={period} />
      {statistics.articles.length > 0 ? (
        <UsageSections statistics={statistics} />
      ) : (
        <p className="admin-card admin-empty">No usage counted in this period yet.</p>
      )}
      <CounterAccess keys={keys} period={period} available={available} />
    </section>
  );
}

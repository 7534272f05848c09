import type { Period } from '../../../common/schemas/statistics.js';
import { useFileDownload } from './file-download.js';

/** Every used article of the period as CSV. */
export function CsvDownload({ period }: { period: Period }) {
  const { running, problem, download } = useFileDownload();
  const url = `/api/admin/statistics.csv?${new URLSearchParams({ ...period })}`;

  return (
    <div className="stats-csv">
      <button
        type="button"
        className="button-primary"
        onClick={() => download(url, `usage-${period.from}-to-${period.to}.csv`)}
        disabled={running}
      >
        Download CSV
      </button>
      {problem && (
        <span role="alert" className="field-error">
          {problem}
        </span>
      )}
    </div>
  );
}

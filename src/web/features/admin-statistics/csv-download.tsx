import { useState } from 'react';
import type { Period } from '../../../common/schemas/statistics.js';
import { adminDownload } from '../admin-shell/admin-request.js';
import { saveFile } from '../pdf-exports/export-download.js';

/**
 * Every used article of the period as CSV. Fetched with the stored login and then saved: a plain link would go
 * without the token and be refused.
 */
export function CsvDownload({ period }: { period: Period }) {
  const [running, setRunning] = useState(false);
  const [problem, setProblem] = useState('');
  const name = `usage-${period.from}-to-${period.to}.csv`;

  async function download() {
    setRunning(true);
    setProblem('');
    const result = await adminDownload(`/api/admin/statistics.csv?${new URLSearchParams({ ...period })}`, {
      fallbackName: name,
    });
    setRunning(false);
    if (result.ok) saveFile(result.data.blob, result.data.filename);
    else if (result.status !== 401) setProblem(result.message);
  }

  return (
    <div className="stats-csv">
      <button type="button" className="button-primary" onClick={download} disabled={running}>
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

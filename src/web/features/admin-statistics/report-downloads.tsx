import type { Period } from '../../../common/schemas/statistics.js';
import { COUNTER_REPORTS, reportFileName, reportUrl, type ReportFormat } from './counter-reports.js';
import { useFileDownload } from './file-download.js';

const FORMATS: { format: ReportFormat; label: string }[] = [
  { format: 'tsv', label: 'TSV' },
  { format: 'json', label: 'JSON' },
];

/** The period's COUNTER reports for the whole journal, fetched with the admin's own sign-in: no API key needed. */
export function ReportDownloads({ period }: { period: Period }) {
  const { running, problem, download } = useFileDownload();

  return (
    <>
      <ul className="stats-reports">
        {COUNTER_REPORTS.map((report) => (
          <li key={report.id}>
            <span>
              <span className="stats-report-name">{report.name}</span>
              <small className="hint">{report.purpose}</small>
            </span>
            {FORMATS.map(({ format, label }) => (
              <button
                key={format}
                type="button"
                className="link-button"
                disabled={running}
                onClick={() =>
                  download(reportUrl(report.id, period, format), reportFileName(report.id, period, format))
                }
              >
                {label}
                <span className="visually-hidden"> of {report.name}</span>
              </button>
            ))}
          </li>
        ))}
      </ul>
      {problem && (
        <p role="alert" className="field-error">
          {problem}
        </p>
      )}
    </>
  );
}

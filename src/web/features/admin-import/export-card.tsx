import { useState } from 'react';
import type { AdminIssue } from '../../../common/schemas/issue.js';
import { sizeText, type SpreadsheetFormat } from '../../../common/schemas/imports.js';
import { adminDownload } from '../admin-shell/admin-request.js';
import { saveFile } from '../pdf-exports/export-download.js';
import { ImportProgress } from './import-progress.js';
import { issueName } from './import-texts.js';

type ExportState =
  | { kind: 'idle' }
  | { kind: 'running'; what: string; received: number }
  | { kind: 'saved'; filename: string; bytes: number }
  | { kind: 'failed'; message: string };

const issueKey = (issue: AdminIssue) => `${issue.year}/${issue.volume}/${issue.issue}`;

/** Fetches an export with the admin's sign-in, showing the bytes as they come, then saves it. */
function useExport() {
  const [state, setState] = useState<ExportState>({ kind: 'idle' });

  async function download(query: URLSearchParams, what: string) {
    setState({ kind: 'running', what, received: 0 });
    const result = await adminDownload(`/api/admin/import/export?${query}`, {
      fallbackName: 'journal-export.zip',
      onProgress: (received) => setState({ kind: 'running', what, received }),
    });
    if (result.ok) {
      saveFile(result.data.blob, result.data.filename);
      setState({ kind: 'saved', filename: result.data.filename, bytes: result.data.blob.size });
    } else setState(result.status === 401 ? { kind: 'idle' } : { kind: 'failed', message: result.message });
  }

  return { state, download };
}

function ExportStatus({ state }: { state: ExportState }) {
  if (state.kind === 'running')
    return (
      <ImportProgress
        label="Export download"
        text={`Preparing the export of ${state.what}… ${sizeText(state.received)} received`}
      />
    );
  if (state.kind === 'saved')
    return (
      <p role="status">
        Saved {state.filename} ({sizeText(state.bytes)}).
      </p>
    );
  if (state.kind === 'failed')
    return (
      <p className="form-error" role="alert">
        {state.message}
      </p>
    );
  return null;
}

/** The journal, or one of its issues, as the two files the spreadsheet import takes back. */
export function ExportCard({ issues }: { issues: AdminIssue[] }) {
  const [format, setFormat] = useState<SpreadsheetFormat>('xlsx');
  const [chosen, setChosen] = useState('');
  const { state, download } = useExport();
  const running = state.kind === 'running';
  const issue = issues.find((item) => issueKey(item) === chosen) ?? issues[0];

  return (
    <section className="admin-card admin-form import-export" aria-labelledby="export-title">
      <h2 id="export-title">Export this journal</h2>
      <p className="hint">
        A ZIP of the spreadsheet (articles.{format}) and pdfs.zip, the PDFs named by reference number: unzip it, and the
        two files are what the spreadsheet import above takes back, here or in another installation.
      </p>
      <div className="import-export-line">
        <label>
          Spreadsheet format
          <select value={format} onChange={(event) => setFormat(event.target.value as SpreadsheetFormat)}>
            <option value="xlsx">XLSX (Excel, LibreOffice)</option>
            <option value="csv">CSV</option>
          </select>
        </label>
        <button
          type="button"
          className="button-primary"
          disabled={running}
          onClick={() => void download(new URLSearchParams({ format }), 'the journal')}
        >
          Export the journal
        </button>
      </div>
      {issue && (
        <div className="import-export-line">
          <label>
            Issue
            <select value={issueKey(issue)} onChange={(event) => setChosen(event.target.value)}>
              {issues.map((item) => (
                <option key={item.id} value={issueKey(item)}>
                  {issueName(item)}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="button-primary"
            disabled={running}
            onClick={() => void download(new URLSearchParams({ format, issue: issueKey(issue) }), issueName(issue))}
          >
            Export this issue
          </button>
        </div>
      )}
      <ExportStatus state={state} />
    </section>
  );
}

import { useState } from 'react';
import { adminDownload } from '../admin-shell/admin-request.js';
import { saveFile } from '../pdf-exports/export-download.js';

/** Downloads the issue's Crossref deposit XML; shows why when the server refuses (e.g. articles without a DOI). */
export function CrossrefButton({ issue }: { issue: { year: number; volume: number; issue: number } }) {
  const [problem, setProblem] = useState('');
  const name = `crossref-${issue.year}-${issue.volume}-${issue.issue}.xml`;

  async function download() {
    const result = await adminDownload(`/api/admin/crossref/${issue.year}/${issue.volume}/${issue.issue}`, {
      fallbackName: name,
    });
    if (result.ok) saveFile(result.data.blob, name);
    setProblem(result.ok || result.status === 401 ? '' : result.message);
  }

  return (
    <>
      <button type="button" onClick={() => void download()}>
        Crossref XML
      </button>
      {problem && (
        <p className="flash flash-error" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}

import { useState } from 'react';
import { adminDownload } from '../admin-shell/admin-request.js';
import { saveFile } from '../pdf-exports/export-download.js';

/**
 * A file of the admin API fetched with the stored login and then saved: a plain link would go without the token
 * and be refused. A 401 has already ended the session, so only other refusals are kept to show.
 */
export function useFileDownload() {
  const [running, setRunning] = useState(false);
  const [problem, setProblem] = useState('');

  async function download(url: string, fallbackName: string) {
    setRunning(true);
    setProblem('');
    const result = await adminDownload(url, { fallbackName });
    setRunning(false);
    if (result.ok) saveFile(result.data.blob, result.data.filename);
    else if (result.status !== 401) setProblem(result.message);
  }

  return { running, problem, download };
}

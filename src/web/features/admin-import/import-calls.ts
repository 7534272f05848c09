import {
  IMPORT_UPLOAD_FIELDS,
  IMPORT_UPLOADS,
  uploadTooLargeMessage,
  type ImportLine,
  type ImportReport,
} from '../../../common/schemas/imports.js';
import type { ApiResult, Download } from '../../lib/api-client.js';
import { adminDownload, adminRequest } from '../admin-shell/admin-request.js';

/** The import screen's calls (decision 102): the dry run, and the import read line by line as it streams. */

const CHECK_URL = '/api/admin/import/check';
const RUN_URL = '/api/admin/import/run';

/** What the form sends: the chosen source's fields and files, and their size for the screen to mention. */
export interface ImportUpload {
  body: FormData;
  bytes: number;
  /** "articles.xlsx and pdfs.zip", or the site's address. */
  what: string;
}

const isFile = (value: FormDataEntryValue): value is File => typeof value !== 'string';

/**
 * The form's data, empty file inputs left out, or why it cannot be sent: a file over its limit is refused here,
 * with the server's message, before gigabytes go over the line for nothing.
 */
export function uploadOf(form: HTMLFormElement): ImportUpload | { problem: string } {
  const body = new FormData(form);
  const files: File[] = [];
  for (const field of IMPORT_UPLOAD_FIELDS) {
    const file = body.get(field);
    if (!file || !isFile(file)) continue;
    if (file.size === 0) body.delete(field);
    else if (file.size > IMPORT_UPLOADS[field].limit) return { problem: uploadTooLargeMessage(field) };
    else files.push(file);
  }
  const url = body.get('url');
  const what = files.length ? files.map((file) => file.name).join(' and ') : typeof url === 'string' ? url : '';
  return { body, bytes: files.reduce((sum, file) => sum + file.size, 0), what };
}

export const checkImport = (upload: ImportUpload): Promise<ApiResult<ImportReport>> =>
  adminRequest<ImportReport>(CHECK_URL, { method: 'POST', body: upload.body });

/** Splits the streamed answer into its JSON lines, a line cut between two chunks joined again. */
function lineReader(onLine: (line: ImportLine) => void) {
  const decoder = new TextDecoder();
  let pending = '';
  return (chunk: Uint8Array) => {
    pending += decoder.decode(chunk, { stream: true });
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) onLine(JSON.parse(line) as ImportLine);
  };
}

/** Runs the import, handing each line to `onLine` as it arrives; resolves when the answer has ended. */
export const runImport = (upload: ImportUpload, onLine: (line: ImportLine) => void): Promise<ApiResult<Download>> =>
  adminDownload(RUN_URL, {
    method: 'POST',
    body: upload.body,
    fallbackName: 'import.ndjson',
    onChunk: lineReader(onLine),
  });

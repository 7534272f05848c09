import { getSession } from '../../lib/session.js';
import { expireSession } from '../admin-shell/admin-request.js';
import { saveFile } from '../pdf-exports/export-download.js';

/**
 * Saves an article's stored PDF, whatever the article's status, fetched with the admin token: the public
 * address serves the PDFs of published articles only. Answers why it failed, or null.
 */
export async function downloadStoredPdf(article: { id: number; file: string }): Promise<string | null> {
  const headers: Record<string, string> = {};
  const token = getSession()?.token;
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`/api/admin/archives/${article.id}/pdf`, { headers }).catch(() => null);
  if (!response) return 'Network Error';
  if (response.status === 401) {
    expireSession();
    return null;
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { message?: string } | null;
    return payload?.message ?? `Request failed with status code ${response.status}`;
  }
  saveFile(await response.blob(), article.file);
  return null;
}

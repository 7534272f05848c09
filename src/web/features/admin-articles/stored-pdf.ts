import { adminDownload } from '../admin-shell/admin-request.js';
import { saveFile } from '../pdf-exports/export-download.js';

/**
 * Saves an article's stored PDF, whatever the article's status, fetched with the admin token: the public
 * address serves the PDFs of published articles only. Answers why it failed, or null (also after a 401,
 * which has ended the session).
 */
export async function downloadStoredPdf(article: { id: number; file: string }): Promise<string | null> {
  const result = await adminDownload(`/api/admin/archives/${article.id}/pdf`, { fallbackName: article.file });
  if (result.ok) {
    saveFile(result.data.blob, article.file);
    return null;
  }
  return result.status === 401 ? null : result.message;
}

import type { ImportedFile } from '../import-plan.js';
import { SiteCallFailed, type SiteClient } from './site-client.js';

/** The bounds of a file downloaded: far above a journal's PDF or picture, far below what harms the server. */
export const MAX_FILE_BYTES = 64 * 1_048_576;

/**
 * A file at its address on the site, downloaded when the import reads it, through the client (so within its bounds
 * on requests at once, with its retries). A read that fails rejects with a message naming the file, the address and
 * the cause; for a PDF, bytes that are not one (a site's page answered for a missing file) are refused the same way.
 */
export function siteFile(
  client: SiteClient,
  path: string,
  name: string,
  kind: 'pdf' | 'picture',
  maxBytes: number,
): ImportedFile {
  return {
    name,
    async read() {
      const address = client.address(path);
      const cannot = (reason: string) =>
        new Error(`The file ${name} could not be downloaded from ${address}: ${reason}.`);
      const answer = await client.get(path, maxBytes).catch((error: unknown) => {
        throw error instanceof SiteCallFailed ? cannot(error.reason) : error;
      });
      if (answer.status !== 200) throw cannot(`the site answered ${answer.status} ${answer.statusText}`.trim());
      if (kind === 'pdf' && !answer.body.subarray(0, 1024).includes('%PDF-')) {
        throw cannot(`what the site answered is not a PDF (${answer.contentType || 'no content type'})`);
      }
      return answer.body;
    },
  };
}

import path from 'node:path';
import { emptyPlan, type ImportedIssue, type ImportPlan } from '../import-plan.js';
import { fileHead, OJS_2_DOCTYPE, prologRefusal } from '../xml-doctype.js';
import { issueOf2 } from './ojs-2-issues.js';
import { DOWNLOAD_TIMEOUT_MS, MAX_GALLEY_BYTES } from './ojs-files.js';
import { issueOf } from './ojs-issues.js';
import { loadOjsXml, OjsExportError } from './ojs-xml.js';
import type { ReadContext } from './read-context.js';

export { MAX_OJS_XML_BYTES, OjsExportError } from './ojs-xml.js';

export interface OjsReadOptions {
  /**
   * Whether galleys named by <href> (exports made with OJS's "no-embed" or "use-file-urls" options) are read: from a
   * path, or downloaded over http(s). Only the command line should allow it, as OJS itself does, so that a file
   * uploaded through the web cannot make the server read its own disk or call addresses the file chooses.
   * Default false.
   */
  allowHrefs?: boolean;
  /** Where relative <href> paths start; default the export's folder, as OJS reads them. */
  filesDir?: string;
  /** Largest galley read, embedded, from a path or downloaded; default MAX_GALLEY_BYTES. */
  maxFileBytes?: number;
  /** Time allowed for each download, answer and body; default DOWNLOAD_TIMEOUT_MS. */
  downloadTimeoutMs?: number;
}

/**
 * The import plan of an Open Journal Systems Native XML export of issues: OJS 2.4 (native.dtd), 3.0-3.1 (metadata in
 * <article>) or 3.2 and later (in <publication>). Rejects with an
 * OjsExportError, whose message is for the person importing, when the file is too large, declares a DOCTYPE
 * (xml-doctype.ts), is not well-formed XML or is not such an export. Whatever the export holds that has no place here
 * is in `plan.unmapped`, and a record it could not read (an issue without a volume, say) in `plan.problems`, each
 * named by its record. Each PDF is read only by its ImportedFile.read(), which rejects with a message naming the file
 * and the cause when it cannot be had.
 */
export async function readOjsNativeXml(file: string, options: OjsReadOptions = {}): Promise<ImportPlan> {
  const refusal = prologRefusal('The file', await fileHead(file), [OJS_2_DOCTYPE]);
  if (refusal) throw new OjsExportError(refusal);
  const { generation, issues, embedded } = await loadOjsXml(file);
  const plan = { ...emptyPlan(path.basename(file)), problems: [] };
  const context: ReadContext = {
    unmapped: plan.unmapped,
    problems: plan.problems,
    embedded,
    hrefBase: options.allowHrefs ? path.resolve(options.filesDir ?? path.dirname(file)) : null,
    limits: {
      maxBytes: options.maxFileBytes ?? MAX_GALLEY_BYTES,
      downloadTimeoutMs: options.downloadTimeoutMs ?? DOWNLOAD_TIMEOUT_MS,
    },
  };
  const read = generation === '2.4' ? issueOf2 : issueOf;
  plan.issues = issues
    .map((issue, index) => read(issue, index + 1, context))
    .filter((issue): issue is ImportedIssue => issue !== null);
  return plan;
}

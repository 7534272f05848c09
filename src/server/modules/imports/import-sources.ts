import type { ImportPlan } from './import-plan.js';
import { ImportRefused, type ProgressListener } from './import-report.js';
import { readSite, SiteReadError } from './from-site/read-site.js';
import { OjsExportError } from './ojs/ojs-xml.js';
import { readOjsNativeXml } from './ojs/read-ojs-native-xml.js';
import { openSpreadsheetSource } from './spreadsheet-plan.js';

/** Where a journal moves in from (decision 102). */
export type ImportSource =
  | { kind: 'spreadsheet'; spreadsheet: string; pdfs: string | null }
  /** `allowHrefs`: galleys the export links to by path or address are read too (never for an upload). */
  | { kind: 'ojs'; file: string; allowHrefs: boolean }
  | { kind: 'site'; url: string };

/** A source read into a plan; `close` once the plan is written (a spreadsheet's PDFs are read from their ZIP). */
export interface OpenSource {
  plan: ImportPlan;
  close(): Promise<void>;
}

const readOnly = (plan: ImportPlan): OpenSource => ({ plan, close: async () => undefined });

/**
 * Reads a source into a plan. What the person importing must put right (a file that is not an OJS export, an
 * address that is not a journal site, a spreadsheet over its limits) is an ImportRefused: nothing was written.
 */
export async function openImportSource(source: ImportSource, onProgress?: ProgressListener): Promise<OpenSource> {
  try {
    if (source.kind === 'spreadsheet') return await openSpreadsheetSource(source.spreadsheet, source.pdfs);
    if (source.kind === 'ojs') return readOnly(await readOjsNativeXml(source.file, { allowHrefs: source.allowHrefs }));
    return readOnly(
      await readSite(source.url, {
        onProgress: onProgress && ((done, total, current) => onProgress({ done, total, current })),
      }),
    );
  } catch (error) {
    if (error instanceof OjsExportError || error instanceof SiteReadError) throw new ImportRefused(error.message);
    throw error;
  }
}

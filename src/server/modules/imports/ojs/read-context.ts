import type { ImportNotice, ImportProblem } from '../import-plan.js';
import type { EmbeddedText } from './ojs-embeds.js';
import type { FileLimits } from './ojs-files.js';

/** What reading one export shares: where notices and problems go, the embedded files, how linked files are reached. */
export interface ReadContext {
  /** What the export holds that has no place here (plan.unmapped). */
  unmapped: ImportNotice[];
  /** What keeps a record of the export out of the plan (plan.problems): the plan is then never applied. */
  problems: ImportProblem[];
  /** Where the base64 of each <embed> lies in the export, by index (ojs-embeds.ts). */
  embedded: EmbeddedText[];
  /** Where relative <href src> paths start; null when linked files are not read (OjsReadOptions.allowHrefs). */
  hrefBase: string | null;
  limits: FileLimits;
}

export const report = (context: ReadContext, record: string, message: string): void => {
  context.unmapped.push({ record, message });
};

/** `field` as the forms name it ('pdf' for the article's file), '' for the record as a whole. */
export const problem = (context: ReadContext, record: string, field: string, message: string): void => {
  context.problems.push({ record, field, message });
};

/** Metadata a record holds that has no field here, by the names of OJS's forms. */
export const reportFields = (context: ReadContext, record: string, fields: string[]): void => {
  if (fields.length > 0) report(context, record, `Not imported, having no field here: ${fields.join(', ')}.`);
};

/** The other locales a record's title, abstract or keywords are written in: only the article's own is kept. */
export const reportTranslations = (context: ReadContext, record: string, locales: string[], locale: string): void => {
  if (locales.length === 0) return;
  report(
    context,
    record,
    `Its translations (${locales.join(', ')}) are not imported: only its title, abstract and keywords in ${locale || 'its language'} are.`,
  );
};

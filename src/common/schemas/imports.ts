import { webAddress } from './web-address.js';
import { z } from './zod-config.js';

/** The contracts of the admin's import screen and its calls (decision 102, issue 29). */

const MB = 1024 * 1024;
const GB = 1024 * MB;

/** The files an import takes, by the form field that carries each. */
export const IMPORT_UPLOADS = {
  spreadsheet: {
    limit: 50 * MB,
    name: 'The spreadsheet',
    advice: 'split it into several, a few issues each, and import them one after the other.',
  },
  pdfs: {
    limit: 2 * GB,
    name: 'The ZIP of PDFs',
    advice: 'import the journal in parts, a few issues (their rows and their PDFs) at a time.',
  },
  xml: {
    limit: 512 * MB,
    name: 'The XML file',
    advice: 'export fewer issues at a time from Open Journal Systems and import the files one after the other.',
  },
} as const;
export type ImportUploadField = keyof typeof IMPORT_UPLOADS;
export const IMPORT_UPLOAD_FIELDS = Object.keys(IMPORT_UPLOADS) as ImportUploadField[];

/** 2 GB, 50 MB, 1.5 MB, 300 KB, 12 bytes. */
export function sizeText(bytes: number): string {
  const [size, unit] = (
    [
      [GB, 'GB'],
      [MB, 'MB'],
      [1024, 'KB'],
    ] as const
  ).find(([size]) => bytes >= size) ?? [1, 'bytes'];
  return `${Number((bytes / size).toFixed(1))} ${unit}`;
}

/** Why an upload is refused for its size, with what to do instead; the browser says it before sending. */
export const uploadTooLargeMessage = (field: ImportUploadField, limit: number = IMPORT_UPLOADS[field].limit) =>
  `${IMPORT_UPLOADS[field].name} is larger than ${sizeText(limit)}, the most an import takes: ` +
  IMPORT_UPLOADS[field].advice;

const SPREADSHEET_FORMATS = ['xlsx', 'csv'] as const;
export type SpreadsheetFormat = (typeof SPREADSHEET_FORMATS)[number];

const format = z.enum(SPREADSHEET_FORMATS, { error: 'Format must be xlsx or csv' }).default('xlsx');

/** GET /api/admin/import/template. */
export const templateQuerySchema = z.object({ format });

/** An issue as year/volume/issue, e.g. 2024/3/1. */
const issueNumbers = z
  .string()
  .regex(/^\d{1,4}\/\d{1,4}\/\d{1,4}$/, 'An issue is written year/volume/issue, like 2024/3/1')
  .transform((value) => {
    const [year, volume, issue] = value.split('/').map(Number) as [number, number, number];
    return { year, volume, issue };
  });

/** GET /api/admin/import/export: the whole journal, or one issue. */
export const exportQuerySchema = z.object({ format, issue: issueNumbers.optional() });

const IMPORT_SOURCES = ['spreadsheet', 'ojs', 'site'] as const;
export type ImportSourceKind = (typeof IMPORT_SOURCES)[number];

const SITE_ADDRESS_MESSAGE = 'Enter the web address of the site, starting with http:// or https://';

/** The text fields of the check and run forms; the files go beside them. */
export const importFormSchema = z.discriminatedUnion(
  'source',
  [
    z.object({ source: z.literal('spreadsheet') }),
    z.object({ source: z.literal('ojs') }),
    z.object({
      source: z.literal('site'),
      url: webAddress(SITE_ADDRESS_MESSAGE).refine((value) => value !== '', SITE_ADDRESS_MESSAGE),
    }),
  ],
  { error: 'Choose where to import from: spreadsheet, ojs or site' },
);

/** The multipart form as OpenAPI shows it. */
export const importFormDescription = z.object({
  source: z.enum(IMPORT_SOURCES),
  url: z.string().optional().describe('source site: the address of a site running the original product'),
  spreadsheet: z.file().optional().describe('source spreadsheet: the spreadsheet, .xlsx or .csv (at most 50 MB)'),
  pdfs: z.file().optional().describe('source spreadsheet: a ZIP of the PDFs, named as the pdf column says (2 GB)'),
  xml: z.file().optional().describe('source ojs: an Open Journal Systems Native XML export (at most 512 MB)'),
});

const record = z.string();
const names = z.array(z.string());

export const importReportSchema = z.object({
  source: z.string(),
  create: z.object({ issues: names, articles: names, editors: names, indexing: names, settings: names }),
  skipped: names,
  conflicts: z.array(z.object({ record, field: z.string(), stored: z.string(), imported: z.string() })),
  problems: z.array(
    z.object({
      record,
      field: z.string(),
      message: z.string(),
      label: z.string().optional(),
      value: z.string().optional(),
    }),
  ),
  notices: z.array(z.object({ record, message: z.string() })),
});
export type ImportReport = z.infer<typeof importReportSchema>;

const count = z.number().int();

const importWrittenSchema = z.object({
  issues: count,
  articles: count,
  editors: count,
  indexing: count,
  settings: count,
});
export type ImportWritten = z.infer<typeof importWrittenSchema>;

const IMPORT_PHASES = ['reading', 'checking', 'importing'] as const;
export type ImportPhase = (typeof IMPORT_PHASES)[number];

/** One line of POST /api/admin/import/run: progress lines, then exactly one of the others. */
export const importLineSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress'), phase: z.enum(IMPORT_PHASES), done: count, total: count, current: record }),
  z.object({
    type: z.literal('done'),
    report: importReportSchema,
    written: importWrittenSchema,
    /** Every issue of the source, all in the journal now. */
    issues: z.array(z.object({ year: count, volume: count, issue: count })),
  }),
  /** Nothing of the source was written (a refusal after some issues were written says so in its message). */
  z.object({ type: z.literal('refused'), message: z.string(), report: importReportSchema.nullable() }),
  /** The server failed part way: the issues written before are kept. */
  z.object({ type: z.literal('failed'), message: z.string() }),
]);
export type ImportLine = z.infer<typeof importLineSchema>;

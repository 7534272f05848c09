import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { Sheet } from 'write-excel-file/node';
import { ZipError, ZipReader } from '../../storage/zip-reader.js';
import { csvText, csvValue } from '../../storage/csv-cells.js';
import { ImportRefused } from './import-report.js';
import { prologRefusal, XML_HEAD_BYTES } from './xml-doctype.js';

/** Spreadsheets as tables of text, read from and written to CSV (csv-parse, csv-stringify) and XLSX (decision 102). */
export type SpreadsheetFormat = 'csv' | 'xlsx';

export interface SheetRow {
  /** The row's number as a spreadsheet program shows it: the header is row 1. */
  number: number;
  values: string[];
}

export interface Table {
  /** The column names as written, trimmed and in lower case. */
  header: string[];
  /** The rows under the header, empty ones left out. */
  rows: SheetRow[];
}

const MB = 1024 * 1024;

export interface SpreadsheetLimits {
  /** The file's size: a larger one is refused before it is read. */
  bytes: number;
  /** What an XLSX file (a ZIP of XML) may unpack to: its parser holds it in memory. */
  xlsxContentBytes: number;
}

export const SPREADSHEET_LIMITS: SpreadsheetLimits = { bytes: 50 * MB, xlsxContentBytes: 256 * MB };

/** A size for people: 2 GB, 50 MB, 1.5 MB, 300 KB, 12 bytes. */
export function sizeText(bytes: number): string {
  const units: [number, string][] = [
    [1024 * MB, 'GB'],
    [MB, 'MB'],
    [1024, 'KB'],
  ];
  const [size, unit] = units.find(([size]) => bytes >= size) ?? [1, 'bytes'];
  return `${Number((bytes / size).toFixed(1))} ${unit}`;
}

export function spreadsheetFormat(file: string): SpreadsheetFormat {
  const extension = path.extname(file).toLowerCase();
  if (extension === '.csv') return 'csv';
  if (extension === '.xlsx') return 'xlsx';
  throw new ImportRefused(`${path.basename(file)}: a spreadsheet is a .csv or an .xlsx file`);
}

/** Reads the first sheet of a CSV or XLSX file, refusing one over the limits before reading it. */
export async function readTable(file: string, limits: SpreadsheetLimits = SPREADSHEET_LIMITS): Promise<Table> {
  const format = spreadsheetFormat(file);
  const name = path.basename(file);
  const stat = await fs.promises.stat(file).catch(() => {
    throw new ImportRefused(`There is no file at ${file}`);
  });
  if (stat.size > limits.bytes)
    throw new ImportRefused(
      `${name} (${sizeText(stat.size)}) is larger than ${sizeText(limits.bytes)}, the most a spreadsheet may be: ` +
        'split it into several, a few issues each, and import them one after the other.',
    );
  const rows =
    format === 'csv' ? csvRows(await fs.promises.readFile(file), name) : await xlsxRows(file, limits.xlsxContentBytes);
  return tableOf(rows, name);
}

function tableOf(rows: string[][], name: string): Table {
  const [header, ...body] = rows;
  if (!header || header.every((cell) => cell.trim() === ''))
    throw new ImportRefused(`${name} has no header row: its first row names the columns (see the template)`);
  return {
    header: header.map((cell) => cell.trim()),
    rows: body
      .map((values, index) => ({ number: index + 2, values }))
      .filter((row) => row.values.some((value) => value.trim() !== '')),
  };
}

/** Spreadsheet programs write CSV with commas, or with semicolons or tabs in some languages: the header tells. */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((delimiter) => ({ delimiter, count: header.split(delimiter).length }));
  return counts.reduce((best, next) => (next.count > best.count ? next : best)).delimiter;
}

function csvRows(data: Buffer, name: string): string[][] {
  const text = data.toString('utf8');
  try {
    const rows = parse(text, { delimiter: delimiterOf(text), bom: true, relax_column_count: true }) as string[][];
    return rows.map((row) => row.map(csvValue));
  } catch (error) {
    throw new ImportRefused(`${name} could not be read as CSV: ${(error as Error).message}`);
  }
}

const notXlsx = (name: string) => (error: unknown) => {
  throw error instanceof ZipError ? new ImportRefused(`${name} is not an XLSX file: ${error.message}`) : error;
};

/**
 * XLSX is a ZIP of XML parts: what it unpacks to is checked from its directory, and the start of each part for a
 * DOCTYPE (xml-doctype.ts), before the sheet is read.
 */
async function xlsxRows(file: string, contentLimit: number): Promise<string[][]> {
  const name = path.basename(file);
  const zip = await ZipReader.open(file).catch(notXlsx(name));
  try {
    const content = zip.entries.reduce((sum, entry) => sum + entry.size, 0);
    if (content > contentLimit)
      throw new ImportRefused(
        `${name} unpacks to ${sizeText(content)}, more than the ${sizeText(contentLimit)} an XLSX spreadsheet may ` +
          'unpack to: split it into several',
      );
    await refuseDoctypes(zip, name);
  } finally {
    await zip.close();
  }
  // Numbers as the file writes them: a reference number keeps its digits.
  const { readSheet } = await import('read-excel-file/node');
  const sheet = await readSheet<string>(file, { parseNumber: (text) => text, trim: false }).catch((error: unknown) => {
    throw new ImportRefused(`${name} could not be read as a spreadsheet: ${(error as Error).message}`);
  });
  return sheet.map((row) => row.map(cellText));
}

async function refuseDoctypes(zip: ZipReader, name: string): Promise<void> {
  for (const entry of zip.entries.filter((part) => /\.(xml|rels)$/i.test(part.name))) {
    const head = await zip.head(entry, XML_HEAD_BYTES).catch(notXlsx(name));
    const refusal = prologRefusal(`${name} (its part ${entry.name})`, head);
    if (refusal) throw new ImportRefused(refusal);
  }
}

/** A cell as text; a date (a cell a spreadsheet program formatted as one) as YYYY-MM-DD. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

/** A further sheet of an XLSX file (the template's column notes); CSV has one table only. */
export interface ExtraSheet {
  name: string;
  rows: string[][];
}

/**
 * A table as a file's bytes: CSV in UTF-8 with a byte order mark (so spreadsheet programs read it as UTF-8), each
 * cell that would run as a formula escaped (csv-cells.ts; csvRows undoes it), or XLSX, whose text cells never run.
 */
export async function tableBytes(
  format: SpreadsheetFormat,
  header: readonly string[],
  rows: readonly string[][],
  extra: ExtraSheet[] = [],
): Promise<Buffer> {
  if (format === 'csv') {
    const cells = [header, ...rows].map((row) => row.map(csvText));
    return Buffer.from(stringify(cells, { bom: true }), 'utf8');
  }
  // Every cell is text, so that "1-6" stays a page range and a long reference number keeps its digits.
  const sheet = (name: string, data: readonly (readonly string[])[]): Sheet<Buffer> => ({
    sheet: name,
    data: data.map((row) => row.map((value) => (value === '' ? null : { value, type: String }))),
    stickyRowsCount: 1,
  });
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  return writeXlsxFile([
    sheet('Articles', [header, ...rows]),
    ...extra.map((more) => sheet(more.name, more.rows)),
  ]).toBuffer();
}

/** Writes a file whole or not at all: to a temporary name beside it, then renamed. */
export async function writeWhole(file: string, data: Buffer): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await fs.promises.writeFile(temporary, data);
    await fs.promises.rename(temporary, file);
  } catch (error) {
    await fs.promises.rm(temporary, { force: true });
    throw error;
  }
}

import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { testPdf } from '../../test/article-form.js';
import { COLUMN_NAMES, type Cells } from './spreadsheet-columns.js';
import { tableBytes, type SpreadsheetFormat } from './spreadsheet-file.js';

/** Spreadsheets and ZIPs of PDFs for the import's tests. */

export interface GeneratedImport {
  rows: Partial<Cells>[];
  pdfs: Map<string, Buffer>;
}

const FREQUENCIES = ['jan-feb-mar', 'apr-may-jun', 'jul-aug-sep', 'oct-nov-dec'];

/**
 * `count` valid articles over `issues` issues of one volume, each with its own PDF, reference number, transaction id,
 * title and DOI; the second issue is a draft. Authors vary: one to three, with affiliations, ORCID iDs and particles.
 */
export function generatedImport(
  count: number,
  { issues = 4, year = 2024, volume = 7, refBase = 880_000 } = {},
): GeneratedImport {
  const rows: Partial<Cells>[] = [];
  const pdfs = new Map<string, Buffer>();
  for (let n = 0; n < count; n++) {
    const issue = (n % issues) + 1;
    const place = Math.floor(n / issues);
    const refnumber = String(refBase + n);
    const month = String(((issue * 2 - 1) % 12) + 1).padStart(2, '0');
    rows.push({
      year: String(year),
      volume: String(volume),
      issue: String(issue),
      frequency: FREQUENCIES[(issue - 1) % FREQUENCIES.length],
      issue_state: issue === 2 ? 'draft' : 'published',
      issue_publication_date: issue === 2 ? '' : `${year}-${month}-15`,
      refnumber,
      title: `Field trial ${refnumber} of <i>Oryza sativa</i>`,
      ...(n % 3 === 0
        ? {
            authors: 'Asha Rao; Maria van der Berg; Li, Wei',
            author_affiliations: 'University of Pune;; Fudan University',
            author_orcids: '0000-0002-1825-0097',
            author_emails: `asha${n}@uni.example`,
            corresponding_author: '1',
          }
        : { authors: `Ravi Kumar ${n}`, author_countries: 'India', author_emails: `ravi${n}@uni.example` }),
      abstract: `<p>Abstract of trial ${n}.</p>`,
      keywords: 'rice; nitrogen',
      doi: `10.55555/test.${refnumber}`,
      subject: 'Agronomy',
      country: 'India',
      email: n % 2 ? '' : `office${n}@uni.example`,
      mobile: '9876543210',
      pagenumber: `${place * 10 + 1}-${place * 10 + 9}`,
      txnid: `TXN-${refnumber}`,
      ptype: n % 2 ? 'free' : 'paid',
      publishdate: `${year}-${month}-1${n % 10}`,
      status: n % 17 === 5 ? 'disabled' : 'enabled',
      licence_name: 'CC BY 4.0',
      licence_url: 'https://creativecommons.org/licenses/by/4.0/',
    });
    pdfs.set(`${refnumber}.pdf`, testPdf(`article ${refnumber}`));
  }
  return { rows, pdfs };
}

export const tableRows = (rows: Partial<Cells>[]) => rows.map((row) => COLUMN_NAMES.map((name) => row[name] ?? ''));

/** Writes the rows as a spreadsheet and the PDFs as a ZIP in `dir`; resolves to their paths. */
export async function writeImportFiles(
  dir: string,
  { rows, pdfs }: GeneratedImport,
  format: SpreadsheetFormat = 'xlsx',
): Promise<{ spreadsheet: string; pdfs: string }> {
  const spreadsheet = path.join(dir, `articles.${format}`);
  const zip = path.join(dir, 'pdfs.zip');
  fs.writeFileSync(spreadsheet, await tableBytes(format, COLUMN_NAMES, tableRows(rows)));
  fs.writeFileSync(zip, zipSync(Object.fromEntries([...pdfs].map(([name, data]) => [name, new Uint8Array(data)]))));
  return { spreadsheet, pdfs: zip };
}

import type { JournalDb } from '../db/database.js';
import type { NewArticle } from '../db/schema.js';
import { withDerivedColumns } from '../modules/articles/article-fields.js';
import { insertArticle } from '../modules/articles/articles.repository.js';
import { insertIssue } from '../modules/issues/issues.repository.js';

/** Small, exact archives for API tests: issues and articles written straight through the repositories. */
export const addIssue = (db: JournalDb, year: number, volume: number, issue: number, frequency = '') =>
  insertIssue(db, { year, volume, issue, frequency });

let serial = 0;

/** An enabled article with a file; `values` overrides any field (title and abstract are stored as given, unsanitised). */
export async function addArticle(
  db: JournalDb,
  values: Partial<NewArticle> & Pick<NewArticle, 'year' | 'volume' | 'issue'>,
): Promise<number> {
  serial += 1;
  const refnumber = values.refnumber ?? String(50_000 + serial);
  const title = values.title ?? `Article number ${serial}`;
  const abstract = values.abstract ?? `<p>Abstract of article ${serial}.</p>`;
  const pagenumber = values.pagenumber ?? `${serial}-${serial + 1}`;
  return insertArticle(
    db,
    withDerivedColumns({
      authorname: 'Test Author',
      keywords: '',
      subject: 'Education',
      country: 'India',
      email: `author${serial}@mail.example`,
      mobile: '9800000000',
      frequency: '',
      txnid: `TXN-TEST-${serial}`,
      ptype: 'paid',
      publishdate: `${values.year}-02-10`,
      file: `${refnumber}.pdf`,
      status: 'enabled',
      createdby: 'admin',
      creation: new Date().toISOString(),
      modifiedby: '',
      modification: '',
      ...values,
      refnumber,
      title,
      abstract,
      pagenumber,
    }),
  );
}

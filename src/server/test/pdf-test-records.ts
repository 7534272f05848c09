// Records for the PDF tests, written straight to the database.
import type { ArticleStatus, EditorCategory, EditorStatus } from '../../common/constants.js';
import type { JournalDb } from '../db/database.js';
import { withDerivedColumns } from '../modules/articles/article-fields.js';
import { insertArticle } from '../modules/articles/articles.repository.js';

export interface TestArticle {
  title: string;
  authorname: string;
  pagenumber: string;
  file?: string | null;
  status?: ArticleStatus;
  issue?: number;
}

/** An article of volume 10 (2024), issue 2 unless told otherwise; returns its id. */
export async function insertTestArticle(db: JournalDb, refnumber: string, values: TestArticle): Promise<number> {
  const now = new Date().toISOString();
  return insertArticle(
    db,
    withDerivedColumns({
      refnumber,
      title: values.title,
      authorname: values.authorname,
      abstract: '<p>Abstract.</p>',
      keywords: '',
      subject: 'Environmental Science',
      country: 'India',
      email: `${refnumber}@mail.example`,
      mobile: '',
      pagenumber: values.pagenumber,
      year: 2024,
      volume: 10,
      issue: values.issue ?? 2,
      frequency: values.issue === 3 ? 'may-jun' : 'mar-apr',
      txnid: `TXN${refnumber}`,
      ptype: 'paid',
      publishdate: '2024-03-05',
      file: values.file === undefined ? `${refnumber}.pdf` : values.file,
      status: values.status ?? 'enabled',
      createdby: 'admin',
      creation: now,
      modifiedby: '',
      modification: now,
    }),
  );
}

/** An editor with a designation that carries markup, and contact details; returns its id. */
export interface TestEditor {
  status?: EditorStatus;
  is_pinned?: number;
}

export async function insertTestEditor(
  db: JournalDb,
  name: string,
  category: EditorCategory,
  values: TestEditor = {},
): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('editors')
    .values({
      name,
      category,
      post: 'Professor <script>alert(1)</script>',
      degree: 'Ph.D.',
      content: `University of ${name.split(' ').pop()}`,
      email: `${name.split(' ').pop()!.toLowerCase()}@uni.example`,
      phone: '+45 1234 5678',
      country: 'Denmark',
      editor_website: '',
      picture: null,
      status: values.status ?? 'enabled',
      is_pinned: values.is_pinned ?? 0,
      creation: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

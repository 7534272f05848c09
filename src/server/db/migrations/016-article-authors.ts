import { sql, type Kysely, type Migration } from 'kysely';
import { authorsFromLine } from '../../../common/authors.js';

/** Articles are read in batches this large, so the upgrade of a large archive holds little in memory. */
const BATCH = 1000;

/**
 * Structured authors (decision 100): one row per author of an article, in order, with given and family names,
 * affiliation, country, ORCID iD, email and the corresponding author. `articles.authorname` stays, written from these
 * rows, as the specification's author line (and what the search indexes). Every article's line is split with the
 * one name parser, its email going to its first (corresponding) author.
 */
export function articleAuthorsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`CREATE TABLE article_authors (
        journal_id integer NOT NULL DEFAULT 1 REFERENCES journals (id),
        article_id integer NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
        position integer NOT NULL,
        given_name text NOT NULL DEFAULT '',
        family_name text NOT NULL,
        affiliation text NOT NULL DEFAULT '',
        country text NOT NULL DEFAULT '',
        orcid text NOT NULL DEFAULT '',
        email text NOT NULL DEFAULT '',
        corresponding integer NOT NULL DEFAULT 0,
        PRIMARY KEY (article_id, position)
      )`.execute(db);
      await splitAuthorLines(db);
    },
  };
}

interface LineRow {
  id: number;
  journal_id: number;
  authorname: string;
  email: string;
  country: string;
}

async function splitAuthorLines(db: Kysely<unknown>) {
  for (let after = 0; ;) {
    const { rows } = await sql<LineRow>`SELECT id, journal_id, authorname, email, country FROM articles
      WHERE id > ${after} ORDER BY id LIMIT ${BATCH}`.execute(db);
    if (rows.length === 0) return;
    const values = rows.flatMap((article) =>
      authorsFromLine(article.authorname, article.email).map((author, position) => ({
        journal_id: article.journal_id,
        article_id: article.id,
        position,
        ...author,
        // The article's one country was its first author's.
        country: position === 0 ? article.country : '',
        corresponding: author.corresponding ? 1 : 0,
      })),
    );
    if (values.length > 0)
      await (db as Kysely<Record<string, object>>).insertInto('article_authors').values(values).execute();
    after = rows.at(-1)!.id;
  }
}

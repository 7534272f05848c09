import { sql, type RawBuilder } from 'kysely';
import { isPostgres, type JournalExecutor } from '../../db/database.js';
import { JournalScope } from '../../journals/journal-scope.js';
import { SUMMARY_COLUMNS, type SummaryRow } from '../archives/archives.repository.js';
import { PUBLISHED_SQL } from '../articles/published.js';

export interface SearchQuery {
  /** Words of the keyword: letters, marks and digits only, so they can never break the query syntax. */
  words: string[];
  /** The trimmed keyword when it can be a reference number (matched exactly), else ''. At least one of words and refnumber is set. */
  refnumber: string;
  limit: number;
  offset: number;
}

interface Match {
  id: number;
  score: number;
}

/** A reference-number hit ranks above every text hit. */
const EXACT_REFERENCE_SCORE = 1e9;

/** Each word as a quoted term, ANDed: the same meaning for FTS5 and websearch_to_tsquery. */
const quotedWords = (words: string[]) => words.map((word) => `"${word}"`).join(' ');

/** The FTS5 query: the words in the text columns, within the journal's articles. */
const sqliteMatch = (words: string[], journalId: number) =>
  `journal_id : "${journalId}" AND {title authorname keywords abstract_text} : (${quotedWords(words)})`;

/**
 * SQLite FTS5 table articles_fts, which holds only published articles (migrations 002 and 012), bm25 weighted
 * towards title and authors (higher score is better), the journal column not at all. The weights go through the
 * rank column because bm25() itself cannot run once SQLite moves it out of the match.
 */
function sqliteTextMatches(words: string[], journalId: number, ranked: boolean): RawBuilder<Match> {
  const match = sqliteMatch(words, journalId);
  if (!ranked) return sql<Match>`select rowid as id, 0 as score from articles_fts where articles_fts match ${match}`;
  return sql<Match>`select rowid as id, -rank as score from articles_fts
    where articles_fts match ${match} and rank match 'bm25(10.0, 10.0, 5.0, 1.0, 0.0)'`;
}

/**
 * PostgreSQL articles.search_vector over published articles: titles, keywords and abstracts are
 * stemmed as English and author names are not, so the query is tried both ways.
 */
function postgresTextMatches(words: string[], journalId: number, ranked: boolean): RawBuilder<Match> {
  const text = quotedWords(words);
  const score = ranked ? sql`ts_rank(a.search_vector, en) + ts_rank(a.search_vector, plain)` : sql`0`;
  return sql<Match>`select a.id, ${score} as score
    from articles a, websearch_to_tsquery('english', ${text}) en, websearch_to_tsquery('simple', ${text}) plain
    where a.journal_id = ${journalId} and (a.search_vector @@ en or a.search_vector @@ plain) and ${PUBLISHED_SQL}`;
}

/**
 * Published articles matching the words or the reference number, with their best score; counting
 * needs no score, which spares the ranking work. Everything here is published already, so neither
 * counting nor ranking reads the matching articles themselves. Raw SQL is not scoped by the handle, so each source
 * names the handle's journal itself.
 */
function matches(db: JournalExecutor, query: SearchQuery, ranked: boolean): RawBuilder<Match> {
  const journalId = JournalScope.of(db);
  const sources: RawBuilder<Match>[] = [];
  if (query.words.length > 0) {
    const text = isPostgres(db) ? postgresTextMatches : sqliteTextMatches;
    sources.push(text(query.words, journalId, ranked));
  }
  if (query.refnumber) {
    sources.push(
      sql<Match>`select id, ${EXACT_REFERENCE_SCORE} as score from articles
        where journal_id = ${journalId} and refnumber = ${query.refnumber} and ${PUBLISHED_SQL}`,
    );
  }
  if (sources.length === 1) return sources[0]!;
  return sql<Match>`select id, max(score) as score from (${sources[0]!} union all ${sources[1]!}) hits group by id`;
}

/** Ranked published articles matching the words or the reference number, one page of them and the total. */
export async function searchArticles(
  db: JournalExecutor,
  query: SearchQuery,
): Promise<{ total: number; rows: SummaryRow[] }> {
  const count = await db
    .selectFrom(sql<Match>`(${matches(db, query, false)})`.as('m'))
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  // Only the page's articles are read: the ranking is ordered and cut before the join.
  const page = sql<Match>`(select id, score from (${matches(db, query, true)}) ranked
    order by score desc, id desc limit ${query.limit} offset ${query.offset})`;
  const rows = await db
    .selectFrom(page.as('m'))
    .innerJoin('articles', 'articles.id', 'm.id')
    .select(SUMMARY_COLUMNS)
    .orderBy('m.score', 'desc')
    .orderBy('articles.id', 'desc')
    .execute();
  return { total: Number(count.total), rows };
}

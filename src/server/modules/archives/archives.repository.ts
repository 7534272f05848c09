import { preparedQuery, type JournalExecutor } from '../../db/database.js';
import type { ArticleRow } from '../../db/schema.js';
import { isPublished } from '../articles/published.js';

/** Columns of an article in an issue's list: the issue's own (year, volume, issue) are known already. */
const ISSUE_LIST_COLUMNS = [
  'articles.id',
  'articles.refnumber',
  'articles.title',
  'articles.authorname',
  'articles.subject',
  'articles.country',
  'articles.pagenumber',
  'articles.file',
  'articles.doi',
  'articles.publishdate',
] as const;

/** Columns of an article in search results. */
export const SUMMARY_COLUMNS = [
  ...ISSUE_LIST_COLUMNS,
  'articles.year',
  'articles.volume',
  'articles.issue',
  'articles.frequency',
] as const;

export type IssueListRow = Pick<
  ArticleRow,
  'id' | 'refnumber' | 'title' | 'authorname' | 'subject' | 'country' | 'pagenumber' | 'file' | 'doi' | 'publishdate'
>;
/** Where an article was published. */
export type ArticlePlace = Pick<ArticleRow, 'year' | 'volume' | 'issue' | 'frequency'>;
export type SummaryRow = IssueListRow & ArticlePlace;

/** Columns of an article on its public page. */
const PUBLIC_ARTICLE_COLUMNS = [
  ...SUMMARY_COLUMNS,
  'articles.abstract',
  'articles.keywords',
  'articles.status',
  'articles.issue_published',
  'articles.licence_name',
  'articles.licence_url',
] as const;

export type PublicArticleRow = SummaryRow &
  Pick<ArticleRow, 'abstract' | 'keywords' | 'status' | 'issue_published' | 'licence_name' | 'licence_url'>;

/** Issues holding at least one published article, newest first. */
export function listPublishedIssues(db: JournalExecutor) {
  return db
    .selectFrom('issues')
    .select(['issues.year', 'issues.volume', 'issues.issue', 'issues.frequency'])
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('articles')
          .select('articles.id')
          .whereRef('articles.year', '=', 'issues.year')
          .whereRef('articles.volume', '=', 'issues.volume')
          .whereRef('articles.issue', '=', 'issues.issue')
          .where(isPublished),
      ),
    )
    .orderBy('issues.year', 'desc')
    .orderBy('issues.volume', 'desc')
    .orderBy('issues.issue', 'desc')
    .execute();
}

/** Published articles of one issue in page order. */
export const listPublishedArticlesOfIssue: (
  db: JournalExecutor,
  year: number,
  volume: number,
  issue: number,
) => Promise<IssueListRow[]> = preparedQuery((db, year: number, volume: number, issue: number) =>
  db
    .selectFrom('articles')
    .select(ISSUE_LIST_COLUMNS)
    .where('articles.year', '=', year)
    .where('articles.volume', '=', volume)
    .where('articles.issue', '=', issue)
    .where(isPublished)
    .orderBy('articles.first_page')
    .orderBy('articles.id'),
);

const articlesByRef = preparedQuery((db, refnumber: string) =>
  db.selectFrom('articles').select(PUBLIC_ARTICLE_COLUMNS).where('refnumber', '=', refnumber),
);

export const findPublicArticleByRef = async (
  db: JournalExecutor,
  refnumber: string,
): Promise<PublicArticleRow | undefined> => (await articlesByRef(db, refnumber))[0];

import { sql, type ExpressionBuilder } from 'kysely';
import type { ArticleStatus } from '../../../common/constants.js';
import type { ArticleRow, Database } from '../../db/schema.js';

/**
 * Published (specification: States and transitions): enabled and carrying a reference number, in a published issue
 * (decision 098; each article mirrors its issue's state in `issue_published`). Only published articles
 * reach the public pages, the search and the PDFs, and only their files are served. The rule has one form per place
 * it is asked: a query's condition, raw SQL over one articles table (search), and a row already read. (Migration 002
 * keeps its own copy of it: migrations never change once run.)
 */
const PUBLISHED_STATUS: ArticleStatus = 'enabled';

export const isPublished = (eb: ExpressionBuilder<Database, 'articles'>) =>
  eb.and([
    eb('articles.status', '=', PUBLISHED_STATUS),
    eb('articles.refnumber', '<>', ''),
    eb('articles.issue_published', '=', 1),
  ]);

export const PUBLISHED_SQL = sql<boolean>`status = ${sql.lit(PUBLISHED_STATUS)} and refnumber <> '' and issue_published = 1`;

export const isPublishedRow = <Row extends Pick<ArticleRow, 'status' | 'refnumber' | 'issue_published'>>(
  row: Row | undefined,
): row is Row => row?.status === PUBLISHED_STATUS && row.refnumber !== '' && row.issue_published === 1;

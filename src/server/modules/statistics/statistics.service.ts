import { stringify } from 'csv-stringify/sync';
import { textOf } from '../../../common/html.js';
import {
  DELETED_ARTICLE_TITLE,
  monthsOf,
  periodOf,
  TOP_ARTICLES,
  TOP_ISSUES,
  type ArticleUsage,
  type Period,
  type Statistics,
  type StatisticsQuery,
} from '../../../common/schemas/statistics.js';
import type { JournalDb } from '../../db/database.js';
import { badRequest } from '../../http/errors.js';
import { csvText } from '../../storage/csv-cells.js';
import { articleSums, issueSums, monthlySums, type CitedUsage, type UsageSums } from './statistics.repository.js';

/** What editors read (decision 101): an abstract view is an investigation only, a download both. */
const figuresOf = ({ investigations, requests }: UsageSums) => ({
  views: investigations - requests,
  downloads: requests,
});

const NO_USAGE: UsageSums = { investigations: 0, requests: 0 };

function articleUsage(row: CitedUsage): ArticleUsage {
  return {
    id: row.id,
    refnumber: row.refnumber ?? '',
    title: row.title === null ? DELETED_ARTICLE_TITLE : textOf(row.title),
    year: row.year,
    volume: row.volume,
    issue: row.issue,
    deleted: !row.live,
    ...figuresOf(row),
  };
}

const CSV_COLUMNS = ['refnumber', 'title', 'year', 'volume', 'issue', 'views', 'downloads'] as const;

export class StatisticsService {
  constructor(private readonly db: JournalDb) {}

  /** The period a query asks for, defaults filled in; a 400 naming the field when it cannot be shown. */
  period(query: StatisticsQuery, now = new Date()): Period {
    const found = periodOf(query, now.toISOString().slice(0, 7));
    if ('problem' in found) throw badRequest(found.problem);
    return found.period;
  }

  async overview(period: Period): Promise<Statistics> {
    const [months, articles, issues] = await Promise.all([
      monthlySums(this.db, period),
      articleSums(this.db, period, TOP_ARTICLES),
      issueSums(this.db, period, TOP_ISSUES),
    ]);
    return {
      ...period,
      months: monthsOf(period.from, period.to).map((month) => ({
        month,
        ...figuresOf(months.get(month) ?? NO_USAGE),
      })),
      articles: articles.map(articleUsage),
      issues: issues.map(({ year, volume, issue, ...sums }) => ({ year, volume, issue, ...figuresOf(sums) })),
    };
  }

  /** Every article used in the period, most used first, as CSV with a header line. */
  async csv(period: Period): Promise<string> {
    const articles = (await articleSums(this.db, period)).map(articleUsage);
    const rows = articles.map((article) => ({
      ...article,
      refnumber: csvText(article.refnumber),
      title: csvText(article.title),
    }));
    return stringify(rows, { header: true, columns: [...CSV_COLUMNS], bom: true });
  }
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ArticleUsage, IssueUsage, MonthUsage } from '../../../common/schemas/statistics.js';
import { figure, issueName, monthName, totalsOf } from './figures.js';

/** A column before the figures; `hideNarrow` drops it on phones, where the figures need the room. */
type Label = string | { label: string; hideNarrow: true };
const textOfLabel = (label: Label) => (typeof label === 'string' ? label : label.label);

/** A table of figures whose last two columns are views and downloads, named by its caption. */
function FigureTable({
  caption,
  labels,
  children,
  foot,
}: {
  caption: string;
  labels: Label[];
  children: ReactNode;
  foot?: ReactNode;
}) {
  return (
    <div className="table-wrap">
      <table className="admin-table stats-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {labels.map((label) => (
              <th
                key={textOfLabel(label)}
                scope="col"
                className={typeof label === 'string' ? undefined : 'hide-narrow'}
              >
                {textOfLabel(label)}
              </th>
            ))}
            <th scope="col" className="num">
              Views
            </th>
            <th scope="col" className="num">
              Downloads
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
        {foot && <tfoot>{foot}</tfoot>}
      </table>
    </div>
  );
}

const Figures = ({ views, downloads }: { views: number; downloads: number }) => (
  <>
    <td className="num">{figure(views)}</td>
    <td className="num">{figure(downloads)}</td>
  </>
);

/** The chart's figures as a table, for screen readers and for reading exact numbers. */
export function MonthlyTable({ months }: { months: MonthUsage[] }) {
  return (
    <FigureTable
      caption="Views and downloads per month"
      labels={['Month']}
      foot={
        <tr>
          <th scope="row">Total</th>
          <Figures {...totalsOf(months)} />
        </tr>
      }
    >
      {months.map((month) => (
        <tr key={month.month}>
          <th scope="row">{monthName(month.month)}</th>
          <Figures {...month} />
        </tr>
      ))}
    </FigureTable>
  );
}

function ArticleTitle({ article }: { article: ArticleUsage }) {
  if (!article.deleted) return <Link to={`/admin/archives/${article.id}`}>{article.title}</Link>;
  return (
    <>
      {article.title} <span className="stats-deleted">(deleted)</span>
    </>
  );
}

export function ArticlesTable({ articles }: { articles: ArticleUsage[] }) {
  return (
    <FigureTable caption="Most read articles" labels={['Ref no', 'Title', { label: 'Issue', hideNarrow: true }]}>
      {articles.map((article) => (
        <tr key={article.id}>
          <td>{article.refnumber || '—'}</td>
          <td className="stats-title">
            <ArticleTitle article={article} />
          </td>
          <td className="stats-issue hide-narrow">{issueName(article)}</td>
          <Figures {...article} />
        </tr>
      ))}
    </FigureTable>
  );
}

export function IssuesTable({ issues }: { issues: IssueUsage[] }) {
  return (
    <FigureTable caption="Most read issues" labels={['Issue']}>
      {issues.map((issue) => (
        <tr key={issueName(issue)}>
          <td>
            <Link to={`/admin/archives/${issue.year}/${issue.volume}/${issue.issue}`}>{issueName(issue)}</Link>
          </td>
          <Figures {...issue} />
        </tr>
      ))}
    </FigureTable>
  );
}

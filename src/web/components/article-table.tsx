import { articleFileUrl } from '../../common/archive-links.js';
import { formatCitation } from '../../common/citation.js';
import type { ArticleSummary } from '../../common/schemas/archives.js';
import type { PublicSettings } from '../../common/schemas/settings.js';
import { RouteAnchor } from './route-anchor.js';

interface ArticleTableProps {
  articles: ArticleSummary[];
  settings: PublicSettings;
  /** Where each row's Abstract link goes. */
  abstractPath: (article: ArticleSummary) => string;
  /** Serial number of the first row (later search pages continue the count). */
  firstNumber?: number;
}

/** The article list of an issue or of a search: S.No., title and authors with their links, Subject, Country. */
export function ArticleTable({ articles, settings, abstractPath, firstNumber = 1 }: ArticleTableProps) {
  const showSubject = settings.show_subject_column;
  return (
    <table className="article-table">
      <thead>
        <tr>
          <th scope="col">S.No.</th>
          <th scope="col">Title and Authors Name</th>
          {showSubject && <th scope="col">Subject</th>}
          <th scope="col">Country</th>
        </tr>
      </thead>
      <tbody>
        {articles.map((article, index) => {
          const file = articleFileUrl(article);
          return (
            <tr key={article.id}>
              <td className="serial" data-label="S.No.">{firstNumber + index}</td>
              <td className="article-cell">
                <p className="article-title" dangerouslySetInnerHTML={{ __html: article.title }} />
                <p className="article-authors">{article.authorname}</p>
                <p className="article-links">
                  <RouteAnchor to={abstractPath(article)} scrollTo="abstract">
                    Abstract
                  </RouteAnchor>
                  {file && <a href={file}>Download</a>}
                  <span>{`Pages: ${article.pagenumber}`}</span>
                </p>
                <p className="article-citation">
                  <strong>How to cite this article:</strong>{' '}
                  {formatCitation({ ...article, websitename: settings.websitename })}
                </p>
              </td>
              {showSubject && <td data-label="Subject">{article.subject}</td>}
              <td data-label="Country">{article.country}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

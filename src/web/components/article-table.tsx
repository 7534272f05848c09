import { articleFileUrl, articlePath } from '../../common/archive-links.js';
import { coinsTitle } from '../../common/citation-exports.js';
import { formatCitation } from '../../common/citation.js';
import { doiUrl } from '../../common/doi.js';
import type { ArticleSummary } from '../../common/schemas/archives.js';
import type { PublicSettings } from '../../common/schemas/settings.js';
import { RouteAnchor } from './route-anchor.js';

interface ArticleTableProps {
  articles: ArticleSummary[];
  settings: PublicSettings;
  /** The site's scheme and host: a COinS item names the article by its full address. */
  origin: string;
  /** Serial number of the first row (later search pages continue the count). */
  firstNumber?: number;
}

interface ArticleRowProps {
  article: ArticleSummary;
  serial: number;
  settings: PublicSettings;
  origin: string;
}

/** One article: its title (stored HTML, sanitised down to i, em, sub and sup), authors, links, citation and COinS item. */
function ArticleRow({ article, serial, settings, origin }: ArticleRowProps) {
  const file = articleFileUrl(article);
  return (
    <tr>
      <td className="serial" data-label="S.No.">
        {serial}
      </td>
      <td className="article-cell">
        <p className="article-title" dangerouslySetInnerHTML={{ __html: article.title }} />
        <p className="article-authors">{article.authorname}</p>
        <p className="article-links">
          {/* The canonical address, from an issue and from a search alike. */}
          <RouteAnchor to={articlePath(article)} scrollTo="abstract">
            Abstract
          </RouteAnchor>
          {file && <a href={file}>Download</a>}
          <span>Pages: {article.pagenumber}</span>
        </p>
        <p className="article-citation">
          <strong>How to cite this article:</strong> {formatCitation(article, settings.websitename)}
          {article.doi && (
            <>
              {' '}
              <a className="doi" href={doiUrl(article.doi)}>
                {doiUrl(article.doi)}
              </a>
            </>
          )}
        </p>
        {/* An empty COinS span: reference managers read its title and offer to import the article. */}
        <span className="Z3988" title={coinsTitle(article, settings, origin)} />
      </td>
      {settings.show_subject_column && <td data-label="Subject">{article.subject}</td>}
      <td data-label="Country">{article.country}</td>
    </tr>
  );
}

/** The article list of an issue or of a search: S.No., title and authors with their links, Subject, Country. */
export function ArticleTable({ articles, settings, origin, firstNumber = 1 }: ArticleTableProps) {
  return (
    <table className="article-table">
      <thead>
        <tr>
          <th scope="col">S.No.</th>
          <th scope="col">Title and Authors Name</th>
          {settings.show_subject_column && <th scope="col">Subject</th>}
          <th scope="col">Country</th>
        </tr>
      </thead>
      <tbody>
        {articles.map((article, index) => (
          <ArticleRow
            key={article.id}
            article={article}
            serial={firstNumber + index}
            settings={settings}
            origin={origin}
          />
        ))}
      </tbody>
    </table>
  );
}

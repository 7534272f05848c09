import { articleFileUrl } from '../../common/archive-links.js';
import { formatCitation } from '../../common/citation.js';
import { escapeHtml } from '../../common/html.js';
import type { ArticleSummary } from '../../common/schemas/archives.js';
import type { PublicSettings } from '../../common/schemas/settings.js';

interface ArticleTableProps {
  articles: ArticleSummary[];
  settings: PublicSettings;
  /** Where each row's Abstract link goes. */
  abstractPath: (article: ArticleSummary) => string;
  /** Serial number of the first row (later search pages continue the count). */
  firstNumber?: number;
}

type RowOptions = Omit<ArticleTableProps, 'articles'> & { firstNumber: number };

/**
 * One row as HTML. Rows are the bulk of an issue page, and building them as a string is several times
 * cheaper on the server than as React elements; the browser builds the same string from the same
 * loader data, so hydration finds identical markup. Every value is escaped except the title, which is
 * stored HTML sanitised down to i and em. The Abstract link is a route anchor (see route-anchor.tsx).
 */
function rowHtml(article: ArticleSummary, index: number, { settings, abstractPath, firstNumber }: RowOptions): string {
  const file = articleFileUrl(article);
  const citation = formatCitation(article, settings.websitename);
  const downloadLink = file ? `<a href="${escapeHtml(file)}">Download</a>` : '';
  const subjectCell = settings.show_subject_column ? `<td data-label="Subject">${escapeHtml(article.subject)}</td>` : '';
  return (
    `<tr><td class="serial" data-label="S.No.">${firstNumber + index}</td><td class="article-cell">` +
    `<p class="article-title">${article.title}</p>` +
    `<p class="article-authors">${escapeHtml(article.authorname)}</p>` +
    `<p class="article-links"><a href="${escapeHtml(abstractPath(article))}" data-route="" data-scroll-to="abstract">Abstract</a>${downloadLink}` +
    `<span>Pages: ${escapeHtml(article.pagenumber)}</span></p>` +
    `<p class="article-citation"><strong>How to cite this article:</strong> ${escapeHtml(citation)}</p></td>` +
    `${subjectCell}<td data-label="Country">${escapeHtml(article.country)}</td></tr>`
  );
}

const writtenRows = new WeakMap<ArticleSummary[], RowOptions & { html: string }>();

/**
 * The rows of a list as HTML. The server hands out an issue's list as the same object until the next
 * write, so its rows are written once for as long as the settings they show stay the same object too.
 */
function rowsHtml(articles: ArticleSummary[], options: RowOptions): string {
  const written = writtenRows.get(articles);
  if (written?.settings === options.settings && written.abstractPath === options.abstractPath && written.firstNumber === options.firstNumber) {
    return written.html;
  }
  const html = articles.map((article, index) => rowHtml(article, index, options)).join('');
  writtenRows.set(articles, { ...options, html });
  return html;
}

/** The article list of an issue or of a search: S.No., title and authors with their links, Subject, Country. */
export function ArticleTable({ articles, settings, abstractPath, firstNumber = 1 }: ArticleTableProps) {
  const rows = rowsHtml(articles, { settings, abstractPath, firstNumber });
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
      <tbody dangerouslySetInnerHTML={{ __html: rows }} />
    </table>
  );
}

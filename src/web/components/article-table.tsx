import { articleFileUrl } from '../../common/archive-links.js';
import { coinsTitle } from '../../common/citation-exports.js';
import { formatCitation } from '../../common/citation.js';
import { doiUrl } from '../../common/doi.js';
import { escapeHtml } from '../../common/html.js';
import type { ArticleSummary } from '../../common/schemas/archives.js';
import type { PublicSettings } from '../../common/schemas/settings.js';
import { KeptMarkup, useKeptMarkup } from '../lib/kept-markup.js';
import { memoByObject, type DeepReadonly } from '../lib/memo-by-object.js';

interface ArticleTableProps {
  articles: DeepReadonly<ArticleSummary[]>;
  settings: DeepReadonly<PublicSettings>;
  /** Where each row's Abstract link goes. */
  abstractPath: (article: ArticleSummary) => string;
  /** Serial number of the first row (later search pages continue the count). */
  firstNumber?: number;
}

/**
 * One row as HTML. Rows are the bulk of an issue page, and building them as a string is several times
 * cheaper on the server than as React elements; the browser builds the same string from the same
 * loader data, so hydration finds identical markup. Every value is escaped except the title, which is
 * stored HTML sanitised down to i and em. The Abstract link is a route anchor (see route-anchor.tsx).
 */
function rowHtml(
  article: DeepReadonly<ArticleSummary>,
  index: number,
  settings: DeepReadonly<PublicSettings>,
  abstractPath: ArticleTableProps['abstractPath'],
  firstNumber: number,
): string {
  const file = articleFileUrl(article);
  const citation = formatCitation(article, settings.websitename);
  const downloadLink = file ? `<a href="${escapeHtml(file)}">Download</a>` : '';
  const doiLine = article.doi
    ? ` <a class="doi" href="${escapeHtml(doiUrl(article.doi))}">${escapeHtml(doiUrl(article.doi))}</a>`
    : '';
  // An empty COinS span: reference managers read its title and offer to import the article.
  const coins = `<span class="Z3988" title="${escapeHtml(coinsTitle(article, settings))}"></span>`;
  const subjectCell = settings.show_subject_column
    ? `<td data-label="Subject">${escapeHtml(article.subject)}</td>`
    : '';
  return (
    `<tr><td class="serial" data-label="S.No.">${firstNumber + index}</td><td class="article-cell">` +
    `<p class="article-title">${article.title}</p>` +
    `<p class="article-authors">${escapeHtml(article.authorname)}</p>` +
    `<p class="article-links"><a href="${escapeHtml(abstractPath(article))}" data-route="" data-scroll-to="abstract">Abstract</a>${downloadLink}` +
    `<span>Pages: ${escapeHtml(article.pagenumber)}</span></p>` +
    `<p class="article-citation"><strong>How to cite this article:</strong> ${escapeHtml(citation)}${doiLine}</p>${coins}</td>` +
    `${subjectCell}<td data-label="Country">${escapeHtml(article.country)}</td></tr>`
  );
}

/**
 * The rows of a list as HTML. The server hands out an issue's list as the same object until the next
 * write, so its rows are written once for as long as the settings they show stay the same object too.
 */
const rowsHtml = memoByObject(
  (
    articles: ArticleTableProps['articles'],
    settings: ArticleTableProps['settings'],
    abstractPath: ArticleTableProps['abstractPath'],
    firstNumber: number,
  ) =>
    new KeptMarkup(
      articles.map((article, index) => rowHtml(article, index, settings, abstractPath, firstNumber)).join(''),
    ),
);

/** The article list of an issue or of a search: S.No., title and authors with their links, Subject, Country. */
export function ArticleTable({ articles, settings, abstractPath, firstNumber = 1 }: ArticleTableProps) {
  const rows = useKeptMarkup(rowsHtml(articles, settings, abstractPath, firstNumber));
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

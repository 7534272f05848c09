import { data, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { articleFileUrl, articlePath, issuePath, issueTitle, leadingNumber } from '../../../common/archive-links.js';
import {
  cslItem,
  firstLanguage,
  JATS_TYPE,
  jatsPath,
  keywordList,
  publicationDate,
} from '../../../common/citation-exports.js';
import { displayName, invertedName, placeOf, type PublicAuthor } from '../../../common/authors.js';
import { formatCitation, titleText } from '../../../common/citation.js';
import { longDate } from '../../../common/dates.js';
import { doiUrl } from '../../../common/doi.js';
import { textOf } from '../../../common/html.js';
import { licenceOf } from '../../../common/licences.js';
import { articleJsonLd } from '../../../common/structured-data.js';
import type { ArticleNotice } from '../../../common/schemas/article-notice.js';
import type { PublicArticle } from '../../../common/schemas/archives.js';
import type { PublicSettings } from '../../../common/schemas/settings.js';
import { CiteBox } from '../../components/cite-box.js';
import { LicenceLink } from '../../components/licence-link.js';
import { RouteAnchor } from '../../components/route-anchor.js';
import { siteTitle, type HeadArgs, type HeadData } from '../../lib/head.js';
import { apiFrom } from '../../lib/public-api.js';
import { useRootData } from '../../lib/root-data.js';
import { figuresText, useViewBeacon } from '../../lib/usage-beacon.js';
import { ArticleNoticeCard, noticeHead } from './article-notice.js';
import '../../styles/public-pages.css';

interface ArticleData {
  article: PublicArticle | null;
  /** A withdrawn or deleted article's notice, when `article` is null. */
  notice?: ArticleNotice;
}

const NOT_FOUND = 'Article not found!';
const DESCRIPTION_CHARS = 300;

/**
 * The article is found by its reference number alone; one never published is a 404, and one withdrawn or deleted
 * a 410 with its notice (decision 099). An address whose year, volume or issue is not the article's (it was moved,
 * or its issue renumbered) answers 301 to its address.
 */
export async function articleLoader({ params, context }: LoaderFunctionArgs) {
  const api = apiFrom(context);
  const article = await api.articleByRef(params.ref ?? '');
  if (!article) {
    const notice = await api.articleNotice(params.ref ?? '');
    if (!notice) return data<ArticleData>({ article: null }, { status: 404 });
    if (!isAddressOf(notice, params)) return redirect(articlePath(notice), 301);
    return data<ArticleData>({ article: null, notice }, { status: 410 });
  }
  if (!isAddressOf(article, params)) return redirect(articlePath(article), 301);
  return data<ArticleData>({ article });
}

/** Both address forms (/vol12/issue3/ and the search's /12/3/) are read as numbers (specification: Public pages). */
const isAddressOf = (article: Pick<PublicArticle, 'year' | 'volume' | 'issue'>, params: LoaderFunctionArgs['params']) =>
  leadingNumber(params.year) === article.year &&
  leadingNumber(params.vol) === article.volume &&
  leadingNumber(params.issue) === article.issue;

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/** Google Scholar's citation_* tags (Highwire Press), so the article is indexed and cited correctly. */
function citationMeta(article: PublicArticle, settings: PublicSettings, origin: string) {
  const [firstPage = '', lastPage = ''] = article.pagenumber.split('-').map((page) => page.trim());
  const file = articleFileUrl(article);
  const tag = (name: string, content: string) => ({ name, content });
  const meta = [
    tag('citation_title', titleText(article.title)),
    // "Family, Given", so that particles such as "van der Berg" stay in the family name, each author followed by their
    // institution and ORCID iD, which Google Scholar and Zotero pair with the author before them.
    ...article.authors.flatMap((author) => [
      tag('citation_author', invertedName(author)),
      tag('citation_author_institution', author.affiliation),
      tag('citation_author_orcid', author.orcid && `https://orcid.org/${author.orcid}`),
    ]),
    // The date the page shows and the references give, in the form Google Scholar reads.
    tag('citation_publication_date', publicationDate(article).replace(/-/g, '/')),
    tag('citation_journal_title', settings.websitename),
    tag('citation_journal_abbrev', settings.journal_abbreviation),
    tag('citation_publisher', settings.publisher_name),
    tag('citation_volume', String(article.volume)),
    tag('citation_issue', String(article.issue)),
    tag('citation_firstpage', firstPage),
    tag('citation_lastpage', lastPage),
    tag('citation_doi', article.doi),
    tag('citation_abstract_html_url', origin + articlePath(article)),
    tag('citation_abstract', textOf(article.abstract)),
    tag('citation_language', firstLanguage(settings.journal_language)),
    // Zotero and Google Scholar read citation_keywords as a list separated by semicolons.
    tag('citation_keywords', keywordList(article.keywords).join('; ')),
    ...[settings.issn, settings.journal_essn].map((issn) => tag('citation_issn', issn)),
    tag('citation_pdf_url', file ? origin + file : ''),
    tag('DC.rights', licenceOf(article)),
  ];
  return meta.filter((entry) => entry.content);
}

export function articleHead({ data: loaded, settings, origin }: HeadArgs<ArticleData>): HeadData {
  const { article, notice } = loaded;
  if (!article) return notice ? noticeHead(notice, settings) : { title: siteTitle(settings, NOT_FOUND) };
  return {
    title: siteTitle(settings, titleText(article.title)),
    description: shorten(titleText(article.abstract), DESCRIPTION_CHARS),
    canonicalPath: articlePath(article),
    meta: citationMeta(article, settings, origin),
    alternates: [{ type: JATS_TYPE, title: 'JATS XML', path: jatsPath(article.refnumber) }],
    jsonLd: articleJsonLd(cslItem(article, settings, origin), article.authors, settings, origin),
    ogType: 'article',
  };
}

/** Each author's affiliation and ORCID iD, for the authors that have one. */
function AuthorDetails({ authors }: { authors: PublicAuthor[] }) {
  const described = authors.filter((author) => author.affiliation || author.orcid);
  if (described.length === 0) return null;
  return (
    <ul className="author-details">
      {described.map((author) => (
        <li key={displayName(author)}>
          <span className="author-name">{displayName(author)}</span>
          {author.affiliation && ` · ${placeOf(author)}`}
          {author.orcid && (
            <>
              {' · '}
              <a href={`https://orcid.org/${author.orcid}`} aria-label={`ORCID iD of ${displayName(author)}`}>
                ORCID {author.orcid}
              </a>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

export function ArticlePage() {
  const { article, notice } = useLoaderData<typeof articleLoader>();
  const { settings } = useRootData();
  if (!article) {
    if (notice) return <ArticleNoticeCard notice={notice} />;
    return (
      <section className="card not-found-article">
        <h1>{NOT_FOUND}</h1>
      </section>
    );
  }
  return <ArticleView article={article} settings={settings} />;
}

/**
 * "Published 25 November 2026", when the article has a whole date. Left out of the admin's preview of a draft, whose
 * publication sets the date.
 */
function PublishedOn({ publishdate }: { publishdate: string }) {
  const written = longDate(publishdate);
  if (!written) return null;
  return (
    <div>
      <dt>Published</dt>
      <dd>
        <time dateTime={publishdate}>{written}</time>
      </dd>
    </div>
  );
}

/** "Views · Downloads", when the journal shows them; they arrive after the page counted this view. */
function ArticleUsage({ refnumber }: { refnumber: string }) {
  const figures = useViewBeacon(refnumber)?.figures;
  if (!figures) return null;
  return <p className="article-usage">{figuresText(figures)}</p>;
}

interface ArticleViewProps {
  article: PublicArticle;
  settings: PublicSettings;
  /**
   * The admin's preview of an article readers cannot see yet: without the download link and the Cite box, which
   * read the public addresses that do not answer for it.
   */
  preview?: boolean;
}

/** The article as readers see it: on its public page, and in the admin's preview. */
export function ArticleView({ article, settings, preview = false }: ArticleViewProps) {
  const file = preview ? null : articleFileUrl(article);
  return (
    <article className="card article-page">
      <p className="article-issue">
        <RouteAnchor to={issuePath(article.year, article.volume, article.issue)}>
          {issueTitle(article.year, article.volume, article.issue, article.frequency)}
        </RouteAnchor>
      </p>
      <h1 dangerouslySetInnerHTML={{ __html: article.title }} />
      <p className="article-authors">{article.authorname}</p>
      <AuthorDetails authors={article.authors} />
      {article.doi && (
        <p className="article-doi">
          DOI: <a href={doiUrl(article.doi)}>{doiUrl(article.doi)}</a>
        </p>
      )}
      <dl className="article-facts">
        {!preview && <PublishedOn publishdate={article.publishdate} />}
        <div>
          <dt>Pages</dt>
          <dd>{article.pagenumber}</dd>
        </div>
        {settings.show_subject_column && article.subject && (
          <div>
            <dt>Subject</dt>
            <dd>{article.subject}</dd>
          </div>
        )}
        {article.country && (
          <div>
            <dt>Country</dt>
            <dd>{article.country}</dd>
          </div>
        )}
      </dl>
      <section id="abstract" className="article-abstract" aria-labelledby="abstract-title">
        <h2 id="abstract-title">Abstract</h2>
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: article.abstract }} />
        {article.keywords && (
          <p className="article-keywords">
            <strong>Keywords:</strong> {article.keywords}
          </p>
        )}
      </section>
      {file && (
        <p>
          <a className="download-button" href={file}>
            Download
          </a>
        </p>
      )}
      {!preview && <ArticleUsage refnumber={article.refnumber} />}
      <section className="article-citation" aria-labelledby="cite-title">
        <h2 id="cite-title">How to cite this article</h2>
        <p>{formatCitation(article, settings.websitename)}</p>
        {article.doi && <p>{doiUrl(article.doi)}</p>}
      </section>
      {!preview && <CiteBox refnumber={article.refnumber} />}
      {article.licence_name && (
        <p className="article-licence">
          Licence: <LicenceLink licence={article} />
        </p>
      )}
    </article>
  );
}

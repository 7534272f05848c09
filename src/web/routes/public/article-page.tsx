import { data, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { articleFileUrl, articlePath, issuePath, issueTitle, leadingNumber } from '../../../common/archive-links.js';
import { formatCitation, splitAuthors, titleText } from '../../../common/citation.js';
import type { PublicArticle } from '../../../common/schemas/archives.js';
import type { PublicSettings } from '../../../common/schemas/settings.js';
import { RouteAnchor } from '../../components/route-anchor.js';
import { siteTitle, type HeadArgs, type HeadData } from '../../lib/head.js';
import type { DeepReadonly } from '../../lib/memo-by-object.js';
import { apiFrom } from '../../lib/public-api.js';
import { useRootData } from '../../lib/root-data.js';
import '../../styles/public-pages.css';

type ArticleData = DeepReadonly<{ article: PublicArticle | null }>;

const NOT_FOUND = 'Article not found!';
const DESCRIPTION_CHARS = 300;

/**
 * The article is found by its reference number alone; a missing or disabled one is a 404. An address whose
 * year, volume or issue is not the article's (it was moved, or its issue renumbered) answers 301 to its address.
 */
export async function articleLoader({ params, context }: LoaderFunctionArgs) {
  const article = await apiFrom(context).articleByRef(params.ref ?? '');
  if (article && !isAddressOf(article, params)) return redirect(articlePath(article), 301);
  return data<ArticleData>({ article }, { status: article ? 200 : 404 });
}

/** Both address forms (/vol12/issue3/ and the search's /12/3/) are read as numbers (specification: Public pages). */
const isAddressOf = (article: DeepReadonly<PublicArticle>, params: LoaderFunctionArgs['params']) =>
  leadingNumber(params.year) === article.year && leadingNumber(params.vol) === article.volume && leadingNumber(params.issue) === article.issue;

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/** Google Scholar's citation_* tags (Highwire Press), so the article is indexed and cited correctly. */
function citationMeta(article: DeepReadonly<PublicArticle>, settings: PublicSettings, origin: string) {
  const [firstPage = '', lastPage = ''] = article.pagenumber.split('-').map((page) => page.trim());
  const file = articleFileUrl(article);
  const meta = [
    { name: 'citation_title', content: titleText(article.title) },
    ...splitAuthors(article.authorname).map((author) => ({ name: 'citation_author', content: author })),
    { name: 'citation_publication_date', content: (article.publishdate || String(article.year)).replace(/-/g, '/') },
    { name: 'citation_journal_title', content: settings.websitename },
    { name: 'citation_volume', content: String(article.volume) },
    { name: 'citation_issue', content: String(article.issue) },
    { name: 'citation_firstpage', content: firstPage },
    { name: 'citation_lastpage', content: lastPage },
  ];
  if (file) meta.push({ name: 'citation_pdf_url', content: origin + file });
  const issn = settings.issn || settings.journal_essn;
  if (issn) meta.push({ name: 'citation_issn', content: issn });
  if (article.keywords) meta.push({ name: 'citation_keywords', content: article.keywords });
  return meta.filter((tag) => tag.content);
}

export function articleHead({ data: loaded, settings, origin }: HeadArgs<ArticleData>): HeadData {
  const { article } = loaded;
  if (!article) return { title: siteTitle(settings, NOT_FOUND) };
  return {
    title: siteTitle(settings, titleText(article.title)),
    description: shorten(titleText(article.abstract), DESCRIPTION_CHARS),
    canonicalPath: articlePath(article),
    meta: citationMeta(article, settings, origin),
  };
}

export function ArticlePage() {
  const { article } = useLoaderData<typeof articleLoader>();
  const { settings } = useRootData();
  if (!article) {
    return (
      <section className="card not-found-article">
        <h1>{NOT_FOUND}</h1>
      </section>
    );
  }
  const file = articleFileUrl(article);
  return (
    <article className="card article-page">
      <p className="article-issue">
        <RouteAnchor to={issuePath(article.year, article.volume, article.issue)}>
          {issueTitle(article.year, article.volume, article.issue, article.frequency)}
        </RouteAnchor>
      </p>
      <h1 dangerouslySetInnerHTML={{ __html: article.title }} />
      <p className="article-authors">{article.authorname}</p>
      <dl className="article-facts">
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
      <section className="article-citation" aria-labelledby="cite-title">
        <h2 id="cite-title">How to cite this article</h2>
        <p>{formatCitation(article, settings.websitename)}</p>
      </section>
    </article>
  );
}

import { data, Form, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { articleFileUrl, articlePath } from '../../../common/archive-links.js';
import { splitAuthors, titleText } from '../../../common/citation.js';
import { doiUrl } from '../../../common/doi.js';
import type { PublicArticle } from '../../../common/schemas/archives.js';
import { pdfUrls } from '../../../common/pdf-links.js';
import { RouteAnchor } from '../../components/route-anchor.js';
import { siteTitle, type HeadArgs, type HeadData } from '../../lib/head.js';
import { apiFrom } from '../../lib/public-api.js';
import { figuresText, useArticleFigures } from '../../lib/usage-beacon.js';
import '../../styles/download.css';

type DownloadData = { refno: string; article: PublicArticle | null };

const PAGE_TITLE = 'Author Downloads';

/** /pdf?refno=…: an unknown or disabled reference number is a 404; no number at all asks for one. */
export async function downloadLoader({ request, context }: LoaderFunctionArgs) {
  const refno = (new URL(request.url).searchParams.get('refno') ?? '').trim();
  const article = refno ? await apiFrom(context).articleByRef(refno) : null;
  return data<DownloadData>({ refno, article }, { status: refno && !article ? 404 : 200 });
}

export function downloadHead({ data: loaded, settings }: HeadArgs<DownloadData>): HeadData {
  const page = loaded.article ? `${PAGE_TITLE}: ${titleText(loaded.article.title)}` : PAGE_TITLE;
  // Per-author pages are for the authors, not for search engines.
  return { title: siteTitle(settings, page), meta: [{ name: 'robots', content: 'noindex' }] };
}

function RefnoForm({ refno }: { refno: string }) {
  return (
    <Form method="get" action="/pdf" className="refno-form">
      <label htmlFor="refno">Reference number</label>
      <input id="refno" name="refno" defaultValue={refno} inputMode="numeric" autoComplete="off" required />
      <button type="submit">Show Downloads</button>
    </Form>
  );
}

function DownloadTable({ article }: { article: PublicArticle }) {
  const file = articleFileUrl(article);
  const refno = article.refnumber;
  return (
    <table className="download-table">
      <thead>
        <tr>
          <th scope="col">Document</th>
          <th scope="col">Download</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">Article page</th>
          <td>
            <RouteAnchor className="dl-button dl-secondary" to={articlePath(article)}>
              View Article
            </RouteAnchor>
          </td>
        </tr>
        {file && (
          <tr>
            <th scope="row">Article PDF</th>
            <td>
              <a className="dl-button" href={file} download>
                Download Article
              </a>
            </td>
          </tr>
        )}
        {splitAuthors(article.authorname).map((author, index) => (
          <tr key={`${index}-${author}`}>
            <th scope="row">
              Certificate <span className="author-name">{author}</span>
            </th>
            <td>
              <a
                className="dl-button"
                href={pdfUrls.certificate(refno, author)}
                download
                aria-label={`Download Certificate for ${author}`}
              >
                Download Certificate
              </a>
            </td>
          </tr>
        ))}
        <tr>
          <th scope="row">Cover page</th>
          <td>
            <a className="dl-button" href={pdfUrls.coverPage(refno)} download>
              Download Cover Page
            </a>
          </td>
        </tr>
        <tr>
          <th scope="row">Editorial board</th>
          <td>
            <a className="dl-button" href={pdfUrls.editorialBoard} download>
              Download Editorial Board
            </a>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

/** How often readers have opened the article, for its authors. */
function ArticleFigures({ refnumber }: { refnumber: string }) {
  const figures = useArticleFigures(refnumber);
  return figures && <p className="download-usage">Your article so far: {figuresText(figures)}</p>;
}

export function DownloadPage() {
  const { refno, article } = useLoaderData<typeof downloadLoader>();
  if (!article) {
    return (
      <section className="card download-page">
        <h1>{PAGE_TITLE}</h1>
        {refno ? (
          <p className="download-message" role="alert">
            No published article has the reference number <strong>{refno}</strong>. Please check the number in your
            publication email and try again.
          </p>
        ) : (
          <p className="download-message">Enter the reference number of your article to download its files.</p>
        )}
        <RefnoForm refno={refno} />
      </section>
    );
  }
  return (
    <section className="card download-page">
      <h1>{PAGE_TITLE}</h1>
      <div className="download-article">
        <h2 dangerouslySetInnerHTML={{ __html: article.title }} />
        <p className="download-authors">{article.authorname}</p>
        <p className="download-facts">
          Vol. {article.volume}, Issue {article.issue} ({article.year}) · Pages {article.pagenumber} · Ref. No.{' '}
          {article.refnumber}
        </p>
        {article.doi && (
          <p className="article-doi">
            DOI: <a href={doiUrl(article.doi)}>{doiUrl(article.doi)}</a>
          </p>
        )}
      </div>
      <DownloadTable article={article} />
      <ArticleFigures refnumber={article.refnumber} />
    </section>
  );
}

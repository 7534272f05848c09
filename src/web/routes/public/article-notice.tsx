import { formatCitation, titleText } from '../../../common/citation.js';
import { doiUrl } from '../../../common/doi.js';
import type { ArticleNotice } from '../../../common/schemas/article-notice.js';
import type { PublicSettings } from '../../../common/schemas/settings.js';
import { siteTitle, type HeadData } from '../../lib/head.js';
import { useRootData } from '../../lib/root-data.js';

const HEADINGS: Record<ArticleNotice['kind'], string> = {
  withdrawn: 'Article withdrawn',
  removed: 'Article removed',
};

/** The address answers 410: the notice is for readers following an old link or the DOI, not for search engines. */
export const noticeHead = (notice: ArticleNotice, settings: PublicSettings): HeadData => ({
  title: siteTitle(settings, HEADINGS[notice.kind]),
  meta: [{ name: 'robots', content: 'noindex' }],
});

/** What is left at the address of a withdrawn or deleted article (decision 099): what it was and when it went. */
export function ArticleNoticeCard({ notice }: { notice: ArticleNotice }) {
  const { settings } = useRootData();
  return (
    <article className="card article-page article-notice">
      <h1>{HEADINGS[notice.kind]}</h1>
      <p>
        {`The article “${titleText(notice.title)}” was ${notice.kind} from ${settings.websitename} on `}
        <time dateTime={notice.removed_at}>{notice.removed_at.slice(0, 10)}</time>. It is no longer available here.
      </p>
      <section className="article-citation" aria-labelledby="cite-title">
        <h2 id="cite-title">Citation</h2>
        <p>{formatCitation(notice, settings.websitename)}</p>
        {notice.doi && (
          <p>
            DOI: <a href={doiUrl(notice.doi)}>{doiUrl(notice.doi)}</a>
          </p>
        )}
      </section>
    </article>
  );
}

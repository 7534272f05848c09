import { IMPACT_FACTOR_DISPLAY_CHARS } from '../../../common/constants.js';
import { homeJsonLd } from '../../../common/structured-data.js';
import type { PublicSettings } from '../../../common/schemas/settings.js';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { articlePath, issuePath, issueTitle } from '../../../common/archive-links.js';
import type { ArticleSummary } from '../../../common/schemas/archives.js';
import { HomeSidebar } from '../../components/home-sidebar.js';
import { currentIssue, IssueCover, type CurrentIssue } from '../../components/issue-cover.js';
import { apiFrom } from '../../lib/public-api.js';
import { siteTitle, type HeadArgs, type HeadData } from '../../lib/head.js';
import { useRootData } from '../../lib/root-data.js';
import { RouteAnchor } from '../../components/route-anchor.js';

const PUBLICATION_PROCESS = [
  { step: 'Submit', text: 'Send your manuscript to the journal by email.' },
  { step: 'Review', text: 'Your article is peer reviewed and you are told whether it is accepted.' },
  { step: 'Pay', text: 'Pay the publication fee only after your article has been accepted.' },
  { step: 'Publish', text: 'Your article is published and your files are sent to you within 5 days.' },
];

function journalInformation(settings: PublicSettings): [string, string][] {
  const rows: [string, string][] = [
    ['Journal Name', settings.websitename],
    ['ISSN (Print)', settings.issn],
    ['ISSN (Online)', settings.journal_essn],
    ['Year Started', settings.year_started],
    ['Frequency', settings.journal_frequency],
    ['Type', settings.journal_type],
    ['Language', settings.journal_language],
    ['Publisher', settings.publisher_name],
    ['Email', settings.websiteemail],
  ];
  return rows.filter(([, value]) => value);
}

/** What the table of contents shows of an article; the page's hydration data carries no more. */
type ContentsEntry = Pick<ArticleSummary, 'refnumber' | 'title' | 'authorname' | 'pagenumber'>;

const contentsEntry = ({ refnumber, title, authorname, pagenumber }: ArticleSummary): ContentsEntry => ({
  refnumber,
  title,
  authorname,
  pagenumber,
});

/** The current issue (the newest published one), for the cover card and its table of contents. */
export const homeLoader = async ({ context }: LoaderFunctionArgs) => {
  const api = apiFrom(context);
  const issue = currentIssue(await api.yearGroups());
  const articles = issue ? ((await api.issueArticles(issue.year, issue.volume, issue.issue)) ?? []) : [];
  return { issue, articles: articles.map(contentsEntry) };
};

export function homeHead({ settings, origin }: HeadArgs): HeadData {
  return {
    title: siteTitle(settings),
    description: `${settings.websitename}: a peer-reviewed ${settings.journal_type || 'academic'} journal. Read the archive, submit your article and follow the publication process.`,
    canonicalPath: '/',
    jsonLd: homeJsonLd(settings, origin),
  };
}

/** The current issue's table of contents: each article's title (linked), authors and pages. */
function CurrentIssueContents({ issue, articles }: { issue: CurrentIssue; articles: ContentsEntry[] }) {
  return (
    <section className="current-issue" aria-labelledby="current-issue-title">
      <h2 id="current-issue-title">
        Current issue:{' '}
        <RouteAnchor to={issuePath(issue.year, issue.volume, issue.issue)}>
          {issueTitle(issue.year, issue.volume, issue.issue, issue.frequency)}
        </RouteAnchor>
      </h2>
      <ol className="toc">
        {articles.map((article) => (
          <li key={article.refnumber}>
            <RouteAnchor
              to={articlePath({ ...issue, refnumber: article.refnumber })}
              className="toc-title"
              dangerouslySetInnerHTML={{ __html: article.title }}
            />
            <span className="toc-authors">{article.authorname}</span>
            {article.pagenumber && <span className="toc-pages">pp. {article.pagenumber}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function HomePage() {
  const { settings, indexing, pictures } = useRootData();
  const { issue, articles } = useLoaderData<typeof homeLoader>();
  return (
    <div className="with-sidebar">
      <div className="home">
        <section className="cover-card" aria-label="Journal cover">
          {pictures.cover ? (
            <img
              className="cover-picture"
              src={pictures.cover}
              alt={`Cover of ${settings.websitename}`}
              width="200"
              height="260"
            />
          ) : (
            <IssueCover settings={settings} issue={issue} />
          )}
          <div className="cover-info">
            <h1>{settings.websitename}</h1>
            <p className="peer-reviewed">Peer Reviewed</p>
            {settings.impactfactor && (
              <p className="impact-factor">
                Impact Factor: <strong>{settings.impactfactor.slice(0, IMPACT_FACTOR_DISPLAY_CHARS)}</strong>
              </p>
            )}
            <dl className="journal-info">
              {journalInformation(settings).map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>

        <section className="fees" aria-labelledby="fees-title">
          <h2 id="fees-title">Publication Fees</h2>
          <div className="fee-cards">
            <div className="fee-card">
              <h3>India</h3>
              <p className="fee">
                ₹ {settings.fee_rupee} <span>rupees</span>
              </p>
            </div>
            <div className="fee-card">
              <h3>Foreign</h3>
              <p className="fee">
                $ {settings.fee_dollar} <span>dollars</span>
              </p>
            </div>
          </div>
        </section>

        <section className="process" aria-labelledby="process-title">
          <h2 id="process-title">Publication Process</h2>
          <ol className="process-steps">
            {PUBLICATION_PROCESS.map((item, index) => (
              <li key={item.step}>
                <span className="step-number">{index + 1}</span>
                <h3>{item.step}</h3>
                <p>{item.text}</p>
              </li>
            ))}
          </ol>
        </section>

        {settings.home_content && (
          <section className="home-content rich-text" dangerouslySetInnerHTML={{ __html: settings.home_content }} />
        )}

        {issue && articles.length > 0 && <CurrentIssueContents issue={issue} articles={articles} />}
      </div>
      <HomeSidebar settings={settings} indexing={indexing} />
    </div>
  );
}

import { contentPageLoader, StaticPage, staticHead, StoredPageText } from './static-page.js';

export const privacyHead = staticHead(
  'Privacy Policy',
  '/privacy-policy',
  (settings) => `How ${settings.websitename} collects, uses and protects personal information.`,
);

export const privacyLoader = contentPageLoader('privacy-policy');

/**
 * What the site counts (decision 101), written by the product rather than the stored text, so that it always says
 * what the counting does.
 */
function UsageStatisticsNotice() {
  return (
    <section id="usage-statistics" aria-labelledby="usage-statistics-title">
      <h2 id="usage-statistics-title">Usage statistics</h2>
      <p>
        We count how often each article&apos;s abstract is viewed and its PDF downloaded, and how many searches are
        made, following the COUNTER Code of Practice for usage statistics. Views by known robots and crawlers are not
        counted, and a repeat within 30 seconds counts once.
      </p>
      <p>
        To tell one reader&apos;s visit from another&apos;s, your address and browser name are turned into a code that
        changes every hour and cannot be turned back into them; neither is stored. No cookie is set. The counts are
        shown to the journal&apos;s editors, may be shown on article pages, and are shared with libraries and indexers
        as COUNTER reports, which contain no information about individual readers.
      </p>
    </section>
  );
}

/** The footer link passes {scrollTo: 'privacy'}; the layout scrolls to the section with that id, whatever the stored text. */
export function PrivacyPage() {
  return (
    <StaticPage>
      <section id="privacy" aria-labelledby="privacy-title">
        <h1 id="privacy-title">PRIVACY POLICY</h1>
        <StoredPageText />
      </section>
      <UsageStatisticsNotice />
    </StaticPage>
  );
}

import { useRootData } from '../../lib/root-data.js';
import { StaticPage, staticHead } from './static-page.js';

export const privacyHead = staticHead(
  'Privacy Policy',
  '/privacy-policy',
  (settings) => `How ${settings.websitename} collects, uses and protects personal information.`,
);

/** The footer link passes {scrollTo: 'privacy'}; the layout scrolls to the section with that id. */
export function PrivacyPage() {
  const { settings } = useRootData();
  const site = settings.websitename;
  return (
    <StaticPage>
      <section id="privacy" aria-labelledby="privacy-title">
        <h1 id="privacy-title">PRIVACY POLICY</h1>
        <p>{`This policy explains what personal information ${site} collects, why, and how it is protected. By using this website or submitting a manuscript you agree to this policy.`}</p>
        <h2>Information we collect</h2>
        <ul>
          <li>Details you send with a manuscript: names, designations, institutions, email addresses and mobile numbers of the authors.</li>
          <li>Payment references of publication fees (transaction identifiers, never card or bank credentials).</li>
          <li>Technical data our server records for security, such as IP addresses and the pages requested.</li>
        </ul>
        <h2>How we use it</h2>
        <p>
          We use this information to review and publish your work, to issue certificates of publication, to answer your questions and to
          keep the website secure. Author names, affiliations and countries are published with the article as part of the scholarly
          record; email addresses and mobile numbers are never published.
        </p>
        <h2>Sharing</h2>
        <p>
          We do not sell or rent personal information. It is shared only with reviewers and editors who need it to handle your manuscript,
          with indexing services for the published metadata of articles, or where the law requires it.
        </p>
        <h2>Cookies and storage</h2>
        <p>
          The public website sets no tracking cookies. Staff who sign in to the administration area keep a sign-in token in their browser&rsquo;s
          local storage until they sign out or it expires.
        </p>
        <h2>Retention and your rights</h2>
        <p>
          {`Published articles stay in the archive permanently. You may ask to see, correct or delete the personal information we hold about you by writing to ${settings.websiteemail}; we answer within 30 days.`}
        </p>
        <h2>Changes</h2>
        <p>We may update this policy; the version on this page is the one in force.</p>
      </section>
    </StaticPage>
  );
}

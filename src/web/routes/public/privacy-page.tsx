import { contentPageLoader, StaticPage, staticHead, StoredPageText } from './static-page.js';

export const privacyHead = staticHead(
  'Privacy Policy',
  '/privacy-policy',
  (settings) => `How ${settings.websitename} collects, uses and protects personal information.`,
);

export const privacyLoader = contentPageLoader('privacy-policy');

/** The footer link passes {scrollTo: 'privacy'}; the layout scrolls to the section with that id, whatever the stored text. */
export function PrivacyPage() {
  return (
    <StaticPage>
      <section id="privacy" aria-labelledby="privacy-title">
        <h1 id="privacy-title">PRIVACY POLICY</h1>
        <StoredPageText />
      </section>
    </StaticPage>
  );
}

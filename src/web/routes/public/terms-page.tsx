import { contentPageLoader, StaticPage, staticHead, StoredPageText } from './static-page.js';

export const termsHead = staticHead(
  'Terms and Conditions',
  '/terms-and-conditions',
  (settings) => `The terms under which ${settings.websitename} and its content may be used.`,
);

export const termsLoader = contentPageLoader('terms-and-conditions');

/** Generic legal text naming the site; the footer link passes {scrollTo: 'terms'}, kept whatever the stored text. */
export function TermsPage() {
  return (
    <StaticPage>
      <section id="terms" aria-labelledby="terms-title">
        <h1 id="terms-title">TERMS AND CONDITIONS</h1>
        <StoredPageText />
      </section>
    </StaticPage>
  );
}

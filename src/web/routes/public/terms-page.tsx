import { useRootData } from '../../lib/root-data.js';
import { StaticPage, staticHead } from './static-page.js';

export const termsHead = staticHead(
  'Terms and Conditions',
  '/terms-and-conditions',
  (settings) => `The terms under which ${settings.websitename} and its content may be used.`,
);

/** Generic legal text naming the site; the footer link passes {scrollTo: 'terms'}. */
export function TermsPage() {
  const { settings } = useRootData();
  const site = settings.websitename;
  return (
    <StaticPage>
      <section id="terms" aria-labelledby="terms-title">
        <h1 id="terms-title">TERMS AND CONDITIONS</h1>
        <p>{`These terms govern your use of the ${site} website. By using the website you accept them; if you do not, please do not use it.`}</p>
        <h2>Use of content</h2>
        <p>
          {`Articles published by ${site} are open access: you may read, download, print and share them for personal, educational and research purposes, provided the authors and the journal are credited with a full citation. Reproduction for commercial purposes needs written permission. The design, logos and text of the website itself belong to ${site} and its publisher.`}
        </p>
        <h2>Acceptable use</h2>
        <p>
          You must not use the website in a way that damages it or impairs its availability, attempts to gain unauthorised access to any
          part of it, collects data by automated means beyond ordinary indexing by search engines, or transmits unlawful, harmful or
          infringing material. Authors must submit only their own original work and accurate information.
        </p>
        <h2>Indemnity</h2>
        <p>
          {`You agree to indemnify ${site}, its publisher, editors and staff against any claims, losses and costs arising from your breach of these terms or from material you submit, including any claim that a submitted manuscript infringes the rights of others.`}
        </p>
        <h2>Limitation of liability</h2>
        <p>
          {`To the fullest extent permitted by law, ${site} is not liable for any indirect, incidental or consequential loss arising from the use of, or inability to use, the website or its content, including loss of data or of opportunity.`}
        </p>
        <h2>Disclaimer</h2>
        <p>
          {`The website and its content are provided "as is". Opinions expressed in articles are those of their authors and not of ${site}, its editors or its publisher. We do not warrant that the website will be uninterrupted or free of errors, nor that the content is complete or current.`}
        </p>
        <h2>Changes and governing law</h2>
        <p>
          We may revise these terms at any time; the version on this page is the one in force. These terms are governed by the laws of
          India, and disputes are subject to the courts of the publisher&rsquo;s location.
        </p>
      </section>
    </StaticPage>
  );
}

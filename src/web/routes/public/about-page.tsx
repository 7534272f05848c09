import { contentPageLoader, StaticPage, staticHead, StoredPageText } from './static-page.js';

export const aboutHead = staticHead(
  'About the Journal',
  '/about',
  (settings) => `About ${settings.websitename}: aims, scope, peer review and open access.`,
);

export const aboutLoader = contentPageLoader('about');

export function AboutPage() {
  return (
    <StaticPage>
      <h1>ABOUT THE JOURNAL</h1>
      <StoredPageText />
    </StaticPage>
  );
}

import { contentPageLoader, StaticPage, staticHead, StoredPageText } from './static-page.js';

export const instructionsHead = staticHead(
  'Instructions to Authors',
  '/instructions',
  (settings) =>
    `How to prepare and submit a manuscript to ${settings.websitename}: format, limits, fees and publication.`,
);

export const instructionsLoader = contentPageLoader('instructions');

export function InstructionsPage() {
  return (
    <StaticPage>
      <h1>INSTRUCTIONS TO AUTHORS</h1>
      <StoredPageText />
    </StaticPage>
  );
}

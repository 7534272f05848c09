import { useRootData } from '../../lib/root-data.js';
import { StaticPage, staticHead } from './static-page.js';

export const aboutHead = staticHead(
  'About the Journal',
  '/about',
  (settings) => `About ${settings.websitename}: aims, scope, peer review and open access.`,
);

export function AboutPage() {
  const { settings } = useRootData();
  const facts = [
    settings.year_started && `Published since ${settings.year_started}`,
    settings.journal_frequency && `${settings.journal_frequency.toLowerCase()} issues`,
    settings.journal_language && `in ${settings.journal_language}`,
    settings.publisher_name && `by ${settings.publisher_name}`,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <StaticPage>
      <h1>ABOUT THE JOURNAL</h1>
      <p>
        {`${settings.websitename} is a peer-reviewed, open-access journal that publishes original research, review articles and case studies. It gives researchers, teachers and students a quick, careful and affordable route to publication, and keeps every published article free to read.`}
      </p>
      {facts && <p>{`${facts}.`}</p>}
      <h2>Peer review</h2>
      <p>
        Every submission is checked for originality and then reviewed by independent experts in its field. The editors decide on
        publication from the reviewers&rsquo; reports; authors receive the decision with the reviewers&rsquo; comments.
      </p>
      <h2>Open access</h2>
      <p>
        All articles are free to read, download and cite. Each article page carries its full citation and metadata, so that it can be
        found through scholarly search engines and cited correctly.
      </p>
    </StaticPage>
  );
}

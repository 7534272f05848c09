import { HomeSidebar } from '../../components/home-sidebar.js';
import { IndexingList } from '../../components/indexing-list.js';
import { siteTitle, type HeadArgs, type HeadData } from '../../lib/head.js';
import { useRootData } from '../../lib/root-data.js';
import '../../styles/public-pages.css';

export function indexingHead({ settings }: HeadArgs): HeadData {
  return {
    title: siteTitle(settings, 'Indexing'),
    description: `The databases and services that index ${settings.websitename}.`,
    canonicalPath: '/indexing',
  };
}

/** The full grid of indexing logos, beside the sidebar with its compact variant. */
export function IndexingPage() {
  const { settings, indexing } = useRootData();
  return (
    <div className="with-sidebar">
      <section className="card">
        <h1>INDEXING</h1>
        <p>{`${settings.websitename} is indexed and listed in the following databases and services.`}</p>
        <IndexingList entries={indexing} variant="grid" />
      </section>
      <HomeSidebar settings={settings} indexing={indexing} />
    </div>
  );
}

import type { ReactNode } from 'react';
import type { PublicSettings } from '../../../common/schemas/settings.js';
import { HomeSidebar } from '../../components/home-sidebar.js';
import { siteTitle, type HeadArgs, type HeadData } from '../../lib/head.js';
import { useRootData } from '../../lib/root-data.js';
import '../../styles/public-pages.css';

/** The head of a page of fixed text: its title, a description naming the journal, and its address. */
export function staticHead(title: string, path: string, describe: (settings: PublicSettings) => string) {
  return ({ settings }: HeadArgs): HeadData => ({ title: siteTitle(settings, title), description: describe(settings), canonicalPath: path });
}

/** A page of text beside the journal sidebar. */
export function StaticPage({ children }: { children: ReactNode }) {
  const { settings, indexing } = useRootData();
  return (
    <div className="with-sidebar">
      <article className="card static-page">{children}</article>
      <HomeSidebar settings={settings} indexing={indexing} />
    </div>
  );
}

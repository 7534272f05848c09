import type { ReactNode } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { fillPlaceholders } from '../../../common/html.js';
import type { ContentPage, ContentPageSlug } from '../../../common/schemas/pages.js';
import type { PublicSettings } from '../../../common/schemas/settings.js';
import { HomeSidebar } from '../../components/home-sidebar.js';
import { siteTitle, type HeadArgs, type HeadData } from '../../lib/head.js';
import { apiFrom } from '../../lib/public-api.js';
import { useRootData } from '../../lib/root-data.js';
import '../../styles/public-pages.css';

/** The head of a page of fixed text: its title, a description naming the journal, and its address. */
export function staticHead(title: string, path: string, describe: (settings: PublicSettings) => string) {
  return ({ settings }: HeadArgs): HeadData => ({
    title: siteTitle(settings, title),
    description: describe(settings),
    canonicalPath: path,
  });
}

/** The loader of a page whose text staff edit in the admin area. */
export const contentPageLoader =
  (slug: ContentPageSlug) =>
  ({ context }: LoaderFunctionArgs): Promise<ContentPage> =>
    apiFrom(context).contentPage(slug);

/** The stored text of the page being shown (sanitised by the server), with the settings it names filled in. */
export function StoredPageText() {
  const page = useLoaderData<ContentPage>();
  const { settings } = useRootData();
  return <div className="page-text" dangerouslySetInnerHTML={{ __html: fillPlaceholders(page.content, settings) }} />;
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

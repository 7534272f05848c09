import {
  Outlet,
  redirect,
  useNavigation,
  useRouteLoaderData,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { issuePath } from '../../../common/archive-links.js';
import type { ListedYearGroup } from '../../../common/year-groups.js';
import { ArchiveYearList, listedYearGroups } from '../../components/archive-year-list.js';
import { siteTitle, type HeadArgs, type HeadData } from '../../lib/head.js';
import { apiFrom } from '../../lib/public-api.js';
import '../../styles/public-pages.css';

const ARCHIVES_PATH = '/archives';
const isArchivesIndex = (url: URL) => url.pathname.replace(/\/+$/, '') === ARCHIVES_PATH;

/**
 * The year groups for the issue list; /archives itself goes on to the newest year's latest issue
 * (on the server: an HTTP redirect). In the browser the redirect happens before /archives enters the
 * history, so the issue takes its place and Back returns to the page the reader came from.
 */
export async function archivesLoader({ request, context }: LoaderFunctionArgs): Promise<ListedYearGroup[]> {
  const lists = await apiFrom(context).yearGroupLists();
  const newest = lists.whole[0];
  const url = new URL(request.url);
  if (isArchivesIndex(url) && newest && newest.issues.length > 0) {
    throw redirect(issuePath(newest.year, newest.volume, newest.issues[0]!));
  }
  return listedYearGroups(lists, url.pathname);
}

/** The year groups change only with a write; they are read again only when /archives itself must redirect. */
export const archivesShouldRevalidate = ({ nextUrl }: ShouldRevalidateFunctionArgs) => isArchivesIndex(nextUrl);

const useYearGroups = () => useRouteLoaderData<typeof archivesLoader>('archives') ?? [];

export function archivesHead({ settings }: HeadArgs): HeadData {
  return {
    title: siteTitle(settings, 'Archives'),
    description: `All issues of ${settings.websitename}, by year.`,
    canonicalPath: ARCHIVES_PATH,
  };
}

export function ArchivesLayout() {
  const groups = useYearGroups();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname.startsWith(ARCHIVES_PATH);
  return (
    <div className="archives">
      {groups.length > 0 && <ArchiveYearList groups={groups} />}
      <div className="archives-content">
        {loading ? (
          <p className="loading" role="status">
            Loading...
          </p>
        ) : (
          <Outlet />
        )}
      </div>
    </div>
  );
}

/** /archives when nothing is published yet (otherwise its loader has redirected). */
export function ArchivesIndex() {
  return (
    <section className="card">
      <h1>ARCHIVES</h1>
      <p className="empty-note">No published articles yet. Please come back later.</p>
    </section>
  );
}

import { useEffect, useState, type SyntheticEvent } from 'react';
import { useLocation } from 'react-router';
import { issuePath, leadingNumber, yearPath } from '../../common/archive-links.js';
import { EXPANDED_YEAR_GROUPS } from '../../common/constants.js';
import type { YearGroup } from '../../common/schemas/archives.js';
import { isClosed, type ListedYearGroup, type YearGroupLists } from '../../common/year-groups.js';
import { apiFrom } from '../lib/public-api.js';
import { isActivePath, isPlainLeftClick, RouteAnchor } from './route-anchor.js';

type Group = ListedYearGroup;
type Groups = readonly Group[];

const groupKey = (group: Group) => `${group.year}-${group.volume}`;

function issueLabel(group: YearGroup, issue: number): string {
  const month = group.issue_month[issue];
  return `VOL. ${group.volume} : ISSUE ${issue}${month ? ` : ${month.toUpperCase()}` : ''}`;
}

/** The year and volume of the archive page shown (an issue or one of its articles); null on other pages. */
function shownVolume(pathname: string): { year: number | null; volume: number | null } | null {
  const [first, year, volume] = pathname.split('/').filter(Boolean);
  return first?.toLowerCase() === 'archives' ? { year: leadingNumber(year), volume: leadingNumber(volume) } : null;
}

/** Whether the page shown belongs to the group. */
const holdsPage = (group: Group, shown: ReturnType<typeof shownVolume>) =>
  shown?.year === group.year && shown.volume === group.volume;

/**
 * The year groups an archive page needs: whole for the groups that start expanded and the one holding the page,
 * closed to their title for the others (which show no issue while collapsed). Opening a closed group reads the whole
 * list (ArchiveYearList).
 */
export function listedYearGroups({ whole, closed }: YearGroupLists, pathname: string): ListedYearGroup[] {
  const shown = shownVolume(pathname);
  return whole.map((group, index) =>
    index < EXPANDED_YEAR_GROUPS || holdsPage(group, shown) ? group : closed[index]!,
  );
}

/** A group's issue links; `pathname` is the page shown when the group holds it (no other group has its link). */
export function IssueItems({ group, pathname }: { group: YearGroup; pathname: string | null }) {
  return group.issues.map((issue) => {
    const path = issuePath(group.year, group.volume, issue);
    const current = pathname !== null && isActivePath(path, pathname);
    return (
      <li key={issue}>
        <RouteAnchor to={path} className={current ? 'active' : undefined} aria-current={current ? 'page' : undefined}>
          {issueLabel(group, issue)}
        </RouteAnchor>
      </li>
    );
  });
}

/**
 * A group's title: a link to the year's page, which lists every issue of the year, so that crawlers and readers
 * without the script reach them all; with the script a plain click or Space opens and closes the group in place.
 */
function YearTitle({ group, open, onToggle }: { group: Group; open: boolean; onToggle: (group: Group) => void }) {
  const toggle = (event: SyntheticEvent) => {
    event.preventDefault();
    onToggle(group);
  };
  return (
    <h3>
      <a
        href={yearPath(group.year)}
        className="year-title"
        role="button"
        aria-expanded={open}
        aria-controls={open ? `issues-${groupKey(group)}` : undefined}
        onClick={(event) => isPlainLeftClick(event) && toggle(event)}
        onKeyDown={(event) => event.key === ' ' && toggle(event)}
      >
        {`${group.year} ISSUES`}
      </a>
    </h3>
  );
}

/** One year group: its title toggles the issue list, which a collapsed group does not render. */
export function YearGroupSection({
  group,
  open,
  pageShown,
  onToggle,
}: {
  group: Group;
  open: boolean;
  /** The path of the page shown when it belongs to this group, else null. */
  pageShown: string | null;
  onToggle: (group: Group) => void;
}) {
  return (
    <section className="year-group">
      <YearTitle group={group} open={open} onToggle={onToggle} />
      {open && (
        <ul id={`issues-${groupKey(group)}`}>
          {isClosed(group) ? (
            <li className="loading" role="status">
              Loading...
            </li>
          ) : (
            <IssueItems group={group} pathname={pageShown} />
          )}
        </ul>
      )}
    </section>
  );
}

/**
 * Issues by year: the first two year groups start expanded, a title click toggles the others. On small
 * screens the list is a drawer opened by the 'All Issues' button.
 */
export function ArchiveYearList({ groups: listed }: { groups: Groups }) {
  const [whole, setWhole] = useState<Groups | null>(null);
  const groups = whole ?? listed;
  const [expanded, setExpanded] = useState(() => new Set(groups.slice(0, EXPANDED_YEAR_GROUPS).map(groupKey)));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();

  // Choosing an issue closes the drawer.
  const [drawerPath, setDrawerPath] = useState(location.pathname);
  if (drawerPath !== location.pathname) {
    setDrawerPath(location.pathname);
    setDrawerOpen(false);
  }
  useEffect(() => {
    if (!drawerOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && setDrawerOpen(false);
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [drawerOpen]);

  function toggle(group: Group) {
    if (isClosed(group) && !whole) void apiFrom(undefined).yearGroups().then(setWhole, console.error);
    const key = groupKey(group);
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }

  const shown = shownVolume(location.pathname);
  const renderGroup = (group: Group) => (
    <YearGroupSection
      key={groupKey(group)}
      group={group}
      open={expanded.has(groupKey(group))}
      pageShown={holdsPage(group, shown) ? location.pathname : null}
      onToggle={toggle}
    />
  );

  return (
    <>
      <button
        type="button"
        className="all-issues-button"
        aria-expanded={drawerOpen}
        aria-controls="year-list"
        onClick={() => setDrawerOpen(true)}
      >
        All Issues
      </button>
      {drawerOpen && <div className="drawer-backdrop" aria-hidden="true" onClick={() => setDrawerOpen(false)} />}
      <nav id="year-list" className={`year-list${drawerOpen ? ' open' : ''}`} aria-label="All issues">
        <div className="year-list-head">
          <h2>All Issues</h2>
          <button
            type="button"
            className="drawer-close"
            aria-label="Close the issue list"
            onClick={() => setDrawerOpen(false)}
          >
            ×
          </button>
        </div>
        <div className="year-groups">{groups.map(renderGroup)}</div>
      </nav>
    </>
  );
}

import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { issuePath, leadingNumber } from '../../common/archive-links.js';
import { EXPANDED_YEAR_GROUPS } from '../../common/constants.js';
import type { ListedYearGroup, YearGroupLists } from '../../common/year-groups.js';
import { apiFrom } from '../lib/public-api.js';
import { isActivePath, RouteAnchor } from './route-anchor.js';

type Group = ListedYearGroup;
type Groups = readonly Group[];

const groupKey = (group: Group) => `${group.year}-${group.volume}`;

function issueLabel(group: Group, issue: number): string {
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
 * closed to their newest issue for the others (which link no more than that while collapsed). Opening a closed
 * group reads the whole list (ArchiveYearList).
 */
export function listedYearGroups({ whole, closed }: YearGroupLists, pathname: string): ListedYearGroup[] {
  const shown = shownVolume(pathname);
  return whole.map((group, index) =>
    index < EXPANDED_YEAR_GROUPS || holdsPage(group, shown) ? group : closed[index]!,
  );
}

/**
 * The issues a collapsed group still links to, in a hidden list, so that a crawler following plain links
 * reaches every issue: the newest one, and every one when the group holds the page shown. From any issue
 * page the crawler so reaches each year's newest issue, and from there the rest of that year. Linking
 * every issue of every group would add some 4 KB of compressed markup to each page of a century-long
 * archive (decision 017).
 */
const hiddenIssues = (group: Group, holding: boolean) => (holding ? group.issues : group.issues.slice(0, 1));

/** A group's issue links; `pathname` is the page shown when the group holds it (no other group has its link). */
function IssueItems({ group, issues, pathname }: { group: Group; issues: readonly number[]; pathname: string | null }) {
  return issues.map((issue) => {
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

/** One year group: its title toggles the issue list, which collapsed groups keep hidden and short. */
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
  const key = groupKey(group);
  const holding = pageShown !== null;
  return (
    <section className="year-group">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={open ? `issues-${key}` : undefined}
          onClick={() => onToggle(group)}
        >
          {`${group.year} ISSUES`}
        </button>
      </h3>
      {open ? (
        <ul id={`issues-${key}`}>
          <IssueItems group={group} issues={group.issues} pathname={pageShown} />
          {group.partial && (
            <li className="loading" role="status">
              Loading...
            </li>
          )}
        </ul>
      ) : (
        <ul hidden>
          <IssueItems group={group} issues={hiddenIssues(group, holding)} pathname={pageShown} />
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
    if (group.partial && !whole) void apiFrom(undefined).yearGroups().then(setWhole, console.error);
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

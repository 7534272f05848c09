import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { issuePath } from '../../common/archive-links.js';
import { EXPANDED_YEAR_GROUPS } from '../../common/constants.js';
import { escapeHtml } from '../../common/html.js';
import type { YearGroup } from '../../common/schemas/archives.js';
import { memoByObject, type DeepReadonly } from '../lib/memo-by-object.js';
import { httpApi } from '../lib/public-api.js';
import { isActivePath, RouteAnchor } from './route-anchor.js';

type Group = DeepReadonly<YearGroup>;
type Groups = readonly Group[];

const groupKey = (group: Group) => `${group.year}-${group.volume}`;

function issueLabel(group: Group, issue: number): string {
  const month = group.issue_month[issue];
  return `VOL. ${group.volume} : ISSUE ${issue}${month ? ` : ${month.toUpperCase()}` : ''}`;
}

/** Groups that start collapsed arrive without their issues; the first one opened fetches them all. */
const lacksIssues = (group: Group) => group.issues.length < group.total_issues;

function YearGroupIssues({ group, pathname }: { group: Group; pathname: string }) {
  if (lacksIssues(group)) {
    return (
      <li className="loading" role="status">
        Loading...
      </li>
    );
  }
  return group.issues.map((issue) => {
    const path = issuePath(group.year, group.volume, issue);
    const current = isActivePath(path, pathname);
    return (
      <li key={issue}>
        <RouteAnchor to={path} className={current ? 'active' : undefined} aria-current={current ? 'page' : undefined}>
          {issueLabel(group, issue)}
        </RouteAnchor>
      </li>
    );
  });
}

/** One year group: its title toggles the issue list, which collapsed groups do not render at all. */
export function YearGroupSection({ group, open, pathname, onToggle }: { group: Group; open: boolean; pathname: string; onToggle: (group: Group) => void }) {
  const key = groupKey(group);
  return (
    <section className="year-group">
      <h3>
        <button type="button" aria-expanded={open} aria-controls={open ? `issues-${key}` : undefined} onClick={() => onToggle(group)}>
          {`${group.year} ISSUES`}
        </button>
      </h3>
      {open && (
        <ul id={`issues-${key}`}>
          <YearGroupIssues group={group} pathname={pathname} />
        </ul>
      )}
    </section>
  );
}

/**
 * The year groups as YearGroupSection renders them (a unit test holds the two together). A long archive
 * puts hundreds of elements in the list, most of them titles that do nothing until the page has
 * hydrated, so the server and hydration take the list as one string; once hydrated it is rendered as
 * components.
 */
export function yearGroupsHtml(groups: Groups, expanded: ReadonlySet<string>, pathname: string): string {
  return writtenGroupsHtml(groups, [...expanded].join(), pathname);
}

/**
 * The server hands out the same groups until the next write and renders the same page again and again,
 * so the list is written once per list of groups, open groups (as keys joined by commas) and page.
 */
const writtenGroupsHtml = memoByObject((groups: Groups, openKeys: string, pathname: string) => {
  const open = new Set(openKeys.split(','));
  return groups.map((group) => yearGroupHtml(group, open.has(groupKey(group)), pathname)).join('');
});

function issueItemHtml(group: Group, issue: number, pathname: string): string {
  const path = issuePath(group.year, group.volume, issue);
  const current = isActivePath(path, pathname) ? ' class="active" aria-current="page"' : '';
  return `<li><a href="${path}" data-route=""${current}>${escapeHtml(issueLabel(group, issue))}</a></li>`;
}

/** A closed group's markup does not depend on the page, and the server hands out the same groups until the next write. */
const closedGroupHtml = memoByObject((group: Group) => `<section class="year-group">${yearGroupTitleHtml(group, false)}</section>`);

function yearGroupHtml(group: Group, open: boolean, pathname: string): string {
  if (!open) return closedGroupHtml(group);
  const key = groupKey(group);
  const items = lacksIssues(group)
    ? '<li class="loading" role="status">Loading...</li>'
    : group.issues.map((issue) => issueItemHtml(group, issue, pathname)).join('');
  return `<section class="year-group">${yearGroupTitleHtml(group, true)}<ul id="issues-${key}">${items}</ul></section>`;
}

function yearGroupTitleHtml(group: Group, open: boolean): string {
  const controls = open ? ` aria-controls="issues-${groupKey(group)}"` : '';
  return `<h3><button type="button" aria-expanded="${open}"${controls}>${group.year} ISSUES</button></h3>`;
}

const noSubscription = () => () => {};
/** False on the server and while hydrating, true afterwards. */
const useHydrated = () => useSyncExternalStore(noSubscription, () => true, () => false);

/**
 * Issues by year: the first two year groups start expanded, a title click toggles the others. On small
 * screens the list is a drawer opened by the 'All Issues' button.
 */
export function ArchiveYearList({ groups }: { groups: Groups }) {
  const [expanded, setExpanded] = useState(() => new Set(groups.slice(0, EXPANDED_YEAR_GROUPS).map(groupKey)));
  const [fullGroups, setFullGroups] = useState<Groups | null>(null);
  const fetching = useRef(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  const shown = fullGroups ?? groups;
  const hydrated = useHydrated();

  // Choosing an issue closes the drawer.
  useEffect(() => setDrawerOpen(false), [location.pathname]);
  useEffect(() => {
    setFullGroups(null);
    fetching.current = false;
  }, [groups]);
  useEffect(() => {
    if (!drawerOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && setDrawerOpen(false);
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [drawerOpen]);

  function toggle(group: Group) {
    const key = groupKey(group);
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
    if (!fullGroups && !fetching.current && lacksIssues(group)) {
      fetching.current = true;
      httpApi.yearGroups().then(setFullGroups, (error: unknown) => {
        // The group closes again, so the reader can retry with another click.
        fetching.current = false;
        setExpanded((current) => new Set([...current].filter((open) => open !== key)));
        console.error(error);
      });
    }
  }

  const renderGroup = (group: Group) => (
    <YearGroupSection key={groupKey(group)} group={group} open={expanded.has(groupKey(group))} pathname={location.pathname} onToggle={toggle} />
  );

  return (
    <>
      <button type="button" className="all-issues-button" aria-expanded={drawerOpen} aria-controls="year-list" onClick={() => setDrawerOpen(true)}>
        All Issues
      </button>
      {drawerOpen && <div className="drawer-backdrop" aria-hidden="true" onClick={() => setDrawerOpen(false)} />}
      <nav id="year-list" className={`year-list${drawerOpen ? ' open' : ''}`} aria-label="All issues">
        <div className="year-list-head">
          <h2>All Issues</h2>
          <button type="button" className="drawer-close" aria-label="Close the issue list" onClick={() => setDrawerOpen(false)}>
            ×
          </button>
        </div>
        {hydrated ? (
          <div key="components" className="year-groups">
            {shown.map(renderGroup)}
          </div>
        ) : (
          <div key="markup" className="year-groups" dangerouslySetInnerHTML={{ __html: yearGroupsHtml(shown, expanded, location.pathname) }} />
        )}
      </nav>
    </>
  );
}

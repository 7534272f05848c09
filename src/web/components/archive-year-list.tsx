import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { issuePath, leadingNumber } from '../../common/archive-links.js';
import { EXPANDED_YEAR_GROUPS } from '../../common/constants.js';
import { escapeHtml } from '../../common/html.js';
import type { YearGroup } from '../../common/schemas/archives.js';
import { KeptMarkup, useKeptMarkup } from '../lib/kept-markup.js';
import { memoByObject, type DeepReadonly } from '../lib/memo-by-object.js';
import { isActivePath, RouteAnchor } from './route-anchor.js';

type Group = DeepReadonly<YearGroup>;
type Groups = readonly Group[];

const groupKey = (group: Group) => `${group.year}-${group.volume}`;

function issueLabel(group: Group, issue: number): string {
  const month = group.issue_month[issue];
  return `VOL. ${group.volume} : ISSUE ${issue}${month ? ` : ${month.toUpperCase()}` : ''}`;
}

/** Whether the page shown (an issue or one of its articles) belongs to the group. */
function holdsPage(group: Group, pathname: string): boolean {
  const [first, year, volume] = pathname.split('/').filter(Boolean);
  return first === 'archives' && leadingNumber(year) === group.year && leadingNumber(volume) === group.volume;
}

/**
 * The issues a collapsed group still links to, in a hidden list, so that a crawler following plain links
 * reaches every issue: the newest one, and every one when the group holds the page shown. From any issue
 * page the crawler so reaches each year's newest issue, and from there the rest of that year. Linking
 * every issue of every group would add some 4 KB of compressed markup to each page of a century-long
 * archive (decision 017).
 */
const hiddenIssues = (group: Group, pathname: string) =>
  holdsPage(group, pathname) ? group.issues : group.issues.slice(0, 1);

function IssueItems({ group, issues, pathname }: { group: Group; issues: readonly number[]; pathname: string }) {
  return issues.map((issue) => {
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

/** One year group: its title toggles the issue list, which collapsed groups keep hidden and short. */
export function YearGroupSection({
  group,
  open,
  pathname,
  onToggle,
}: {
  group: Group;
  open: boolean;
  pathname: string;
  onToggle: (group: Group) => void;
}) {
  const key = groupKey(group);
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
          <IssueItems group={group} issues={group.issues} pathname={pathname} />
        </ul>
      ) : (
        <ul hidden>
          <IssueItems group={group} issues={hiddenIssues(group, pathname)} pathname={pathname} />
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
export function yearGroupsHtml(groups: Groups, expanded: ReadonlySet<string>, pathname: string): KeptMarkup {
  return writtenGroupsHtml(groups, [...expanded].join(), pathname);
}

/**
 * The server hands out the same groups until the next write and renders the same page again and again,
 * so the list is written once per list of groups, open groups (as keys joined by commas) and page.
 */
const writtenGroupsHtml = memoByObject((groups: Groups, openKeys: string, pathname: string) => {
  const open = new Set(openKeys.split(','));
  return new KeptMarkup(groups.map((group) => yearGroupHtml(group, open.has(groupKey(group)), pathname)).join(''));
});

function issueItemsHtml(group: Group, issues: readonly number[], pathname: string): string {
  return issues
    .map((issue) => {
      const path = issuePath(group.year, group.volume, issue);
      const current = isActivePath(path, pathname) ? ' class="active" aria-current="page"' : '';
      return `<li><a href="${path}" data-route=""${current}>${escapeHtml(issueLabel(group, issue))}</a></li>`;
    })
    .join('');
}

const collapsedGroupMarkup = (group: Group, pathname: string) =>
  `<section class="year-group">${yearGroupTitleHtml(group, false)}<ul hidden="">${issueItemsHtml(group, hiddenIssues(group, pathname), pathname)}</ul></section>`;

/**
 * A collapsed group's markup, when it does not hold the page shown, does not depend on the page; the
 * server hands out the same groups until the next write.
 */
const collapsedGroupHtml = memoByObject((group: Group) => collapsedGroupMarkup(group, ''));

function yearGroupHtml(group: Group, open: boolean, pathname: string): string {
  if (open) {
    const items = issueItemsHtml(group, group.issues, pathname);
    return `<section class="year-group">${yearGroupTitleHtml(group, true)}<ul id="issues-${groupKey(group)}">${items}</ul></section>`;
  }
  return holdsPage(group, pathname) ? collapsedGroupMarkup(group, pathname) : collapsedGroupHtml(group);
}

function yearGroupTitleHtml(group: Group, open: boolean): string {
  const controls = open ? ` aria-controls="issues-${groupKey(group)}"` : '';
  return `<h3><button type="button" aria-expanded="${open}"${controls}>${group.year} ISSUES</button></h3>`;
}

function YearGroupsMarkup({
  groups,
  expanded,
  pathname,
}: {
  groups: Groups;
  expanded: ReadonlySet<string>;
  pathname: string;
}) {
  const html = useKeptMarkup(yearGroupsHtml(groups, expanded, pathname));
  return <div className="year-groups" dangerouslySetInnerHTML={{ __html: html }} />;
}

const noSubscription = () => () => {};
/** False on the server and while hydrating, true afterwards. */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * Issues by year: the first two year groups start expanded, a title click toggles the others. On small
 * screens the list is a drawer opened by the 'All Issues' button.
 */
export function ArchiveYearList({ groups }: { groups: Groups }) {
  const [expanded, setExpanded] = useState(() => new Set(groups.slice(0, EXPANDED_YEAR_GROUPS).map(groupKey)));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  const hydrated = useHydrated();

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
    const key = groupKey(group);
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }

  const renderGroup = (group: Group) => (
    <YearGroupSection
      key={groupKey(group)}
      group={group}
      open={expanded.has(groupKey(group))}
      pathname={location.pathname}
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
        {hydrated ? (
          <div key="components" className="year-groups">
            {groups.map(renderGroup)}
          </div>
        ) : (
          <YearGroupsMarkup key="markup" groups={groups} expanded={expanded} pathname={location.pathname} />
        )}
      </nav>
    </>
  );
}

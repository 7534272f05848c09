import { useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { issuePath } from '../../common/archive-links.js';
import { EXPANDED_YEAR_GROUPS } from '../../common/constants.js';
import type { YearGroup } from '../../common/schemas/archives.js';

const groupKey = (group: YearGroup) => `${group.year}-${group.volume}`;

function issueLabel(group: YearGroup, issue: number): string {
  const month = group.issue_month[issue];
  return `VOL. ${group.volume} : ISSUE ${issue}${month ? ` : ${month.toUpperCase()}` : ''}`;
}

/**
 * Issues by year: the first two year groups start expanded, a title click toggles the others. On small
 * screens the list is a drawer opened by the 'All Issues' button.
 */
export function ArchiveYearList({ groups }: { groups: YearGroup[] }) {
  const [expanded, setExpanded] = useState(() => new Set(groups.slice(0, EXPANDED_YEAR_GROUPS).map(groupKey)));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();

  // Choosing an issue closes the drawer.
  useEffect(() => setDrawerOpen(false), [location.pathname]);
  useEffect(() => {
    if (!drawerOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && setDrawerOpen(false);
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [drawerOpen]);

  function toggle(key: string) {
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }

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
        {groups.map((group) => {
          const key = groupKey(group);
          const open = expanded.has(key);
          return (
            <section key={key} className="year-group">
              <h3>
                <button type="button" aria-expanded={open} aria-controls={`issues-${key}`} onClick={() => toggle(key)}>
                  {`${group.year} ISSUES`}
                </button>
              </h3>
              <ul id={`issues-${key}`} hidden={!open}>
                {/* Collapsed groups render no links: an archive of a century would otherwise weigh down every page. */}
                {open && group.issues.map((issue) => (
                  <li key={issue}>
                    <NavLink to={issuePath(group.year, group.volume, issue)}>{issueLabel(group, issue)}</NavLink>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </nav>
    </>
  );
}

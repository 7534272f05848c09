import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { YearGroup } from '../../common/schemas/archives.js';
import { yearGroupLists } from '../../common/year-groups.js';
import { listedYearGroups, YearGroupSection } from './archive-year-list.js';

const groups: YearGroup[] = [
  { year: 2025, volume: 3, total_issues: 2, issue_month: { 1: 'jan-feb' }, issues: [2, 1] },
  { year: 2024, volume: 2, total_issues: 1, issue_month: {}, issues: [1] },
];

const section = (group: YearGroup, open: boolean, pageShown: string | null) =>
  renderToString(<YearGroupSection group={group} open={open} pageShown={pageShown} onToggle={() => {}} />);

describe('YearGroupSection', () => {
  it('marks the issue shown and lists months', () => {
    const html = section(groups[0]!, true, '/archives/2025/vol3/issue1');
    expect(html).toContain(
      '<a href="/archives/2025/vol3/issue1" data-route="" class="active" aria-current="page">VOL. 3 : ISSUE 1 : JAN-FEB</a>',
    );
    expect(html).toContain(
      '<h3><a href="/archives/2025" class="year-title" role="button" aria-expanded="true" aria-controls="issues-2025-3">2025 ISSUES</a></h3>',
    );
    // Addresses match whatever their case, as the router's routes do.
    expect(section(groups[0]!, true, '/Archives/2025/VOL3/issue1')).toContain('aria-current="page"');
  });

  it('renders a collapsed group as its title alone, a link to the year’s page', () => {
    for (const pageShown of [null, '/archives/2025/vol3/issue1/90004']) {
      expect(section(groups[0]!, false, pageShown)).toBe(
        '<section class="year-group"><h3><a href="/archives/2025" class="year-title" role="button" aria-expanded="false">2025 ISSUES</a></h3></section>',
      );
    }
  });
});

describe('listedYearGroups', () => {
  const century: YearGroup[] = [2025, 2024, 2023, 2022].map((year, index) => ({
    year,
    volume: 10 - index,
    total_issues: 3,
    issue_month: { 1: 'jan', 2: 'feb', 3: 'mar' },
    issues: [3, 2, 1],
  }));

  it('keeps the groups that start expanded and the one holding the page whole, and closes the rest to their title', () => {
    const listed = listedYearGroups(yearGroupLists(century), '/archives/2022/vol7/issue2');
    expect(listed.slice(0, 2)).toEqual(century.slice(0, 2));
    expect(listed[2]).toEqual({ year: 2023, volume: 8, closed: true });
    expect(listed[3]).toEqual(century[3]);
    // Addresses match whatever their case, as the router's routes do.
    expect(listedYearGroups(yearGroupLists(century), '/Archives/2022/VOL7/issue2')[3]).toBe(century[3]);
  });

  it('keeps a group without issues as it is', () => {
    const empty: YearGroup = { year: 2021, volume: 6, total_issues: 0, issue_month: {}, issues: [] };
    expect(listedYearGroups(yearGroupLists([...century, empty]), '/archives/2025/vol10/issue1')[4]).toBe(empty);
  });
});

import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { YearGroup } from '../../common/schemas/archives.js';
import { YearGroupSection, yearGroupsHtml } from './archive-year-list.js';

const groups: YearGroup[] = [
  { year: 2025, volume: 3, total_issues: 2, issue_month: { 1: 'jan-feb' }, issues: [2, 1] },
  { year: 2024, volume: 2, total_issues: 1, issue_month: {}, issues: [1] },
  { year: 2023, volume: 1, total_issues: 4, issue_month: {}, issues: [] },
];

const asComponents = (expanded: Set<string>, pathname: string) =>
  groups
    .map((group) =>
      renderToString(
        <YearGroupSection
          group={group}
          open={expanded.has(`${group.year}-${group.volume}`)}
          pathname={pathname}
          onToggle={() => {}}
        />,
      ),
    )
    .join('');

describe('yearGroupsHtml', () => {
  it('is the markup of the year groups as their component renders them: open, closed, current issue, collapsed around the page shown', () => {
    for (const [expanded, pathname] of [
      [new Set(['2025-3', '2024-2']), '/archives/2025/vol3/issue1'],
      // The same groups open on another page: the list written for the first page must not come back.
      [new Set(['2025-3', '2024-2']), '/archives/2025/vol3/issue2'],
      [new Set(['2025-3', '2023-1']), '/archives/2025/vol3/issue2/90004'],
      [new Set(['2024-2']), '/archives/2025/vol3/issue1'],
      [new Set<string>(), '/archives'],
    ] as const) {
      expect(yearGroupsHtml(groups, expanded, pathname).text).toBe(asComponents(expanded, pathname));
    }
  });

  it('marks the issue shown and lists months', () => {
    const html = yearGroupsHtml(groups, new Set(['2025-3']), '/archives/2025/vol3/issue1').text;
    expect(html).toContain(
      '<a href="/archives/2025/vol3/issue1" data-route="" class="active" aria-current="page">VOL. 3 : ISSUE 1 : JAN-FEB</a>',
    );
    expect(html).toContain('<button type="button" aria-expanded="false">2024 ISSUES</button>');
  });

  it('keeps hidden links in collapsed groups: the newest issue, and every issue of the group holding the page shown', () => {
    const html = yearGroupsHtml(groups, new Set(['2024-2']), '/archives/2025/vol3/issue1/90004').text;
    expect(html).toContain(
      '<ul hidden=""><li><a href="/archives/2025/vol3/issue2" data-route="">VOL. 3 : ISSUE 2</a></li><li><a href="/archives/2025/vol3/issue1" data-route="" class="active" aria-current="page">VOL. 3 : ISSUE 1 : JAN-FEB</a></li></ul>',
    );
    const elsewhere = yearGroupsHtml(groups, new Set(['2024-2']), '/archives/2024/vol2/issue1').text;
    expect(elsewhere).toContain(
      '<button type="button" aria-expanded="false">2025 ISSUES</button></h3><ul hidden=""><li><a href="/archives/2025/vol3/issue2" data-route="">VOL. 3 : ISSUE 2</a></li></ul>',
    );
  });
});

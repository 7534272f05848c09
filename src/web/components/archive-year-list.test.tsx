import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { YearGroup } from '../../common/schemas/archives.js';
import { collapsedGroupsHtml, YearGroupSection } from './archive-year-list.js';

const group = (year: number): YearGroup => ({ year, volume: year - 2000, total_issues: 2, issue_month: {}, issues: [] });

describe('collapsedGroupsHtml', () => {
  it('is the markup of the collapsed year groups as their component renders them', () => {
    const groups = [group(2021), group(2020)];
    const rendered = groups.map((g) => renderToString(<YearGroupSection group={g} open={false} pathname="/archives" onToggle={() => {}} />));
    expect(collapsedGroupsHtml(groups)).toBe(rendered.join(''));
    expect(collapsedGroupsHtml(groups)).toContain('aria-expanded="false">2020 ISSUES</button>');
  });
});

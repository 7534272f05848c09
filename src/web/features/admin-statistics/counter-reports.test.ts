import { describe, expect, it } from 'vitest';
import { coveredPeriod, recentMonths, reportFileName, reportUrl } from './counter-reports.js';

const PERIOD = { from: '2025-01', to: '2025-12' };

describe("the admin's COUNTER report downloads", () => {
  it('ask for the period without customer id or key, as TSV or as JSON', () => {
    expect(reportUrl('tr_j1', PERIOD, 'tsv')).toBe(
      '/api/counter/r51/reports/tr_j1?begin_date=2025-01&end_date=2025-12&format=tsv',
    );
    expect(reportUrl('ir', PERIOD, 'json')).toBe('/api/counter/r51/reports/ir?begin_date=2025-01&end_date=2025-12');
  });

  it('name a file the answer leaves unnamed by the report and the months asked for', () => {
    expect(reportFileName('tr_j1', PERIOD, 'tsv')).toBe('TR_J1_2025-01_2025-12.tsv');
    expect(reportFileName('pr', PERIOD, 'json')).toBe('PR_2025-01_2025-12.json');
  });
});

describe('the months the reports cover', () => {
  const available = { first: '2026-10', last: '2026-10' };

  it('are the complete months with counted use of the chosen period, as the files hold them', () => {
    expect(coveredPeriod({ from: '2025-12', to: '2026-11' }, available)).toEqual({ from: '2026-10', to: '2026-10' });
    expect(coveredPeriod(PERIOD, { first: '2024-03', last: '2026-10' })).toEqual(PERIOD);
    expect(coveredPeriod(PERIOD, available)).toBeNull();
  });

  it('for a first harvest, are the last twelve months, or fewer since counting began', () => {
    expect(recentMonths({ first: '2020-01', last: '2026-10' })).toEqual({ from: '2025-11', to: '2026-10' });
    expect(recentMonths({ first: '2026-03', last: '2026-10' })).toEqual({ from: '2026-03', to: '2026-10' });
    expect(recentMonths({ first: '2020-01', last: '2026-01' })).toEqual({ from: '2025-02', to: '2026-01' });
  });
});

import { describe, expect, it } from 'vitest';
import { reportFileName, reportUrl } from './counter-reports.js';

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

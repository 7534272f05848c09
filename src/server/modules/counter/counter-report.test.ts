import { describe, expect, it } from 'vitest';
import type { ItemCounts, JournalUsage, UsageJournal, UsedItem } from '../usage/usage-data.js';
import { REPORTS, reportDefinition, type ReportDefinition } from './counter-definitions.js';
import { CounterRefusal, type CounterException } from './counter-exceptions.js';
import { journalIds } from './counter-identifiers.js';
import { availablePart, inPeriod, type Period } from './counter-period.js';
import { buildReport, journalPlatform, type CounterReport } from './counter-report.js';
import type { ArticleItem, ItemGroup, PlatformItem, TitleItem } from './counter-report-items.js';
import { parseReportRequest, type CounterQuery } from './counter-request.js';
import { counterSchemaErrors } from './counter-schema.test-support.js';
import { tabularReport } from './counter-tabular.js';

const JOURNAL: UsageJournal = {
  platform: 'IJARS',
  title: 'International Journal of Applied Research and Studies',
  printIssn: '2278-9480',
  onlineIssn: 'ISSN 2278 9480',
  publisher: 'Applied Research Press',
  url: 'https://ijars.example/',
};

const counts = (investigations: number, uniqueInvestigations: number, requests: number, uniqueRequests: number) =>
  ({
    Total_Item_Investigations: investigations,
    Unique_Item_Investigations: uniqueInvestigations,
    Total_Item_Requests: requests,
    Unique_Item_Requests: uniqueRequests,
  }) satisfies ItemCounts;

const article = (articleId: number, yop: number, months: Record<string, ItemCounts>): UsedItem => ({
  articleId,
  refnumber: `IJARS-${articleId}`,
  title: `Article ${articleId}`,
  authors: [
    { name: 'Asha Rao', orcid: '0000-0002-1825-0097' },
    { name: 'B', orcid: '' },
  ],
  doi: `10.5555/ijars.${articleId}`,
  publicationDate: `${yop}-02-10`,
  yop,
  url: `https://ijars.example/archives/${yop}/vol1issue1/IJARS-${articleId}`,
  year: yop,
  volume: 1,
  issue: 1,
  months,
});

/** Two articles read in January to March 2026 (one only viewed), a deleted one, and searches. */
const ITEMS: UsedItem[] = [
  article(1, 2025, { '2026-01': counts(5, 4, 3, 2), '2026-03': counts(2, 2, 1, 1) }),
  article(2, 2026, { '2026-02': counts(4, 3, 0, 0) }),
  {
    ...article(3, 0, { '2026-03': counts(1, 1, 1, 1) }),
    refnumber: '',
    title: 'Deleted article 3',
    doi: '',
    url: '',
    publicationDate: '0-01-01',
    authors: [],
  },
];
const SEARCHES = { '2026-01': 7, '2026-02': 0, '2026-03': 2 };

const NOW = new Date('2026-05-15T10:00:00Z');
const AVAILABLE: Period = { begin: '2026-01', end: '2026-04' };
const CUSTOMER = { name: 'Mount Laurel University', id: 'mtlaurel' };

function usageOver(period: Period | null): Pick<JournalUsage, 'items' | 'searches'> {
  const within = <T>(months: Record<string, T>) =>
    Object.fromEntries(Object.entries(months).filter(([month]) => period && inPeriod(month, period)));
  return {
    items: ITEMS.map((item) => ({ ...item, months: within(item.months) })).filter(
      (item) => Object.keys(item.months).length,
    ),
    searches: within(SEARCHES),
  };
}

/** The service's steps without the database: read the request, find the months available, build the report. */
function reportOf(path: string, query: CounterQuery, available = AVAILABLE): CounterReport {
  const definition = reportDefinition(path)!;
  const request = parseReportRequest(definition, query, {
    platform: JOURNAL.platform,
    thisMonth: '2026-05',
    titleIds: journalIds(JOURNAL),
  });
  const { period, exceptions } = availablePart(request.requested, available);
  return buildReport({
    definition,
    filters: request.filters,
    attributes: request.attributes,
    exceptions: [...request.exceptions, ...exceptions],
    platform: journalPlatform(JOURNAL),
    journals: [{ journal: JOURNAL, usage: usageOver(period) }],
    requested: request.requested,
    period,
    customer: CUSTOMER,
    created: NOW,
  });
}

const WITH_USAGE = { begin_date: '2026-01', end_date: '2026-03-31' };
const WITHOUT_USAGE = { begin_date: '2026-04-01', end_date: '2026-04' };

const exceptionsOf = (report: CounterReport) => report.Report_Header.Exceptions ?? [];
const codesOf = (report: CounterReport) => exceptionsOf(report).map((exception) => exception.Code);

/** Every Exception in a header is valid as the specification's schema of its code. */
function expectValidExceptions(exceptions: CounterException[]) {
  for (const exception of exceptions)
    expect(counterSchemaErrors(`Exception_${exception.Code}`, exception), JSON.stringify(exception)).toEqual([]);
}

function expectValid(definition: ReportDefinition, report: CounterReport) {
  expect(counterSchemaErrors(definition.id, report)).toEqual([]);
  expectValidExceptions(exceptionsOf(report));
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const inputTotal = (metric: keyof ItemCounts, items = ITEMS) =>
  sum(items.flatMap((item) => Object.values(item.months).map((month) => month[metric])));
const countsTotal = (countsByMonth: Record<string, number> | undefined) => sum(Object.values(countsByMonth ?? {}));

describe('every report this platform provides', () => {
  for (const [path, definition] of Object.entries(REPORTS)) {
    it(`${definition.id} is valid by COUNTER_API.json for a span with usage and one without`, () => {
      expectValid(definition, reportOf(path, WITH_USAGE));
      const empty = reportOf(path, WITHOUT_USAGE);
      expectValid(definition, empty);
      expect(empty.Report_Items).toEqual([]);
      expect(codesOf(empty)).toEqual([3030]);
    });
  }

  it('are checked by a validator that refuses what the specification refuses', () => {
    const report = reportOf('tr_j3', WITH_USAGE);
    const [title] = report.Report_Items as TitleItem[];
    const broken = [
      { ...report, Report_Header: { ...report.Report_Header, Release: '5' } },
      { ...report, Report_Items: [{ ...title, Attribute_Performance: [] }] },
      { ...report, Report_Items: [{ ...title, Platform: undefined }] },
    ];
    for (const value of broken) expect(counterSchemaErrors('TR_J3', value)).not.toEqual([]);
  });

  it('COUNTER Reports stay valid with every attribute this platform can show', () => {
    const cases: [string, CounterQuery][] = [
      ['pr', { attributes_to_show: 'Access_Method', granularity: 'Total' }],
      ['tr', { attributes_to_show: 'YOP|Access_Type|Access_Method', granularity: 'Month' }],
      ['tr', { attributes_to_show: 'YOP', granularity: 'Total', yop: '2020-2025|2026', access_type: 'Open' }],
      [
        'ir',
        {
          attributes_to_show: 'YOP|Access_Type|Access_Method|Authors|Publication_Date|Article_Version',
          include_parent_details: 'True',
          metric_type: 'Total_Item_Requests|Unique_Item_Requests',
        },
      ],
      ['ir', { granularity: 'Total', data_type: 'Article', access_method: 'Regular', platform: 'ijars' }],
    ];
    for (const [path, query] of cases) {
      const report = reportOf(path, { ...WITH_USAGE, ...query });
      expectValid(reportDefinition(path)!, report);
      expect(report.Report_Items.length, `${path} ${JSON.stringify(query)}`).toBeGreaterThan(0);
    }
  });
});

describe('counts', () => {
  it('TR_J3 totals equal the counted uses, per metric, with months of no use left out', () => {
    const [title] = reportOf('tr_j3', WITH_USAGE).Report_Items as TitleItem[];
    const [line] = title!.Attribute_Performance;
    expect(line!.Access_Type).toBe('Open');
    expect(line!.Performance.Total_Item_Requests).toEqual({ '2026-01': 3, '2026-03': 2 });
    for (const metric of Object.keys(counts(0, 0, 0, 0)) as (keyof ItemCounts)[])
      expect(countsTotal(line!.Performance[metric]), metric).toBe(inputTotal(metric));
  });

  it('PR counts the journal and the searches, and Granularity Total puts the sum under the first month', () => {
    const [platform] = reportOf('pr', { ...WITH_USAGE, granularity: 'Total' }).Report_Items as PlatformItem[];
    const [journal, searches] = platform!.Attribute_Performance;
    expect(journal).toMatchObject({
      Data_Type: 'Journal',
      Performance: { Total_Item_Investigations: { '2026-01': inputTotal('Total_Item_Investigations') } },
    });
    expect(searches).toEqual({ Data_Type: 'Platform', Performance: { Searches_Platform: { '2026-01': 9 } } });
  });

  it('PR_P1 shows only the requests and the searches', () => {
    const [platform] = reportOf('pr_p1', WITH_USAGE).Report_Items as PlatformItem[];
    expect(platform!.Attribute_Performance.map((line) => Object.keys(line.Performance))).toEqual([
      ['Total_Item_Requests', 'Unique_Item_Requests'],
      ['Searches_Platform'],
    ]);
  });

  it('TR by YOP splits the totals by year of publication, unknown years as 0001', () => {
    const [title] = reportOf('tr', { ...WITH_USAGE, attributes_to_show: 'YOP' }).Report_Items as TitleItem[];
    const byYear = Object.fromEntries(
      title!.Attribute_Performance.map((line) => [line.YOP, countsTotal(line.Performance.Total_Item_Investigations)]),
    );
    expect(byYear).toEqual({ '0001': 1, '2025': 7, '2026': 4 });
  });

  it('IR lists each article with its own totals; IR_A1 leaves out an article that was only viewed', () => {
    const [group] = reportOf('ir', WITH_USAGE).Report_Items as ItemGroup[];
    expect(group!.Title).toBeUndefined();
    for (const item of ITEMS) {
      const reported = group!.Items.find((entry) => entry.Item === item.title)!;
      expect(countsTotal(reported.Attribute_Performance[0]!.Performance.Total_Item_Investigations)).toBe(
        inputTotal('Total_Item_Investigations', [item]),
      );
    }
    const [withParent] = reportOf('ir_a1', WITH_USAGE).Report_Items as ItemGroup[];
    expect(withParent!.Items.map((entry) => entry.Item)).toEqual(['Article 1', 'Deleted article 3']);
  });

  it('IR_A1 describes each article and its journal as the parent', () => {
    const [group] = reportOf('ir_a1', WITH_USAGE).Report_Items as ItemGroup[];
    expect(group).toMatchObject({
      Title: JOURNAL.title,
      Item_ID: { Print_ISSN: '2278-9480', Online_ISSN: '2278-9480', URI: JOURNAL.url },
    });
    expect(group!.Data_Type).toBeUndefined();
    const [first, deleted] = group!.Items as [ArticleItem, ArticleItem];
    expect(first).toMatchObject({
      Authors: [{ Name: 'Asha Rao', ORCID: '0000-0002-1825-0097' }],
      Publication_Date: '2025-02-10',
      Article_Version: 'VoR',
      Item_ID: { DOI: '10.5555/ijars.1', Proprietary: 'IJARS:IJARS-1' },
    });
    expect(deleted.Item_ID).toBeUndefined();
    expect(deleted.Publication_Date).toBeUndefined();
  });

  it('filters select articles by year, identifier and author', () => {
    const items = (query: CounterQuery) =>
      (reportOf('ir', { ...WITH_USAGE, ...query }).Report_Items as ItemGroup[]).flatMap((group) =>
        group.Items.map((item) => item.Item),
      );
    expect(items({ yop: '2026' })).toEqual(['Article 2']);
    expect(items({ yop: '0001|2025' })).toEqual(['Article 1', 'Deleted article 3']);
    expect(items({ item_id: 'DOI:10.5555/ijars.2' })).toEqual(['Article 2']);
    expect(items({ item_id: 'IJARS:IJARS-1|10.5555/IJARS.2' })).toEqual(['Article 1', 'Article 2']);
    expect(items({ author: 'https://orcid.org/0000-0002-1825-0097' })).toEqual(['Article 1', 'Article 2']);
    expect(items({ access_type: 'Controlled' })).toEqual([]);
  });

  it('TR_J1 reports Controlled content only, so this open access journal has none to report', () => {
    const report = reportOf('tr_j1', WITH_USAGE);
    expect(report.Report_Items).toEqual([]);
    expect(report.Report_Header.Report_Filters.Access_Type).toEqual(['Controlled']);
    expect(codesOf(report)).toEqual([3030]);
  });
});

describe('exceptions', () => {
  const refusalOf = (query: CounterQuery) => {
    try {
      reportOf('tr', query);
    } catch (error) {
      if (error instanceof CounterRefusal) return error;
    }
    throw new Error(`No refusal for ${JSON.stringify(query)}`);
  };

  it('refuses dates that are not dates, run backwards or begin with a month not over yet (3020, HTTP 400)', () => {
    for (const query of [
      { begin_date: '2026-13', end_date: '2026-03' },
      { begin_date: '2026-02-30', end_date: '2026-03' },
      { begin_date: 'last year', end_date: '2026-03' },
      { begin_date: '2026-03', end_date: '2026-01' },
      { begin_date: '2026-05', end_date: '2026-06' },
    ]) {
      const refusal = refusalOf(query);
      expect(refusal.statusCode).toBe(400);
      expect(refusal.exception.Code).toBe(3020);
      expect(counterSchemaErrors('Exception_3020', refusal.exception)).toEqual([]);
    }
  });

  it('reports months not over yet as not ready (3031) and ends the report with the last month available', () => {
    const report = reportOf('tr_j3', { begin_date: '2026-03', end_date: '2026-12' });
    expect(codesOf(report)).toEqual([3031]);
    expect(report.Report_Header.Report_Filters).toMatchObject({ Begin_Date: '2026-03-01', End_Date: '2026-04-30' });
    expectValid(REPORTS.tr_j3!, report);
  });

  it('reports months before the first month counted as no longer available (3032), alone when none is left', () => {
    const partly = reportOf('pr', { begin_date: '2025-11', end_date: '2026-01' });
    expect(codesOf(partly)).toEqual([3032]);
    expect(partly.Report_Items).not.toEqual([]);
    const before = reportOf('pr', { begin_date: '2025-01', end_date: '2025-06' });
    expect(codesOf(before)).toEqual([3032]);
    expect(before.Report_Items).toEqual([]);
    expectValid(REPORTS.pr!, partly);
    expectValid(REPORTS.pr!, before);
  });

  it('notes parameters, filter values and attribute values it cannot apply, and goes on without them', () => {
    const report = reportOf('ir', {
      ...WITH_USAGE,
      database: 'Medline',
      metric_type: 'Total_Item_Requests|Searches_Federated',
      country_code: 'IN',
      item_id: '2278-9480|10.5555/ijars.1',
      attributes_to_show: 'YOP|Country_Name',
      granularity: 'Weekly',
      include_component_details: 'True',
      platform: 'Elsewhere',
    });
    expect(codesOf(report)).toEqual([3050, 3060, 3061, 3062, 3063]);
    expect(report.Report_Header.Report_Filters).toEqual({
      Begin_Date: '2026-01-01',
      End_Date: '2026-03-31',
      Metric_Type: ['Total_Item_Requests'],
    });
    expect(report.Report_Header.Report_Attributes).toEqual({ Attributes_To_Show: ['YOP'] });
    const [exception3060] = exceptionsOf(report).filter((exception) => exception.Code === 3060);
    expect(exception3060!.Data).toContain('Searches_Federated');
    expect(exception3060!.Data).toContain('country_code');
    expectValidExceptions(exceptionsOf(report));
  });

  it('takes no filters for a Standard View (3050) and keeps its own', () => {
    const report = reportOf('tr_j3', { ...WITH_USAGE, metric_type: 'Total_Item_Requests' });
    expect(exceptionsOf(report)).toEqual([
      { Code: 3050, Message: 'Parameter Not Recognized in this Context', Data: 'Not recognized by TR_J3: metric_type' },
    ]);
    expect(report.Report_Header.Report_Filters.Metric_Type).toHaveLength(4);
    expectValid(REPORTS.tr_j3!, report);
  });
});

describe('the tabular report', () => {
  const rowsOf = (tsv: string) =>
    tsv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n')
      .map((row) => row.split('\t'));

  it('has the thirteen header rows, a blank row, the column headings and a row per metric', () => {
    const rows = rowsOf(tabularReport(reportOf('tr_j3', WITH_USAGE), REPORTS.tr_j3!));
    expect(rows.slice(0, 13).map((row) => row[0])).toEqual([
      'Report_Name',
      'Report_ID',
      'Release',
      'Institution_Name',
      'Institution_ID',
      'Metric_Types',
      'Report_Filters',
      'Report_Attributes',
      'Exceptions',
      'Reporting_Period',
      'Created',
      'Created_By',
      'Registry_Record',
    ]);
    expect(rows[4]).toEqual(['Institution_ID', 'IJARS:mtlaurel']);
    expect(rows[6]).toEqual(['Report_Filters', 'Data_Type=Journal; Access_Method=Regular']);
    expect(rows[9]).toEqual(['Reporting_Period', 'Begin_Date=2026-01-01; End_Date=2026-03-31']);
    expect(rows[13]).toEqual(['']);
    expect(rows[14]).toEqual([
      ...['Title', 'Publisher', 'Publisher_ID', 'Platform', 'DOI', 'Proprietary_ID', 'Print_ISSN', 'Online_ISSN'],
      ...['URI', 'Access_Type', 'Metric_Type', 'Reporting_Period_Total', 'Jan-2026', 'Feb-2026', 'Mar-2026'],
    ]);
    const requests = rows.slice(15).find((row) => row[10] === 'Total_Item_Requests')!;
    expect(requests.slice(9)).toEqual(['Open', 'Total_Item_Requests', '5', '3', '0', '2']);
    expect(rows.slice(15)).toHaveLength(4);
  });

  it('shows the exceptions and leaves out the months when the totals alone are asked for', () => {
    const report = reportOf('ir', { begin_date: '2026-03', end_date: '2026-12', granularity: 'Total' });
    const rows = rowsOf(tabularReport(report, REPORTS.ir!));
    expect(rows[7]).toEqual(['Report_Attributes', 'Exclude_Monthly_Details=True']);
    expect(rows[8]![1]).toMatch(/^3031: Usage Not Ready for Requested Dates \(Usage from 2026-05 to 2026-12/);
    expect(rows[14]!.slice(-2)).toEqual(['Metric_Type', 'Reporting_Period_Total']);
    expect(rows.slice(15).map((row) => row.at(-1))).toEqual(['2', '1', '2', '1', '1', '1', '1', '1']);
  });
});

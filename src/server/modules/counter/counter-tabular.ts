import { shownColumns, type ReportAttributes, type ReportDefinition } from './counter-definitions.js';
import type { ItemIds } from './counter-identifiers.js';
import { periodTotal } from './counter-performance.js';
import { monthLabel, monthsOf } from './counter-period.js';
import type { CounterReport, ReportHeader } from './counter-report.js';
import type {
  ArticleItem,
  AttributePerformance,
  ItemGroup,
  PlatformItem,
  ReportAuthor,
  TitleItem,
} from './counter-report-items.js';

/**
 * The tabular form of a COUNTER report (Code of Practice 5.1, sections 3.2 and 4): thirteen header rows of name and
 * value, a blank row, then one row per item, attribute combination and metric, with the period's total and a column
 * per month (months without usage are 0; rows without usage are not in the JSON report, so not here either). It is
 * made from the JSON report, so both forms always say the same.
 */

export const TABULAR_TYPE = 'text/tab-separated-values; charset=utf-8';

/** Tabs and line breaks would split a cell. */
const cell = (value: string | number | undefined) => String(value ?? '').replace(/[\t\r\n]+/g, ' ');
const line = (cells: (string | number | undefined)[]) => cells.map(cell).join('\t');

const FILTER_ORDER = ['Platform', 'Data_Type', 'Access_Type', 'Access_Method', 'YOP', 'Item_ID', 'Author'] as const;

const joined = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join('|') : (value ?? ''));

function filtersText(filters: ReportHeader['Report_Filters']): string {
  return FILTER_ORDER.filter((name) => filters[name] !== undefined)
    .map((name) => `${name}=${joined(filters[name])}`)
    .join('; ');
}

/** Granularity is the JSON form's Exclude_Monthly_Details. */
function attributesText(attributes: ReportAttributes = {}): string {
  return [
    attributes.Attributes_To_Show && `Attributes_To_Show=${attributes.Attributes_To_Show.join('|')}`,
    attributes.Include_Parent_Details && `Include_Parent_Details=${attributes.Include_Parent_Details}`,
    attributes.Granularity === 'Total' && 'Exclude_Monthly_Details=True',
  ]
    .filter(Boolean)
    .join('; ');
}

function headerRows(header: ReportHeader): string[][] {
  const filters = header.Report_Filters;
  return [
    ['Report_Name', header.Report_Name],
    ['Report_ID', header.Report_ID],
    ['Release', header.Release],
    ['Institution_Name', header.Institution_Name],
    ['Institution_ID', header.Institution_ID.Proprietary.join('; ')],
    ['Metric_Types', (filters.Metric_Type ?? []).join('; ')],
    ['Report_Filters', filtersText(filters)],
    ['Report_Attributes', attributesText(header.Report_Attributes)],
    [
      'Exceptions',
      (header.Exceptions ?? [])
        .map(({ Code, Message, Data }) => `${Code}: ${Message}${Data ? ` (${Data})` : ''}`)
        .join('; '),
    ],
    ['Reporting_Period', `Begin_Date=${filters.Begin_Date}; End_Date=${filters.End_Date}`],
    ['Created', header.Created],
    ['Created_By', header.Created_By],
    ['Registry_Record', header.Registry_Record],
  ];
}

type Values = Record<string, string | undefined>;

const idValues = (ids: ItemIds = {}, prefix = ''): Values => ({
  [`${prefix}DOI`]: ids.DOI,
  [`${prefix}Proprietary_ID`]: ids.Proprietary,
  [`${prefix}Print_ISSN`]: ids.Print_ISSN,
  [`${prefix}Online_ISSN`]: ids.Online_ISSN,
  [`${prefix}URI`]: ids.URI,
});

const authorsText = (authors: ReportAuthor[] = []) =>
  authors.map((author) => (author.ORCID ? `${author.Name} (ORCID:${author.ORCID})` : author.Name)).join('; ');

const articleValues = (article: ArticleItem, group: ItemGroup): Values => ({
  Item: article.Item,
  Publisher: article.Publisher,
  Platform: article.Platform,
  Authors: authorsText(article.Authors),
  Publication_Date: article.Publication_Date,
  Article_Version: article.Article_Version,
  ...idValues(article.Item_ID),
  Parent_Title: group.Title,
  Parent_Data_Type: group.Data_Type,
  ...idValues(group.Item_ID, 'Parent_'),
});

/** Each line of usage with the values of the columns that describe it. */
function describedLines(report: CounterReport, definition: ReportDefinition): [Values, AttributePerformance][] {
  const withValues = (values: Values, lines: AttributePerformance[]) =>
    lines.map((performance): [Values, AttributePerformance] => [values, performance]);
  if (definition.level === 'platform')
    return (report.Report_Items as PlatformItem[]).flatMap((item) =>
      withValues({ Platform: item.Platform }, item.Attribute_Performance),
    );
  if (definition.level === 'title')
    return (report.Report_Items as TitleItem[]).flatMap(({ Attribute_Performance, Item_ID, ...item }) =>
      withValues({ ...item, ...idValues(Item_ID) }, Attribute_Performance),
    );
  return (report.Report_Items as ItemGroup[]).flatMap((group) =>
    group.Items.flatMap((article) => withValues(articleValues(article, group), article.Attribute_Performance)),
  );
}

export function tabularReport(report: CounterReport, definition: ReportDefinition): string {
  const header = report.Report_Header;
  const attributes = header.Report_Attributes ?? {};
  const columns = shownColumns(definition, attributes);
  const { Begin_Date, End_Date } = header.Report_Filters;
  const months =
    attributes.Granularity === 'Total' ? [] : monthsOf({ begin: Begin_Date.slice(0, 7), end: End_Date.slice(0, 7) });
  const rows = describedLines(report, definition).flatMap(([values, { Performance, ...lineValues }]) => {
    const described: Values = { ...values, ...lineValues };
    return Object.entries(Performance).map(([metric, counts]) => [
      ...columns.map((column) => described[column]),
      metric,
      periodTotal(counts),
      ...months.map((month) => counts[month] ?? 0),
    ]);
  });
  const heading = [...columns, 'Metric_Type', 'Reporting_Period_Total', ...months.map(monthLabel)];
  // The byte order mark lets spreadsheet programs read the file as UTF-8, as COUNTER's own samples do.
  return `\uFEFF${[...headerRows(header), [], heading, ...rows].map(line).join('\n')}\n`;
}

export const tabularFileName = (header: ReportHeader) =>
  `${header.Report_ID}_${header.Report_Filters.Begin_Date.slice(0, 7)}_${header.Report_Filters.End_Date.slice(0, 7)}.tsv`;

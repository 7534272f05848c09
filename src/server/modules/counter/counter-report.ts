import type { JournalUsage, UsageJournal } from '../usage/usage-data.js';
import {
  RELEASE,
  shownColumns,
  type ReportAttributes,
  type ReportDefinition,
  type ReportFilters,
} from './counter-definitions.js';
import { counterException, mergeExceptions, type CounterException } from './counter-exceptions.js';
import { platformId } from './counter-identifiers.js';
import { periodDates, type Period } from './counter-period.js';
import { REPORT_ITEMS, type ReportItem } from './counter-report-items.js';
import { selectedItems, selectedMetrics, wantsSearches } from './counter-selection.js';

/** Who a report is for. Usage is not attributed to institutions, so each receives the journal's whole usage. */
export interface Customer {
  name: string;
  id: string;
}

/** Reports for "The World" (customer 0000000000000000): every use, whoever made it. */
export const THE_WORLD: Customer = { name: 'The World', id: '0000000000000000' };

export interface ReportHeader {
  Report_Name: string;
  Report_ID: string;
  Release: string;
  Institution_Name: string;
  Institution_ID: { Proprietary: string[] };
  Report_Filters: ReportFilters & { Begin_Date: string; End_Date: string };
  Report_Attributes?: ReportAttributes;
  Exceptions?: CounterException[];
  Created: string;
  Created_By: string;
  Registry_Record: string;
}

export interface CounterReport {
  Report_Header: ReportHeader;
  Report_Items: ReportItem[];
}

/** A platform: one journal (decision 101), or the publisher's every journal at its portal (decision 131). */
export interface ReportPlatform {
  name: string;
  createdBy: string;
}

/** One journal of a platform, its `platform` the platform's name, with its usage. */
export interface JournalPart {
  journal: UsageJournal;
  usage: Pick<JournalUsage, 'items' | 'searches'>;
}

export interface ReportInput {
  definition: ReportDefinition;
  filters: ReportFilters;
  attributes: ReportAttributes;
  /** What was noted while reading the request and finding the usage available. */
  exceptions: CounterException[];
  /** The platform reported: its name, and who makes its reports. */
  platform: ReportPlatform;
  /** Each journal on the platform with its usage over `period` (none when `period` is null). */
  journals: JournalPart[];
  requested: Period;
  /** The months reported: the part of the requested period with usage available, null when there is none. */
  period: Period | null;
  customer: Customer;
  created: Date;
}

/** RFC 3339 to the second, as the Code's examples write it. */
const timestamp = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A journal as a platform of its own: the organization that made its reports is the publisher, else the journal. */
export function journalPlatform({ publisher, title, platform }: UsageJournal): ReportPlatform {
  return { name: platform, createdBy: [publisher, title].find((name) => name.trim().length >= 2) ?? platform };
}

function reportHeader(input: ReportInput, exceptions: CounterException[]): ReportHeader {
  const { definition, customer, attributes, platform } = input;
  const namespace = platformId(platform.name);
  return {
    Report_Name: definition.name,
    Report_ID: definition.id,
    Release: RELEASE,
    Institution_Name: customer.name,
    Institution_ID: { Proprietary: [`${namespace}:${customer.id}`] },
    Report_Filters: { ...periodDates(input.period ?? input.requested), ...input.filters },
    ...(definition.options && Object.keys(attributes).length ? { Report_Attributes: attributes } : {}),
    ...(exceptions.length ? { Exceptions: exceptions } : {}),
    Created: timestamp(input.created),
    Created_By: platform.createdBy,
    Registry_Record: '',
  };
}

/**
 * The items of every journal on the platform: the platform report adds up their usage and searches in one item; title
 * and item reports list each journal's items in turn.
 */
function reportItems(input: ReportInput, period: Period): ReportItem[] {
  const { definition, filters, platform } = input;
  const namespace = platformId(platform.name);
  const searches = definition.level === 'platform' && wantsSearches(filters);
  const contexts = input.journals.map(({ journal, usage }) => ({
    journal,
    items: selectedItems(journal, usage.items, filters, definition.level, namespace),
    searches: searches ? usage.searches : null,
    metrics: selectedMetrics(filters),
    period,
    total: input.attributes.Granularity === 'Total',
    columns: new Set(shownColumns(definition, input.attributes)),
    namespace,
  }));
  if (definition.level !== 'platform' || contexts.length === 0)
    return contexts.flatMap((context) => REPORT_ITEMS[definition.level](context));
  return REPORT_ITEMS.platform({
    ...contexts[0]!,
    items: contexts.flatMap((context) => context.items),
    searches: searches ? sumSearches(input.journals.map(({ usage }) => usage.searches)) : null,
  });
}

const sumSearches = (all: Record<string, number>[]): Record<string, number> => {
  const sums: Record<string, number> = {};
  for (const searches of all)
    for (const [month, count] of Object.entries(searches)) sums[month] = (sums[month] ?? 0) + count;
  return sums;
};

/**
 * A COUNTER report of the journal's usage. Zero counts, and then empty metrics, lines and items, are left out
 * (Code of Practice 5.1, section 3.3.8); a report left without items says so with Exception 3030, unless none of
 * its months was available (then 3031 or 3032 already say why).
 */
export function buildReport(input: ReportInput): CounterReport {
  const items = input.period ? reportItems(input, input.period) : [];
  const noUsage =
    input.period && items.length === 0
      ? [counterException(3030, `No usage from ${input.period.begin} to ${input.period.end} matches the request`)]
      : [];
  const exceptions = mergeExceptions([...input.exceptions, ...noUsage]);
  return { Report_Header: reportHeader(input, exceptions), Report_Items: items };
}

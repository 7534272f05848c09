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

export interface ReportInput {
  definition: ReportDefinition;
  filters: ReportFilters;
  attributes: ReportAttributes;
  /** What was noted while reading the request and finding the usage available. */
  exceptions: CounterException[];
  journal: UsageJournal;
  /** The journal's usage over `period` (none when `period` is null). */
  usage: Pick<JournalUsage, 'items' | 'searches'>;
  requested: Period;
  /** The months reported: the part of the requested period with usage available, null when there is none. */
  period: Period | null;
  customer: Customer;
  created: Date;
}

/** RFC 3339 to the second, as the Code's examples write it. */
const timestamp = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The organization that made the report: the publisher, else the journal. */
function createdBy({ publisher, title, platform }: UsageJournal): string {
  return [publisher, title].find((name) => name.trim().length >= 2) ?? platform;
}

function reportHeader(input: ReportInput, exceptions: CounterException[]): ReportHeader {
  const { definition, customer, attributes, journal } = input;
  const namespace = platformId(journal.platform);
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
    Created_By: createdBy(journal),
    Registry_Record: '',
  };
}

function reportItems(input: ReportInput, period: Period): ReportItem[] {
  const { definition, filters, usage, journal } = input;
  const namespace = platformId(journal.platform);
  return REPORT_ITEMS[definition.level]({
    journal,
    items: selectedItems(journal, usage.items, filters, definition.level, namespace),
    searches: definition.level === 'platform' && wantsSearches(filters) ? usage.searches : null,
    metrics: selectedMetrics(filters),
    period,
    total: input.attributes.Granularity === 'Total',
    columns: new Set(shownColumns(definition, input.attributes)),
    namespace,
  });
}

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

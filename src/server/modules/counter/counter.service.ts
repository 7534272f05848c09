import type { SiteSettings } from '../../../common/schemas/settings.js';
import type { JournalDb } from '../../db/database.js';
import type { JournalRow } from '../../db/schema.js';
import { readJournalUsage } from '../usage/usage.repository.js';
import type { UsageJournal } from '../usage/usage-data.js';
import { REPORTS, RELEASE, type ReportDefinition } from './counter-definitions.js';
import { journalIds, type ItemIds } from './counter-identifiers.js';
import { addMonths, availablePart, monthOf, type Period } from './counter-period.js';
import {
  buildReport,
  journalPlatform,
  type CounterReport,
  type Customer,
  type JournalPart,
  type ReportPlatform,
} from './counter-report.js';
import { parseReportRequest, type CounterQuery } from './counter-request.js';
import { firstUsageDay } from './counter.repository.js';

/** The platform's name: the journal's short name (the name when it has none), at least two characters. */
function platformName(journal: JournalRow): string {
  return (
    [journal.short_name, journal.name].map((name) => name.trim()).find((name) => name.length >= 2) ??
    `Journal ${journal.id}`
  );
}

/** The journal as the reports describe it: the platform, and the title of every article used on it. */
export function usageJournalOf(journal: JournalRow, settings: SiteSettings, origin: string): UsageJournal {
  return {
    platform: platformName(journal),
    title: settings.websitename || journal.name,
    printIssn: settings.issn,
    onlineIssn: settings.journal_essn,
    publisher: settings.publisher_name || settings.websitename,
    url: `${origin}/`,
  };
}

export interface StatusEntry {
  Description: string;
  Service_Active: boolean;
  Note: string;
}

export interface MemberEntry {
  Institution_Name: string;
  Customer_ID: string;
}

export interface ReportListEntry {
  Report_Name: string;
  Report_ID: string;
  Release: string;
  Report_Description: string;
  First_Month_Available: string;
  Last_Month_Available: string;
}

/**
 * What a COUNTER platform reports: one journal (decision 101), or every journal of the installation at the
 * publisher's portal (decision 131).
 */
export interface CounterSource {
  platform: ReportPlatform;
  /** What the status names: the journal's title, or the publisher's name. */
  title: string;
  /** Whose usage every customer receives: "the journal", "every journal of the publisher". */
  whole: string;
  /** The identifiers that name the platform's journals rather than their items, for item_id. */
  titleIds: ItemIds;
  /** The first UTC day with any counted use or search (YYYY-MM-DD), null before the first. */
  firstUsageDay(): Promise<string | null>;
  /** Each journal's usage over the months. */
  usageOf(period: Period): Promise<JournalPart[]>;
}

/** One journal as a platform of its own, its usage read through its own handle. */
export function journalSource(db: JournalDb, journal: UsageJournal, origin: string): CounterSource {
  return {
    platform: journalPlatform(journal),
    title: journal.title,
    whole: 'the journal',
    titleIds: journalIds(journal),
    firstUsageDay: () => firstUsageDay(db),
    usageOf: async (period) => [
      { journal, usage: await readJournalUsage(db, journal, origin, period.begin, period.end) },
    ],
  };
}

/**
 * The COUNTER API of one platform (Code of Practice Release 5.1, section 8). Usage is not attributed to
 * institutions: the site keeps no address ranges to tell them apart, so every authorised customer receives the
 * platform's whole usage, and the status note says so.
 */
export class CounterService {
  constructor(private readonly source: CounterSource) {}

  status(): StatusEntry[] {
    const { title, platform, whole } = this.source;
    return [
      {
        Description: `COUNTER Release ${RELEASE} usage reports of ${title} (platform ${platform.name})`,
        Service_Active: true,
        Note: `Usage is not attributed to institutions: every customer receives the whole usage of ${whole}.`,
      },
    ];
  }

  /** Each customer stands for itself: no consortia or multi-site customers. */
  members(customer: Customer): MemberEntry[] {
    return [{ Institution_Name: customer.name, Customer_ID: customer.id }];
  }

  async reportList(now: Date): Promise<ReportListEntry[]> {
    const available = await this.availableMonths(now);
    return Object.values(REPORTS).map((definition) => ({
      Report_Name: definition.name,
      Report_ID: definition.id,
      Release: RELEASE,
      Report_Description: definition.description,
      First_Month_Available: available.begin,
      Last_Month_Available: available.end,
    }));
  }

  async report(
    definition: ReportDefinition,
    query: CounterQuery,
    customer: Customer,
    now: Date,
  ): Promise<{ report: CounterReport; tabular: boolean }> {
    const { source } = this;
    const request = parseReportRequest(definition, query, {
      platform: source.platform.name,
      thisMonth: monthOf(now),
      titleIds: source.titleIds,
    });
    const { period, exceptions } = availablePart(request.requested, await this.availableMonths(now));
    const report = buildReport({
      definition,
      filters: request.filters,
      attributes: request.attributes,
      exceptions: [...request.exceptions, ...exceptions],
      platform: source.platform,
      journals: period ? await source.usageOf(period) : [],
      requested: request.requested,
      period,
      customer,
      created: now,
    });
    return { report, tabular: request.tabular };
  }

  /**
   * Months are reported once they are over, from the first month with counted use (the usage of earlier months
   * was never recorded); before any use, only the last month is.
   */
  private async availableMonths(now: Date): Promise<Period> {
    const end = addMonths(monthOf(now), -1);
    const firstDay = await this.source.firstUsageDay();
    const first = firstDay?.slice(0, 7);
    return { begin: first && first < end ? first : end, end };
  }
}

import { parseOrcid } from '../../../common/authors.js';
import type { UsageJournal, UsedItem } from '../usage/usage-data.js';
import {
  ARTICLE_DATA_TYPE,
  ITEM_METRICS,
  JOURNAL_DATA_TYPE,
  OPEN_ACCESS,
  PLATFORM_DATA_TYPE,
  SEARCH_METRIC,
  type ItemMetric,
  type ReportFilters,
  type ReportLevel,
} from './counter-definitions.js';
import { articleIds, journalIds, matchesAnyId } from './counter-identifiers.js';

/** How the report filters apply to this platform's usage: which metrics, searches and articles a report shows. */

/** Whether a list filter lets a value through; no filter lets everything through. */
const allows = (values: string[] | undefined, value: string) => !values || values.includes(value);

export const selectedMetrics = (filters: ReportFilters): ItemMetric[] =>
  ITEM_METRICS.filter((metric) => allows(filters.Metric_Type, metric));

/** Searches_Platform: searches are made on the platform (Data_Type Platform), in the regular way. */
export const wantsSearches = (filters: ReportFilters) =>
  allows(filters.Metric_Type, SEARCH_METRIC) &&
  allows(filters.Data_Type, PLATFORM_DATA_TYPE) &&
  allows(filters.Access_Method, OPEN_ACCESS.Access_Method);

/** The Year of Publication as reports give it; 0001 when unknown (Code of Practice 5.1, section 3.3.6). */
export const yopOf = (item: UsedItem) =>
  item.yop >= 1 && item.yop <= 9999 ? String(item.yop).padStart(4, '0') : '0001';

const inYopRange = (yop: string, range: string) => {
  const [from, to = from] = range.split('-');
  return yop >= from! && yop <= to;
};

const orcidOf = (text: string) => parseOrcid(text.replace(/^ORCID:/i, ''));

const wroteBy = (item: UsedItem, orcid: string | null) =>
  item.authors.some((author) => author.orcid !== '' && orcidOf(author.orcid) === orcid);

const itemIdsOf = (filters: ReportFilters) => filters.Item_ID?.split('|') ?? [];

/** The article-level filters: YOP, the item's identifiers (item reports), its author. */
function matchesItem(item: UsedItem, filters: ReportFilters, level: ReportLevel, namespace: string): boolean {
  const years = filters.YOP;
  if (years && !years.some((range) => inYopRange(yopOf(item), range))) return false;
  if (level === 'item' && filters.Item_ID && !matchesAnyId(articleIds(item, namespace), itemIdsOf(filters)))
    return false;
  return !filters.Author || wroteBy(item, orcidOf(filters.Author));
}

/**
 * The articles whose use the report counts. Everything here is Open and Regular, a Journal at title level and an
 * Article at item level, so those filters either keep every article or none.
 */
export function selectedItems(
  journal: UsageJournal,
  items: UsedItem[],
  filters: ReportFilters,
  level: ReportLevel,
  namespace: string,
): UsedItem[] {
  const dataType = level === 'item' ? ARTICLE_DATA_TYPE : JOURNAL_DATA_TYPE;
  const kept =
    allows(filters.Data_Type, dataType) &&
    allows(filters.Access_Type, OPEN_ACCESS.Access_Type) &&
    allows(filters.Access_Method, OPEN_ACCESS.Access_Method) &&
    (level !== 'title' || !filters.Item_ID || matchesAnyId(journalIds(journal), itemIdsOf(filters)));
  return kept ? items.filter((item) => matchesItem(item, filters, level, namespace)) : [];
}

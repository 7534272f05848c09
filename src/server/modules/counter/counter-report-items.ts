import type { UsageJournal, UsedItem } from '../usage/usage-data.js';
import {
  ARTICLE_DATA_TYPE,
  ARTICLE_VERSION,
  JOURNAL_DATA_TYPE,
  OPEN_ACCESS,
  PLATFORM_DATA_TYPE,
  SEARCH_METRIC,
  type ItemMetric,
  type ReportLevel,
} from './counter-definitions.js';
import { articleIds, journalIds, type ItemIds } from './counter-identifiers.js';
import { countsOf, itemPerformance, type Performance } from './counter-performance.js';
import type { Period } from './counter-period.js';
import { yopOf } from './counter-selection.js';

/** The Report_Items of the three report levels, as the COUNTER API specification shapes them. */

export interface AttributePerformance {
  Data_Type?: string;
  YOP?: string;
  Access_Type?: string;
  Access_Method?: string;
  Performance: Performance;
}

export interface ReportAuthor {
  Name: string;
  ORCID?: string;
}

export interface PlatformItem {
  Platform: string;
  Attribute_Performance: AttributePerformance[];
}

export interface TitleItem {
  Title: string;
  Publisher: string;
  Platform: string;
  Item_ID?: ItemIds;
  Attribute_Performance: AttributePerformance[];
}

export interface ArticleItem {
  Item: string;
  Publisher: string;
  Platform: string;
  Authors?: ReportAuthor[];
  Publication_Date?: string;
  Article_Version?: string;
  Item_ID?: ItemIds;
  Attribute_Performance: AttributePerformance[];
}

/** The articles of one parent (the journal), or of none when parent details are not asked for. */
export interface ItemGroup {
  Title?: string;
  Item_ID?: ItemIds;
  Data_Type?: string;
  Items: ArticleItem[];
}

export type ReportItem = PlatformItem | TitleItem | ItemGroup;

/** What the builders need: the usage the filters kept, and how the report presents it. */
export interface ItemsContext {
  journal: UsageJournal;
  items: UsedItem[];
  searches: Record<string, number> | null;
  metrics: readonly ItemMetric[];
  period: Period;
  total: boolean;
  /** The report's columns: attributes among them become Attribute_Performance fields. */
  columns: Set<string>;
  namespace: string;
}

const ATTRIBUTES = ['Data_Type', 'YOP', 'Access_Type', 'Access_Method'] as const;

/** The attribute fields a line shows, in the Code's order; Access_Type and Access_Method are the same everywhere. */
function lineOf(
  context: ItemsContext,
  values: { Data_Type: string; YOP?: string },
  performance: Performance | null,
): AttributePerformance | null {
  if (!performance) return null;
  const all = { Data_Type: values.Data_Type, YOP: values.YOP, ...OPEN_ACCESS };
  const shown = ATTRIBUTES.filter((name) => context.columns.has(name) && all[name] !== undefined);
  return { ...Object.fromEntries(shown.map((name) => [name, all[name]])), Performance: performance };
}

const present = <T>(values: (T | null)[]): T[] => values.filter((value): value is T => value !== null);

const idsField = (ids: ItemIds) => (Object.keys(ids).length ? { Item_ID: ids } : {});

function platformItems(context: ItemsContext): PlatformItem[] {
  const { journal, items, metrics, period, total, searches } = context;
  const searchCounts = searches && countsOf([searches], period, total);
  const lines = present([
    lineOf(context, { Data_Type: JOURNAL_DATA_TYPE }, itemPerformance(items, metrics, period, total)),
    lineOf(context, { Data_Type: PLATFORM_DATA_TYPE }, searchCounts && { [SEARCH_METRIC]: searchCounts }),
  ]);
  return lines.length ? [{ Platform: journal.platform, Attribute_Performance: lines }] : [];
}

/** Articles by Year of Publication, oldest first, when YOP is shown; all in one group otherwise. */
function byYop(context: ItemsContext): [string | undefined, UsedItem[]][] {
  if (!context.columns.has('YOP')) return [[undefined, context.items]];
  const groups = new Map<string, UsedItem[]>();
  for (const item of context.items) {
    const group = groups.get(yopOf(item));
    if (group) group.push(item);
    else groups.set(yopOf(item), [item]);
  }
  return [...groups].sort(([a], [b]) => (a < b ? -1 : 1));
}

function titleItems(context: ItemsContext): TitleItem[] {
  const { journal, metrics, period, total } = context;
  const lines = present(
    byYop(context).map(([yop, items]) =>
      lineOf(context, { Data_Type: JOURNAL_DATA_TYPE, YOP: yop }, itemPerformance(items, metrics, period, total)),
    ),
  );
  if (lines.length === 0) return [];
  const { title, publisher, platform } = journal;
  return [
    {
      Title: title,
      Publisher: publisher,
      Platform: platform,
      ...idsField(journalIds(journal)),
      Attribute_Performance: lines,
    },
  ];
}

const ORCID_FORM = /^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/;

/** At most three authors, each named (at least two characters), with the ORCID iD when it has one. */
function authorsOf(item: UsedItem): ReportAuthor[] {
  const authors = item.authors
    .filter((author) => author.name.trim().length >= 2)
    .map((author) => ({
      Name: author.name.trim(),
      ...(ORCID_FORM.test(author.orcid) ? { ORCID: author.orcid } : {}),
    }));
  const distinct = [...new Map(authors.map((author) => [JSON.stringify(author), author])).values()];
  return distinct.slice(0, 3);
}

const DATE_FORM = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The article elements a report shows (IR_A1 always; IR when asked for), each only when known. */
function articleDetails(context: ItemsContext, item: UsedItem): Partial<ArticleItem> {
  const authors = authorsOf(item);
  const date = item.publicationDate.slice(0, 10);
  const shows = (column: string) => context.columns.has(column);
  return {
    ...(shows('Authors') && authors.length ? { Authors: authors } : {}),
    ...(shows('Publication_Date') && DATE_FORM.test(date) ? { Publication_Date: date } : {}),
    ...(shows('Article_Version') ? { Article_Version: ARTICLE_VERSION } : {}),
  };
}

function articleItem(context: ItemsContext, item: UsedItem): ArticleItem | null {
  const { journal, metrics, period, total, namespace } = context;
  const line = lineOf(
    context,
    { Data_Type: ARTICLE_DATA_TYPE, YOP: yopOf(item) },
    itemPerformance([item], metrics, period, total),
  );
  if (!line) return null;
  return {
    Item: item.title,
    Publisher: journal.publisher,
    Platform: journal.platform,
    ...articleDetails(context, item),
    ...idsField(articleIds(item, namespace)),
    Attribute_Performance: [line],
  };
}

/** The journal as the articles' parent: its title and identifiers, and in the IR its Data_Type. */
function parentOf(context: ItemsContext): Omit<ItemGroup, 'Items'> {
  if (!context.columns.has('Parent_Title')) return {};
  return {
    Title: context.journal.title,
    ...idsField(journalIds(context.journal)),
    ...(context.columns.has('Parent_Data_Type') ? { Data_Type: JOURNAL_DATA_TYPE } : {}),
  };
}

/** All articles share one parent (the journal), so they form one group: the JSON report is minimal. */
function itemGroups(context: ItemsContext): ItemGroup[] {
  const articles = present(
    [...context.items].sort((a, b) => a.articleId - b.articleId).map((item) => articleItem(context, item)),
  );
  return articles.length ? [{ ...parentOf(context), Items: articles }] : [];
}

export const REPORT_ITEMS: Record<ReportLevel, (context: ItemsContext) => ReportItem[]> = {
  platform: platformItems,
  title: titleItems,
  item: itemGroups,
};

/**
 * The COUNTER reports this platform provides (Code of Practice Release 5.1, section 4) and the values their
 * parameters may take (the COUNTER API specification's enumerations). A Standard View is its COUNTER Report with
 * fixed filters, so both share one builder per level; only the definitions differ.
 */

export const RELEASE = '5.1';

/** The metrics of article use, in the order reports list them. */
export const ITEM_METRICS = [
  'Total_Item_Investigations',
  'Total_Item_Requests',
  'Unique_Item_Investigations',
  'Unique_Item_Requests',
] as const;
export type ItemMetric = (typeof ITEM_METRICS)[number];
export const SEARCH_METRIC = 'Searches_Platform';

/** What everything on this platform is: open access, used in the regular way, journals made of articles. */
export const OPEN_ACCESS = { Access_Type: 'Open', Access_Method: 'Regular' } as const;
export const JOURNAL_DATA_TYPE = 'Journal';
export const ARTICLE_DATA_TYPE = 'Article';
export const PLATFORM_DATA_TYPE = 'Platform';
/** NISO's version of record: what a published article is. */
export const ARTICLE_VERSION = 'VoR';

export type ReportLevel = 'platform' | 'title' | 'item';

/** Report filters under the names report headers give them. */
export interface ReportFilters {
  Platform?: string;
  Data_Type?: string[];
  Access_Type?: string[];
  Access_Method?: string[];
  Metric_Type?: string[];
  YOP?: string[];
  Item_ID?: string;
  Author?: string;
}
export type ListFilter = 'Data_Type' | 'Access_Type' | 'Access_Method' | 'Metric_Type';

/** Report attributes of a COUNTER Report, as its header names them; defaults are left out. */
export interface ReportAttributes {
  Attributes_To_Show?: string[];
  Include_Parent_Details?: 'True';
  Granularity?: 'Total';
}

/** The parameters a COUNTER Report takes besides the common ones, and the values the Code allows for each. */
export interface ReportOptions {
  lists: Partial<Record<ListFilter, readonly string[]>>;
  yop: boolean;
  itemId: boolean;
  author: boolean;
  parentDetails: boolean;
  /** The Attributes_To_Show values this platform can show (the Code's others are extensions it does not offer). */
  attributes: readonly string[];
}

export interface ReportDefinition {
  id: 'PR' | 'PR_P1' | 'TR' | 'TR_J1' | 'TR_J3' | 'IR' | 'IR_A1';
  name: string;
  description: string;
  level: ReportLevel;
  /**
   * The tabular report's columns before the metric (Code tables 4.b, 4.k, 4.p). A name ending in `?` is shown only
   * when asked for (Attributes_To_Show; the Parent_ columns by Include_Parent_Details). The JSON report carries
   * the same elements: attributes shown become Attribute_Performance fields.
   */
  columns: readonly string[];
  /** A Standard View's fixed filters; a COUNTER Report takes its filters from the request. */
  preset?: ReportFilters;
  options?: ReportOptions;
}

const ACCESS_METHODS = ['Regular', 'TDM'];
const ACCESS_TYPES = ['Controlled', 'Open', 'Free_To_Read'];
const EXTENSION_FILTERS = ['attributed', 'country_code', 'subdivision_code'];

const PR_DATA_TYPES = [
  'Article',
  'Audiovisual',
  'Book',
  'Book_Segment',
  'Conference',
  'Conference_Item',
  'Database_Full_Item',
  'Dataset',
  'Image',
  'Interactive_Resource',
  'Journal',
  'Multimedia',
  'News_Item',
  'Newspaper_or_Newsletter',
  'Other',
  'Patent',
  'Platform',
  'Reference_Item',
  'Reference_Work',
  'Report',
  'Software',
  'Sound',
  'Standard',
  'Thesis_or_Dissertation',
  'Unspecified',
];
const TR_DATA_TYPES = [
  'Book',
  'Conference',
  'Journal',
  'Newspaper_or_Newsletter',
  'Other',
  'Patent',
  'Reference_Work',
  'Report',
  'Standard',
  'Thesis_or_Dissertation',
  'Unspecified',
];
const IR_DATA_TYPES = [
  'Article',
  'Audiovisual',
  'Book_Segment',
  'Conference_Item',
  'Database_Full_Item',
  'Dataset',
  'Image',
  'Interactive_Resource',
  'Multimedia',
  'News_Item',
  'Other',
  'Patent',
  'Reference_Item',
  'Report',
  'Software',
  'Sound',
  'Standard',
  'Thesis_or_Dissertation',
  'Unspecified',
];
const UNIQUE_TITLE_METRICS = ['Unique_Title_Investigations', 'Unique_Title_Requests'];
const DENIAL_METRICS = ['Limit_Exceeded', 'No_License'];

const TITLE_COLUMNS = ['Title', 'Publisher', 'Publisher_ID', 'Platform', 'DOI', 'Proprietary_ID'];
const ISSN_COLUMNS = ['Print_ISSN', 'Online_ISSN', 'URI'];
const ITEM_COLUMNS = ['Item', 'Publisher', 'Publisher_ID', 'Platform'];
const ARTICLE_COLUMNS = ['Authors', 'Publication_Date', 'Article_Version'];

export const REPORTS: Record<string, ReportDefinition> = {
  pr: {
    id: 'PR',
    name: 'Platform Report',
    description:
      'A customizable report summarizing activity across the platform that allows the user to apply filters and ' +
      'select other configuration options.',
    level: 'platform',
    columns: ['Platform', 'Data_Type', 'Access_Method?'],
    options: {
      lists: {
        Metric_Type: [SEARCH_METRIC, ...ITEM_METRICS, ...UNIQUE_TITLE_METRICS],
        Data_Type: PR_DATA_TYPES,
        Access_Method: ACCESS_METHODS,
      },
      yop: false,
      itemId: false,
      author: false,
      parentDetails: false,
      attributes: ['Access_Method'],
    },
  },
  pr_p1: {
    id: 'PR_P1',
    name: 'Platform Usage',
    description: 'Platform-level usage summarized by Metric_Type.',
    level: 'platform',
    columns: ['Platform', 'Data_Type'],
    preset: {
      Access_Method: ['Regular'],
      Metric_Type: [SEARCH_METRIC, 'Total_Item_Requests', 'Unique_Item_Requests', 'Unique_Title_Requests'],
    },
  },
  tr: {
    id: 'TR',
    name: 'Title Report',
    description:
      'A customizable report detailing activity at the title level that allows the user to apply filters and ' +
      'select other configuration options.',
    level: 'title',
    columns: [...TITLE_COLUMNS, 'ISBN', ...ISSN_COLUMNS, 'Data_Type', 'YOP?', 'Access_Type?', 'Access_Method?'],
    options: {
      lists: {
        Metric_Type: [...ITEM_METRICS, ...UNIQUE_TITLE_METRICS, ...DENIAL_METRICS],
        Data_Type: TR_DATA_TYPES,
        Access_Type: ACCESS_TYPES,
        Access_Method: ACCESS_METHODS,
      },
      yop: true,
      itemId: true,
      author: false,
      parentDetails: false,
      attributes: ['YOP', 'Access_Type', 'Access_Method'],
    },
  },
  tr_j1: {
    id: 'TR_J1',
    name: 'Journal Requests (Controlled)',
    description:
      'Reports on usage of journal content, excluding Open and Free_To_Read content, as Total_Item_Requests and ' +
      'Unique_Item_Requests.',
    level: 'title',
    columns: [...TITLE_COLUMNS, ...ISSN_COLUMNS],
    preset: {
      Data_Type: [JOURNAL_DATA_TYPE],
      Access_Type: ['Controlled'],
      Access_Method: ['Regular'],
      Metric_Type: ['Total_Item_Requests', 'Unique_Item_Requests'],
    },
  },
  tr_j3: {
    id: 'TR_J3',
    name: 'Journal Usage by Access Type',
    description: 'Reports on usage of journal content for all Metric_Types broken down by Access_Type.',
    level: 'title',
    columns: [...TITLE_COLUMNS, ...ISSN_COLUMNS, 'Access_Type'],
    preset: {
      Data_Type: [JOURNAL_DATA_TYPE],
      Access_Method: ['Regular'],
      Metric_Type: [...ITEM_METRICS],
    },
  },
  ir: {
    id: 'IR',
    name: 'Item Report',
    description:
      'A granular, customizable report showing activity at the level of the item (article) that allows the user ' +
      'to apply filters and select other configuration options.',
    level: 'item',
    columns: [
      ...ITEM_COLUMNS,
      ...ARTICLE_COLUMNS.map((column) => `${column}?`),
      'DOI',
      'Proprietary_ID',
      'ISBN',
      ...ISSN_COLUMNS,
      ...[
        'Parent_Title',
        'Parent_Authors',
        'Parent_Publication_Date',
        'Parent_Article_Version',
        'Parent_Data_Type',
        'Parent_DOI',
        'Parent_Proprietary_ID',
        'Parent_ISBN',
        'Parent_Print_ISSN',
        'Parent_Online_ISSN',
        'Parent_URI',
      ].map((column) => `${column}?`),
      'Data_Type',
      'YOP?',
      'Access_Type?',
      'Access_Method?',
    ],
    options: {
      lists: {
        Metric_Type: [...ITEM_METRICS, ...DENIAL_METRICS],
        Data_Type: IR_DATA_TYPES,
        Access_Type: ACCESS_TYPES,
        Access_Method: ACCESS_METHODS,
      },
      yop: true,
      itemId: true,
      author: true,
      parentDetails: true,
      attributes: ['YOP', 'Access_Type', 'Access_Method', ...ARTICLE_COLUMNS],
    },
  },
  ir_a1: {
    id: 'IR_A1',
    name: 'Journal Article Requests',
    description:
      'Reports on journal article requests at the article level, as Total_Item_Requests and Unique_Item_Requests.',
    level: 'item',
    columns: [
      ...ITEM_COLUMNS,
      ...ARTICLE_COLUMNS,
      'DOI',
      'Proprietary_ID',
      ...ISSN_COLUMNS,
      'Parent_Title',
      'Parent_Authors',
      'Parent_Article_Version',
      'Parent_DOI',
      'Parent_Proprietary_ID',
      'Parent_Print_ISSN',
      'Parent_Online_ISSN',
      'Parent_URI',
      'Access_Type',
    ],
    preset: {
      Data_Type: [ARTICLE_DATA_TYPE],
      Access_Method: ['Regular'],
      Metric_Type: ['Total_Item_Requests', 'Unique_Item_Requests'],
    },
  },
};

/** The report a path names (`tr_j3`), if this platform provides it. */
export const reportDefinition = (path: string): ReportDefinition | undefined =>
  Object.hasOwn(REPORTS, path) ? REPORTS[path] : undefined;

/** Parameters every report takes: the credentials, the platform and the dates, and `format` for the tabular form. */
const COMMON_PARAMETERS = ['customer_id', 'requestor_id', 'api_key', 'platform', 'begin_date', 'end_date', 'format'];

/** The parameters a report recognizes, as the COUNTER API specification lists them for its path. */
export function recognizedParameters(definition: ReportDefinition): string[] {
  const options = definition.options;
  if (!options) return COMMON_PARAMETERS;
  const named = (flag: boolean, ...names: string[]) => (flag ? names : []);
  return [
    ...COMMON_PARAMETERS,
    ...Object.keys(options.lists).map((filter) => filter.toLowerCase()),
    'attributes_to_show',
    'granularity',
    ...EXTENSION_FILTERS,
    ...named(options.yop, 'yop'),
    ...named(options.itemId, 'item_id'),
    ...named(options.author, 'author'),
    ...named(options.parentDetails, 'include_parent_details', 'include_component_details'),
  ];
}

export const isExtensionFilter = (parameter: string) => EXTENSION_FILTERS.includes(parameter);

/** The columns a report shows for the attributes asked for. */
export function shownColumns(definition: ReportDefinition, attributes: ReportAttributes): string[] {
  const shown = new Set(attributes.Attributes_To_Show ?? []);
  const asked = (column: string) =>
    column.startsWith('Parent_') ? attributes.Include_Parent_Details === 'True' : shown.has(column);
  return definition.columns.flatMap((column) => {
    if (!column.endsWith('?')) return [column];
    const name = column.slice(0, -1);
    return asked(name) ? [name] : [];
  });
}

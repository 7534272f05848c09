/** Business constants of the journal (specification: Business constants and limits) shared by server and browser. */

export const MAX_UPLOAD_BYTES = 5_242_880;
export const MAX_TITLE_WORDS = 100;
export const MAX_AUTHORS = 5;
/** The largest id (and issue number) a column holds: PostgreSQL's 4-byte integer. A larger one names nothing. */
export const MAX_RECORD_ID = 2_147_483_647;
export const MAX_REFERENCES = 50;
export const DEFAULT_FEE_RUPEE = '2000';
export const DEFAULT_FEE_DOLLAR = '50';
export const IMPACT_FACTOR_DISPLAY_CHARS = 15;
export const EXPANDED_YEAR_GROUPS = 2;
export const COPY_CONFIRMATION_MS = 2000;
export const LOGIN_STORAGE_KEY = 'acadpubjwt';
export const WORKLOG_PAGE_SIZE = 20;

export const ARTICLE_STATUSES = ['enabled', 'disabled'] as const;
/** An issue's state (decision 098): readers see only published issues. */
export const ISSUE_STATES = ['draft', 'scheduled', 'published'] as const;
export type IssueState = (typeof ISSUE_STATES)[number];
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];
export const EDITOR_STATUSES = ['enabled', 'disabled'] as const;
export type EditorStatus = (typeof EDITOR_STATUSES)[number];
export const PAYMENT_TYPES = ['paid', 'free'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const EDITOR_CATEGORIES = ['chief editor', 'associate editor', 'assistant editor'] as const;
export type EditorCategory = (typeof EDITOR_CATEGORIES)[number];
/** Headings of the editorial board groups, in display order. */
export const EDITOR_GROUP_TITLES: Record<EditorCategory, string> = {
  'chief editor': 'Editor-in-Chief',
  'associate editor': 'Associate Editors',
  'assistant editor': 'Assistant Editors',
};
export const EDITOR_DESIGNATIONS = [
  'Professor',
  'Associate Professor',
  'Assistant Professor',
  'Scientist',
  'Head',
  'Lecturer',
] as const;

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const SHORT_MONTHS = MONTHS.map((m) => m.slice(0, 3).toLowerCase());
const span = (from: number, count: number) => SHORT_MONTHS.slice(from, from + count).join('-');

/** Issue frequencies: single months, bi-monthly pairs, quarters, thirds, halves and the whole year. */
export const ISSUE_FREQUENCIES: readonly string[] = [
  ...SHORT_MONTHS,
  ...[0, 2, 4, 6, 8, 10].map((m) => span(m, 2)),
  ...[0, 3, 6, 9].map((m) => span(m, 3)),
  ...[0, 4, 8].map((m) => span(m, 4)),
  ...[0, 6].map((m) => span(m, 6)),
  span(0, 12),
];

export const WORKLOG_STATUSES = [
  'pending',
  'working',
  'completed',
  'info',
  'last-work',
  'journal',
  'urgent',
  'cancelled',
] as const;
export type WorklogStatus = (typeof WORKLOG_STATUSES)[number];
/** Statuses a new work-log entry may be created with. */
export const WORKLOG_NEW_STATUSES = ['info', 'urgent'] as const;
/**
 * The colour names of the specification (Business constants and limits) (orange, light yellow, blue, lime, purple, teal, red, blue), in shades whose text passes
 * 4.5:1: dark text on the light ones, white on teal and red. Completed and cancelled are two different blues, and a
 * cancelled entry is also struck through (worklog.css), so they never rely on colour alone.
 */
export const WORKLOG_STATUS_COLOURS: Record<WorklogStatus, string> = {
  pending: '#ffa94d',
  working: '#fff6b3',
  completed: '#8cc4f5',
  info: '#b5f07a',
  'last-work': '#dcbcf2',
  journal: '#00736e',
  urgent: '#c62828',
  cancelled: '#d5deea',
};

export const HEADER_STYLES = ['image', 'text'] as const;
export type HeaderStyle = (typeof HEADER_STYLES)[number];
export const COVER_PAGE_VARIANTS = ['classic', 'banner'] as const;
export type CoverPageVariant = (typeof COVER_PAGE_VARIANTS)[number];

/** Longest work-log entry content accepted, in characters. */
export const WORKLOG_MAX_CONTENT_LENGTH = 10_000;

/** The alert of an over-large upload (specification: Validation rules); the server answers the same text. */
export const FILE_SIZE_MESSAGE = `File size exceeds the limit of ${MAX_UPLOAD_BYTES / 1_048_576} MB.`;
/** Logos and site pictures are shown on every page, so they are kept small. */
export const MAX_PICTURE_BYTES = 2_097_152;
export const PICTURE_SIZE_MESSAGE = `The picture must be at most ${MAX_PICTURE_BYTES / 1_048_576} MB.`;
/** Pixels a picture may decode to, all frames together: a few kilobytes can claim billions (docs/decisions/092-upload-content-checks.md). */
export const MAX_PICTURE_PIXELS = 40_000_000;
export const PICTURE_PIXELS_MESSAGE = `The picture must be at most ${MAX_PICTURE_PIXELS / 1_000_000} megapixels.`;

/** Most records one PDF export (index page, bulk certificates, editors' certificates) accepts. */
export const MAX_EXPORT_SELECTION = 1000;
/** Largest JSON body of an export call: a full selection of article records with their abstracts. */
export const MAX_EXPORT_BODY_BYTES = 16 * 1_048_576;

/** Where the Atom feed of the latest articles is served; every public page names it in its head. */
export const FEED_PATH = '/feed.xml';

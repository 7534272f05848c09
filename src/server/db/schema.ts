import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  ArticleStatus,
  CoverPageVariant,
  EditorCategory,
  EditorStatus,
  HeaderStyle,
  IssueState,
  PaymentType,
  WorklogStatus,
} from '../../common/constants.js';
import type { UserRole } from '../../common/schemas/user.js';

/**
 * Kysely's view of the database. Timestamps are ISO-8601 strings in UTC on both engines. A column with a
 * closed set of values has the union of src/common's list, so rows need no casts.
 */
export interface Database {
  settings: SettingsTable;
  editors: EditorsTable;
  indexing: IndexingTable;
  issues: IssuesTable;
  articles: ArticlesTable;
  article_authors: ArticleAuthorsTable;
  author_renames: AuthorRenamesTable;
  users: UsersTable;
  worklog_entries: WorklogEntriesTable;
  pending_file_moves: PendingFileMovesTable;
  activity_log: ActivityLogTable;
  issue_moves: IssueMovesTable;
  article_tombstones: ArticleTombstonesTable;
  password_resets: PasswordResetsTable;
  content_pages: ContentPagesTable;
  site_pictures: SitePicturesTable;
  journals: JournalsTable;
  journal_hosts: JournalHostsTable;
  journal_members: JournalMembersTable;
  usage_events: UsageEventsTable;
  usage_searches: UsageSearchesTable;
  counter_api_keys: CounterApiKeysTable;
  /** The publisher's COUNTER customers (migration 021): the columns of a journal's, for every journal at once. */
  publisher_counter_keys: CounterApiKeysTable;
  failure_counts: FailureCountsTable;
  usage_clicks: UsageClicksTable;
}

/**
 * A journal the installation hosts (migration 012, decision 095). The journal-owned tables (JOURNAL_TABLES) carry a
 * `journal_id` column that their types leave out on purpose: services read and write through a handle scoped to one
 * journal (JournalScope), which filters and sets it, so no query names it.
 */
export interface JournalsTable {
  id: Generated<number>;
  name: string;
  short_name: Generated<string>;
  /** The journal's address, like SITE_URL for journal 1; '' takes it from each request. */
  public_origin: Generated<string>;
  created_at: string;
}

/** A user's role in one journal (migration 013); a journal-owned table, so its `journal_id` is left out. */
export interface JournalMembersTable {
  user_id: number;
  role: UserRole;
}

/** A host name (lower case, no port) that selects its journal; an alias (not primary) answers 301 to the primary. */
export interface JournalHostsTable {
  host: string;
  journal_id: number;
  is_primary: Generated<number>;
}

export interface SettingsTable {
  id: number;
  websitename: string;
  domain: string;
  formatted_journal_name: string;
  websiteemail: string;
  whatsup_number: string;
  journal_essn: string;
  issn: string;
  year_started: string;
  journal_frequency: string;
  journal_type: string;
  journal_language: string;
  nassScore: string;
  nassScoreYear: string;
  impactfactor: string;
  fee_rupee: string;
  fee_dollar: string;
  home_content: string;
  google_review_link: string;
  publisher_name: string;
  publisher_address: string;
  publisher_head: string;
  publisher_url: string;
  journal_list_url: string;
  show_editor_contacts: number;
  show_subject_column: number;
  show_publisher_link: number;
  show_journal_list_link: number;
  /** Whether article pages show their views and downloads (migration 017). */
  show_usage: number;
  header_style: HeaderStyle;
  cover_page_variant: CoverPageVariant;
  admin_ip_allowlist: string;
  doi_prefix: string;
  doi_suffix_pattern: string;
  licence_name: string;
  licence_url: string;
  /** The abbreviated journal title (citation_journal_abbrev, Crossref abbrev_title, RIS J2); migration 014. */
  journal_abbreviation: string;
  crossref_depositor_name: string;
  crossref_depositor_email: string;
  crossref_registrant: string;
  /** Who signs the certificates of publication (migration 020, decision 127); '' for the Editor-in-Chief. */
  certificate_signatory_name: string;
  certificate_signatory_title: string;
  updated_at: string;
}

export interface EditorsTable {
  id: Generated<number>;
  name: string;
  category: EditorCategory;
  post: string;
  degree: string;
  content: string;
  email: string;
  phone: string;
  country: string;
  editor_website: string;
  picture: string | null;
  status: EditorStatus;
  is_pinned: number;
  creation: string;
  updated_at: string;
}

export interface IndexingTable {
  id: Generated<number>;
  title: string;
  link: string;
  image: string;
  sortnumber: number;
  status: string;
}

export interface IssuesTable {
  id: Generated<number>;
  year: number;
  volume: number;
  issue: number;
  frequency: string;
  creation: string;
  /** Migration 014: draft (readers see nothing of it), scheduled (publishes itself at publish_at) or published. */
  state: Generated<IssueState>;
  /** When a scheduled issue publishes itself (ISO instant); '' otherwise. */
  publish_at: Generated<string>;
  /** YYYY-MM-DD set by its publication, the default publication date of its articles; '' before the first. */
  publication_date: Generated<string>;
}

export interface ArticlesTable {
  id: Generated<number>;
  refnumber: string;
  title: string;
  /** Hash of the normalised title; unique so that duplicate titles are refused by the database. */
  title_key: string;
  authorname: string;
  abstract: string;
  /** The abstract without markup, kept for full-text search. */
  abstract_text: string;
  keywords: string;
  /** Without https://doi.org/; '' when the article has none (defaults to that on insert). */
  doi: Generated<string>;
  description: string;
  subject: string;
  country: string;
  email: string;
  mobile: string;
  pagenumber: string;
  first_page: number;
  year: number;
  volume: number;
  issue: number;
  frequency: string;
  txnid: string;
  ptype: PaymentType;
  publishdate: string;
  file: string | null;
  status: ArticleStatus;
  /** 1 while the article's issue is published (migration 014): part of the published rule (published.ts). */
  issue_published: Generated<number>;
  /** 1 once its issue has been published: OAI-PMH answers its identifier from then on. */
  issue_ever_published: Generated<number>;
  /** The article's own licence, the journal's when it was added. */
  licence_name: Generated<string>;
  licence_url: Generated<string>;
  createdby: string;
  creation: string;
  modifiedby: string;
  modification: string;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  name: string;
  password_hash: string;
  enabled: number;
  creation: string;
  /** A publisher admin (1) manages the journals and is an admin in every one (migration 013). */
  publisher: Generated<number>;
  /** Raised to revoke every token signed before. */
  token_version: Generated<number>;
  /** Where a password-reset link goes; empty: none can be sent. */
  email: Generated<string>;
}

export interface WorklogEntriesTable {
  id: Generated<number>;
  content: string;
  status: WorklogStatus;
  createdby: string;
  created_at: string;
}

/** A file move committed with its rows but maybe not yet carried out (paths relative to the file store). */
export interface PendingFileMovesTable {
  id: Generated<number>;
  /** A staged temporary file, or an article's current file when only its name changes. */
  source: string;
  target: string;
  /** The file the row named before, removed once the move is done. */
  remove: string | null;
  created_at: string;
}

/** One admin or work-log write: who, when, what; never a password or a file's content. */
export interface ActivityLogTable {
  id: Generated<number>;
  created_at: string;
  user_id: number;
  username: string;
  action: string;
  object_type: string;
  object_id: number | null;
  summary: string;
}

/** An address an issue had before it was renumbered (it answers 301 to the issue's address now). */
export interface IssueMovesTable {
  id: Generated<number>;
  year: number;
  volume: number;
  issue: number;
  issue_id: number;
}

/**
 * What is left of a published article that was deleted (migration 015, decision 099): its citation and when it
 * went. Its address answers 410 with a notice, and its reference number and DOI stay taken.
 */
export interface ArticleTombstonesTable {
  id: Generated<number>;
  refnumber: string;
  year: number;
  volume: number;
  issue: number;
  /** Sanitised HTML, as the article's was. */
  title: string;
  authorname: string;
  doi: string;
  publishdate: string;
  pagenumber: string;
  /** ISO instant of the deletion. */
  removed_at: string;
  /** The deleted article's id, so its counted usage keeps its citation (migration 017); null before. */
  article_id: number | null;
}

/** A single-use sign-in link sent by email; only the SHA-256 of its token is stored. */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  expires_at: string;
  used_at: string | null;
}

/** A page of fixed text staff edit (migration 009); `slug` is its address. */
export interface ContentPagesTable {
  slug: string;
  content: string;
  updated_at: string;
}

/** An uploaded site picture (migration 009): `file` lives under `site/` in the file store. */
/** One author of an article, in order (migration 016, decision 100); `articles.authorname` is written from these. */
export interface ArticleAuthorsTable {
  article_id: number;
  position: number;
  given_name: string;
  family_name: string;
  affiliation: string;
  country: string;
  orcid: string;
  email: string;
  corresponding: number;
}

/**
 * A name an article's author had before a correction, and the name it became (migration 020, decision 126): a
 * certificate address with the old name answers 301 to the new one.
 */
export interface AuthorRenamesTable {
  article_id: number;
  old_name: string;
  new_name: string;
  renamed_at: string;
}

export interface SitePicturesTable {
  kind: string;
  file: string;
  updated_at: string;
}

export type SettingsRow = Selectable<SettingsTable>;
export type EditorRow = Selectable<EditorsTable>;
export type NewEditor = Insertable<EditorsTable>;
export type EditorUpdate = Updateable<EditorsTable>;
export type IndexingRow = Selectable<IndexingTable>;
export type IssueRow = Selectable<IssuesTable>;
export type ArticleRow = Selectable<ArticlesTable>;
export type NewArticle = Insertable<ArticlesTable>;
export type ArticleAuthorRow = Selectable<ArticleAuthorsTable>;
export type ArticleUpdate = Updateable<ArticlesTable>;
export type UserRow = Selectable<UsersTable>;
export type WorklogEntryRow = Selectable<WorklogEntriesTable>;
export type PendingFileMoveRow = Selectable<PendingFileMovesTable>;
export type ActivityLogRow = Selectable<ActivityLogTable>;
export type ArticleTombstoneRow = Selectable<ArticleTombstonesTable>;
export type JournalRow = Selectable<JournalsTable>;

/** One user-session's use of one article on one UTC day (migration 017, decision 101); journal-owned. */
export interface UsageEventsTable {
  article_id: number;
  /** YYYY-MM-DD, UTC. */
  day: string;
  /** A keyed hash of the user and the hour: no address or browser name is stored. */
  session: string;
  investigations: number;
  requests: number;
}

/** Searches made on one UTC day (migration 017); journal-owned. */
export interface UsageSearchesTable {
  day: string;
  searches: number;
}

/** Who may harvest the journal's COUNTER reports (migration 017); journal-owned. Only a hash of the key is kept. */
export interface CounterApiKeysTable {
  id: Generated<number>;
  customer_id: string;
  requestor_id: string;
  institution_name: string;
  key_hash: string;
  /** The key's last characters, to tell keys apart in the admin. */
  key_hint: string;
  created_at: string;
  last_used_at: string | null;
}
export type CounterApiKeyRow = Selectable<CounterApiKeysTable>;

/**
 * Failed attempts per key within a window (migration 018); the installation's, shared by every process and
 * instance. Milliseconds since 1970: PostgreSQL's bigint arrives as text, so readers convert it.
 */
export interface FailureCountsTable {
  key: string;
  failures: number;
  reset_at: number | string;
}

/** When a reader last did an action, for COUNTER's double-click rule (migration 018); the installation's. */
export interface UsageClicksTable {
  click_key: string;
  last_at: number | string;
  /** 1 when the last click put to the row was more than the window after the one before it. */
  counted: number;
}

import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  ArticleStatus,
  CoverPageVariant,
  EditorCategory,
  EditorStatus,
  HeaderStyle,
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
  users: UsersTable;
  worklog_entries: WorklogEntriesTable;
  pending_file_moves: PendingFileMovesTable;
  activity_log: ActivityLogTable;
  issue_moves: IssueMovesTable;
  password_resets: PasswordResetsTable;
  content_pages: ContentPagesTable;
  site_pictures: SitePicturesTable;
  journals: JournalsTable;
  journal_hosts: JournalHostsTable;
  journal_members: JournalMembersTable;
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
  header_style: HeaderStyle;
  cover_page_variant: CoverPageVariant;
  admin_ip_allowlist: string;
  doi_prefix: string;
  doi_suffix_pattern: string;
  licence_name: string;
  licence_url: string;
  crossref_depositor_name: string;
  crossref_depositor_email: string;
  crossref_registrant: string;
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
export type ArticleUpdate = Updateable<ArticlesTable>;
export type UserRow = Selectable<UsersTable>;
export type WorklogEntryRow = Selectable<WorklogEntriesTable>;
export type PendingFileMoveRow = Selectable<PendingFileMovesTable>;
export type ActivityLogRow = Selectable<ActivityLogTable>;
export type JournalRow = Selectable<JournalsTable>;

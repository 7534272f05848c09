import { z } from '../../../../common/schemas/zod-config.js';
import { emptyPlan, type ImportPlan, type ImportProblem } from '../import-plan.js';
import { settingsAnswer, yearGroupAnswer } from './site-answers.js';
import { readIssues } from './site-archive.js';
import { readEditors, readIndexing } from './site-board.js';
import { callJson } from './site-calls.js';
import { SiteCallFailed, SiteClient } from './site-client.js';
import { Progress, type SiteReadContext } from './site-context.js';
import { SiteReadError, unlikeJournalSite } from './site-errors.js';
import { MAX_FILE_BYTES } from './site-files.js';
import { reportNotPublic } from './site-notices.js';
import { settingsOf } from './site-settings.js';

export { SiteReadError } from './site-errors.js';

export interface ReadSiteOptions {
  /** The fetch the site is asked with; the global one by default. */
  fetch?: typeof fetch;
  /** After each call: calls made, calls known so far (the archive tells of issues, each issue of its articles), and what was read. */
  onProgress?: (done: number, total: number, what: string) => void;
  /** Requests at once, file downloads included; default 4. */
  concurrency?: number;
  /** Time allowed for each attempt of a request, answer and body; default 60 s. */
  timeoutMs?: number;
  /** Pause before the first retry, doubling for each next one; default 0.5 s. */
  retryDelayMs?: number;
  /** Largest file (PDF, picture, logo) downloaded; default 64 MB. */
  maxFileBytes?: number;
}

const DEFAULT_CONCURRENCY = 4;
const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_RETRY_DELAY_MS = 500;
const SETTINGS_PATH = '/api/settings/';
const ARCHIVE_PATH = '/api/archives/';

/**
 * The import plan of a journal site running the original product (or this one), read through its public calls
 * (specification: Calls made): settings and home content, every issue of the archive with its articles, the editorial
 * board and the indexing entries. Articles keep their year, volume, issue and reference number, so their addresses
 * stay the same. Files (PDFs, pictures, logos) are downloaded only by their ImportedFile.read(), which rejects with a
 * message naming the address. What the site does not show publicly is in `plan.unmapped`, once.
 *
 * Rejects with a SiteReadError, whose message is for the person importing, when the address is not a web address,
 * does not answer, or does not answer like a journal site.
 */
export async function readSite(baseUrl: string, options: ReadSiteOptions = {}): Promise<ImportPlan> {
  const client = new SiteClient(siteBase(baseUrl), {
    fetch: options.fetch ?? fetch,
    concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    retryDelayMs: options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS,
  });
  try {
    return await readPlan(client, options);
  } catch (error) {
    client.stop();
    if (error instanceof SiteCallFailed) throw new SiteReadError(`${client.base} does not answer: ${error.message}`);
    throw error;
  }
}

/** The site's address without a trailing slash: a journal may live under a path of its host. */
function siteBase(baseUrl: string): string {
  const url = URL.canParse(baseUrl.trim()) ? new URL(baseUrl.trim()) : null;
  if (!url || !['http:', 'https:'].includes(url.protocol)) {
    throw new SiteReadError(`${baseUrl} is not the web address of a site (like https://journal.example)`);
  }
  return url.origin + url.pathname.replace(/\/+$/, '');
}

async function readPlan(client: SiteClient, options: ReadSiteOptions): Promise<ImportPlan> {
  const progress = new Progress(options.onProgress);
  // Settings, archive, editors and indexing; the archive adds its issues.
  progress.expect(4);
  const settings = await journalCall(client, SETTINGS_PATH, settingsAnswer, "a journal's settings");
  progress.called('settings');
  const groups = await journalCall(client, ARCHIVE_PATH, z.array(yearGroupAnswer), "a journal's archive");
  progress.called('archive');
  const plan: ImportPlan & { problems: ImportProblem[] } = { ...emptyPlan(client.base), problems: [] };
  const context: SiteReadContext = {
    client,
    unmapped: plan.unmapped,
    problems: plan.problems,
    progress,
    maxFileBytes: options.maxFileBytes ?? MAX_FILE_BYTES,
    journalEmail: typeof settings.websiteemail === 'string' ? settings.websiteemail.trim() : '',
    stoodIn: new Set(),
    authorsFromLine: 0,
  };
  plan.settings = settingsOf(context, settings);
  [plan.issues, plan.editors, plan.indexing] = await Promise.all([
    readIssues(context, groups),
    readEditors(context),
    readIndexing(context),
  ]);
  reportNotPublic(context);
  return plan;
}

/** A call every journal site answers: any other answer means the address is not one. */
async function journalCall<T>(client: SiteClient, path: string, schema: z.ZodType<T>, shape: string): Promise<T> {
  const called = await callJson(client, path, schema, shape);
  if (!called.ok) throw unlikeJournalSite(client, path, called.why);
  return called.value;
}

import type { SiteClient } from './site-client.js';

/** Why a site could not be read, for the person importing: nothing of it is in a plan. */
export class SiteReadError extends Error {}

/** "https://x does not answer like a journal site: GET /api/settings/ returned 404 Not Found". */
export const unlikeJournalSite = (client: SiteClient, path: string, why: string) =>
  new SiteReadError(`${client.base} does not answer like a journal site: GET ${path} returned ${why}`);

/** Answers that say a record is not (or no longer) there, rather than that the site is not a journal site. */
export const isGone = (status: number) => status === 404 || status === 410;

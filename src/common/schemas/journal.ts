import { z } from './zod-config.js';
import { singleLine } from './single-line.js';

export const JOURNAL_CREATED_MESSAGE = 'Journal created.';
export const MAX_JOURNAL_HOSTS = 10;

/**
 * POST /api/publisher/journals: a new journal and the host names that reach it, the primary first. The server
 * lower-cases the hosts, drops a port, and refuses what is not a host name or is another journal's already.
 */
export const journalInputSchema = z.object({
  name: singleLine('Name is required')
    .trim()
    .min(1, 'Name is required')
    .max(200, 'Name must be at most 200 characters'),
  shortName: singleLine('Short name must be text')
    .trim()
    .max(50, 'Short name must be at most 50 characters')
    .optional(),
  /** Where its absolute links point, e.g. https://journal2.example.org; empty: each request's host. */
  publicOrigin: singleLine('Public address must be text')
    .trim()
    .max(200, 'Public address must be at most 200 characters')
    .optional(),
  hosts: z
    .array(
      singleLine('Host names must be text')
        .trim()
        .min(1, 'A host name cannot be empty')
        .max(253, 'A host name must be at most 253 characters'),
      { message: 'Host names must be a list' },
    )
    .min(1, 'Give at least one host name')
    .max(MAX_JOURNAL_HOSTS, `Give at most ${MAX_JOURNAL_HOSTS} host names`),
});
export type JournalInput = z.infer<typeof journalInputSchema>;

/** A journal as the publisher admin sees it: its record and its host names, the primary first. */
export const journalSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shortName: z.string(),
  /** '' when its links take each request's host. */
  publicOrigin: z.string(),
  hosts: z.array(z.string()),
  createdAt: z.string(),
});
export type Journal = z.infer<typeof journalSchema>;

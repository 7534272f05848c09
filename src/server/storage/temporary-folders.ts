import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { journalFilesRoot } from '../journals/journal-files.js';
import { isAbandoned, OWNER_PATTERN, ownerIn, PROCESS_OWNER } from './process-owner.js';

/**
 * The temporary folders of imports and exports: an import form's files and an export before it is sent (in the
 * system's temporary folder), and a journal import's files (in DATA_DIR, renamed into the journal's folder at its end).
 */
const PREFIXES = ['journal-import-', 'journal-export-', '.journal-import-'] as const;
export type TemporaryPrefix = (typeof PREFIXES)[number];

/** Each folder's name says which process made it (process-owner.ts), so that a start clears only those of dead ones. */
const NAME = new RegExp(
  `^(?:${PREFIXES.map((prefix) => prefix.replace('.', '\\.')).join('|')})` +
    `${OWNER_PATTERN}-[A-Za-z0-9]{6}(?:\\.journal-(\\d+))?$`,
);
/** A folder this old is cleared whoever made it: no import or export takes a day. */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/** Makes a new temporary folder in `parent` (the system's temporary folder by default), named after this process. */
export async function makeTemporaryFolder(prefix: TemporaryPrefix, parent = os.tmpdir()): Promise<string> {
  await fs.promises.mkdir(parent, { recursive: true });
  return fs.promises.mkdtemp(path.join(parent, `${prefix}${PROCESS_OWNER}-`));
}

/**
 * Renames a journal import's folder, once its journal exists, to name that journal: should the import be cut short
 * after this, the next start moves the files into the journal's folder (clearTemporaryFolders).
 */
export async function nameJournalOfFolder(folder: string, journalId: number): Promise<string> {
  const named = `${folder}.journal-${journalId}`;
  await fs.promises.rename(folder, named);
  return named;
}

/**
 * Renames a folder of files into place as `target`. A running server may have made the (empty) target already:
 * rename replaces an empty folder; into one that is not empty, each entry is moved on its own.
 */
export async function moveIntoPlace(folder: string, target: string): Promise<void> {
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  try {
    await fs.promises.rename(folder, target);
    return;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST' && code !== 'EPERM') throw error;
  }
  for (const name of await fs.promises.readdir(folder)) {
    const to = path.join(target, name);
    if (fs.existsSync(to)) throw new Error(`${to} exists already`);
    await fs.promises.rename(path.join(folder, name), to);
  }
  await fs.promises.rm(folder, { recursive: true, force: true });
}

export interface TemporaryCleanup {
  removed: string[];
  /** Journal imports cut short after their rows could have been saved: their files, moved into place. */
  finished: { folder: string; journalId: number }[];
  failed: { folder: string; error: string }[];
}

/**
 * At a start, before the files are repaired: clears the temporary folders whose process is gone, in the system's
 * temporary folder and in DATA_DIR, and moves a cut-short journal import's files into the folder of its journal,
 * when the journal exists (its rows may have been saved; if not, the repair then removes the files no row names).
 * Folders of live processes are left, and so are folders of other names (an older version's).
 */
export async function clearTemporaryFolders(
  dataDir: string,
  journalIds: ReadonlySet<number>,
): Promise<TemporaryCleanup> {
  const cleanup: TemporaryCleanup = { removed: [], finished: [], failed: [] };
  for (const parent of [os.tmpdir(), dataDir]) {
    for (const name of await fs.promises.readdir(parent).catch(() => [])) {
      const owner = NAME.exec(name);
      const folder = path.join(parent, name);
      if (!owner || !(await isAbandoned(ownerIn(owner), folder, ABANDONED_AFTER_MS))) continue;
      const journalId = parent === dataDir && owner[4] ? Number(owner[4]) : null;
      try {
        if (journalId !== null && journalIds.has(journalId)) {
          await moveIntoPlace(folder, journalFilesRoot(dataDir, journalId));
          cleanup.finished.push({ folder, journalId });
        } else {
          await fs.promises.rm(folder, { recursive: true, force: true });
          cleanup.removed.push(folder);
        }
      } catch (error) {
        // Another instance starting at the same moment may have got there first.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
          cleanup.failed.push({ folder, error: (error as Error).message });
      }
    }
  }
  return cleanup;
}

export function logTemporaryFolders(log: Pick<FastifyBaseLogger, 'info' | 'warn'>, cleanup: TemporaryCleanup): void {
  if (cleanup.removed.length)
    log.info(
      `Files: removed ${cleanup.removed.length} temporary folders of imports and exports that ended with their process`,
    );
  for (const { folder, journalId } of cleanup.finished)
    log.info(`Files: moved the files of journal ${journalId}'s cut-short import from ${folder} into its folder`);
  for (const { folder, error } of cleanup.failed)
    log.warn(`Files: the temporary folder ${folder} could not be cleared (${error})`);
}

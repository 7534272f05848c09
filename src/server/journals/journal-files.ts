import fs from 'node:fs';
import path from 'node:path';

/** A journal's files: `DATA_DIR/files/{journal id}/`, laid out inside as the specification lays out one site's. */
export const journalFilesRoot = (dataDir: string, journalId: number): string =>
  path.join(dataDir, 'files', String(journalId));

/**
 * Moves the files of a site made before journals (everything directly under `DATA_DIR/files/`) into journal 1's
 * folder, one entry at a time: each move is a rename, so a crash leaves every entry at one place or the other and
 * the next start carries on. Runs before anything reads a file.
 */
export function moveFilesIntoFirstJournal(dataDir: string): string[] {
  const files = path.join(dataDir, 'files');
  if (!fs.existsSync(files)) return [];
  const entries = fs.readdirSync(files).filter((name) => !/^\d+$/.test(name));
  if (entries.length === 0) return [];
  const first = journalFilesRoot(dataDir, 1);
  fs.mkdirSync(first, { recursive: true });
  for (const name of entries) {
    const target = path.join(first, name);
    if (fs.existsSync(target)) throw new Error(`Both ${path.join(files, name)} and ${target} exist: move one by hand`);
    fs.renameSync(path.join(files, name), target);
  }
  return entries;
}

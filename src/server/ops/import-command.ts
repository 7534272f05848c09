import path from 'node:path';
import { notifyInstances } from '../cache/postgres-write-relay.js';
import { WriteClock } from '../cache/write-clock.js';
import { openDatabase, type JournalDb, type DatabaseHandle } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import type { JournalRow } from '../db/schema.js';
import { journalFilesRoot, moveFilesIntoFirstJournal } from '../journals/journal-files.js';
import { scopedDb } from '../journals/journal-scope.js';
import { ensureDefaultSettings } from '../modules/settings/default-settings.js';
import { chooseJournal } from './journal-choice.js';
import { JournalMoveRefused, type Installation } from './journal-move-format.js';
import { FileStore } from '../storage/file-store.js';
import type { Actor } from '../modules/activity/activity.repository.js';
import { ImportRefused, reportLines, type ProgressListener } from '../modules/imports/import-report.js';
import { ImportService } from '../modules/imports/import.service.js';
import { exportSpreadsheet, templateBytes } from '../modules/imports/spreadsheet-export.js';
import { spreadsheetFormat, writeWhole } from '../modules/imports/spreadsheet-file.js';
import { openImportSource, type ImportSource } from '../modules/imports/import-sources.js';

/** What `npm run import` is asked to do (scripts/import.ts reads it from the command line). */
export type ImportCommand =
  | { action: 'import'; source: ImportSource; journal?: string; dryRun: boolean }
  | {
      action: 'export';
      spreadsheet: string;
      pdfs: string;
      journal?: string;
      issue?: { year: number; volume: number; issue: number };
    }
  | { action: 'template'; file: string };

/** Who the activity log names for an import from the command line (no one is signed in; 0 is no user's id). */
const COMMAND_LINE: Actor = { userId: 0, username: 'import' };

/** Prints progress on one line rewritten in place on a terminal, and as a line a second at most otherwise. */
export function progressPrinter(stream: NodeJS.WriteStream = process.stdout) {
  let width = 0;
  let lastLine = 0;
  return {
    listener(verb: string): ProgressListener {
      return ({ done, total, current }) => {
        const text = `${verb} ${done}/${total}: ${current}`;
        if (stream.isTTY) {
          const line = text.slice(0, Math.max(20, (stream.columns ?? 80) - 1));
          stream.write(`\r${line.padEnd(width)}`);
          width = line.length;
        } else if (done === total || Date.now() - lastLine >= 1000) {
          stream.write(`${text}\n`);
          lastLine = Date.now();
        }
      };
    },
    /** Ends the line being rewritten, if any. */
    end(): void {
      if (width > 0) stream.write('\n');
      width = 0;
    },
  };
}

/** Runs the command on the installation; a refusal (nothing written) is a JournalMoveRefused, as the scripts expect. */
export async function runImportCommand(
  command: ImportCommand,
  installation: Installation,
  report: (line: string) => void,
  progress = progressPrinter(),
): Promise<void> {
  try {
    if (command.action === 'template') {
      await writeWhole(command.file, await templateBytes(spreadsheetFormat(command.file)));
      return report(`wrote the template ${command.file}: a row of examples under the column names`);
    }
    const journal = await openJournal(installation, command.journal);
    try {
      report(`journal ${journal.row.id} (${journal.row.name})`);
      if (command.action === 'export') await exportJournal(command, journal, report);
      else await importIntoJournal(command, journal, report, progress);
    } finally {
      progress.end();
      await journal.handle.db.destroy();
    }
  } catch (error) {
    throw error instanceof ImportRefused ? new JournalMoveRefused(error.message) : error;
  }
}

interface OpenJournal {
  handle: DatabaseHandle;
  row: JournalRow;
  db: JournalDb;
  files: FileStore;
}

/** The installation's database, migrated, and the journal `--journal` names (chooseJournal), as its site sees it. */
async function openJournal(installation: Installation, journal: string | undefined): Promise<OpenJournal> {
  const handle = openDatabase(installation.database);
  try {
    await migrate(handle);
    // As the server's start and check-data do, for a site made before journals that no server has opened since.
    moveFilesIntoFirstJournal(installation.dataDir);
    const row = await chooseJournal(handle.db, journal);
    const files = new FileStore(journalFilesRoot(installation.dataDir, row.id));
    const db = scopedDb(handle.db, row.id);
    // An installation no server has started yet has no settings row for the import to fill; and a server started
    // after it finds the journal prepared, so it does not seed the demo over what was imported.
    await ensureDefaultSettings(db);
    return { handle, row, db, files };
  } catch (error) {
    await handle.db.destroy();
    throw error;
  }
}

async function importIntoJournal(
  command: Extract<ImportCommand, { action: 'import' }>,
  journal: OpenJournal,
  report: (line: string) => void,
  progress: ReturnType<typeof progressPrinter>,
): Promise<void> {
  const source = await openImportSource(command.source, progress.listener('reading'));
  progress.end();
  try {
    const service = new ImportService(journal.db, journal.files, new WriteClock());
    const checked = await service.dryRun(source.plan, progress.listener('checking'));
    progress.end();
    reportLines(checked).forEach((line) => report(line));
    const problems = checked.problems.length;
    if (problems) throw new ImportRefused(`${problems} problem${problems === 1 ? '' : 's'}: nothing was imported`);
    if (command.dryRun) return report('dry run: nothing was written');
    const { written } = await service.apply(source.plan, COMMAND_LINE, progress.listener('importing'));
    progress.end();
    if (Object.values(written).every((count) => count === 0)) return report('nothing was missing: nothing was written');
    report(
      `imported ${written.issues} issues, ${written.articles} articles, ${written.editors} editors, ` +
        `${written.indexing} indexing entries, ${written.settings} settings`,
    );
    await tellServers(journal.handle, report);
  } finally {
    await source.close();
  }
}

/** Servers on PostgreSQL hear of a script's writes; on SQLite a running server keeps its pages until it restarts. */
async function tellServers(handle: DatabaseHandle, report: (line: string) => void): Promise<void> {
  if (handle.engine === 'postgres') await notifyInstances(handle.db).catch(() => undefined);
  else report('a server running on this SQLite database shows the imported articles once it is restarted');
}

async function exportJournal(
  command: Extract<ImportCommand, { action: 'export' }>,
  journal: OpenJournal,
  report: (line: string) => void,
): Promise<void> {
  const targets = { spreadsheet: command.spreadsheet, pdfs: command.pdfs };
  const summary = await exportSpreadsheet(journal.db, journal.files, targets, command.issue);
  for (const warning of summary.warnings) report(`warning: ${warning}`);
  report(
    `wrote ${summary.issues} issues, ${summary.articles} articles to ${path.basename(command.spreadsheet)} and ` +
      `${summary.pdfs} PDFs to ${path.basename(command.pdfs)}`,
  );
}

// `npm run check-data [-- --repair]`: compares the rows with the stored files, with the server's
// configuration (DATA_DIR, DATABASE_URL). Without --repair it lists every disagreement and exits 1
// when there is any; with it, it fixes them as the server does at start and also clears the file of
// articles whose PDF is missing (decision 013). Run it while the server is stopped: a write just
// committed shows as a pending move until it is carried out (the repair is safe either way, decision 117).
import { configuredDatabase } from '../bootstrap.js';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import {
  checkFiles,
  describeReference,
  disagreementCount,
  repairFiles,
  type FileCheck,
  type FileRepair,
} from '../storage/file-repair.js';
import { FileStore } from '../storage/file-store.js';
import { journalFilesRoot, moveFilesIntoFirstJournal } from '../journals/journal-files.js';
import { scopedDb } from '../journals/journal-scope.js';

function section(title: string, lines: string[]): string[] {
  return lines.length ? [`${title}: ${lines.length}`, ...lines.map((line) => `  ${line}`)] : [];
}

function checkReport(check: FileCheck): string[] {
  return [
    ...section(
      'pending file moves',
      check.pendingMoves.map(
        (move) => `${move.source} -> ${move.target}${move.remove ? `, then remove ${move.remove}` : ''}`,
      ),
    ),
    ...section('temporary files no pending move names', check.tempFiles),
    ...section('files no row names', check.unnamedFiles),
    ...section('rows naming a missing file', check.missingFiles.map(describeReference)),
  ];
}

function repairReport({ moves, ...repair }: FileRepair): string[] {
  const cleared = new Set(repair.articleFilesCleared);
  return [
    ...(moves.finished ? [`finished ${moves.finished} pending file moves`] : []),
    ...(moves.cleared ? [`cleared ${moves.cleared} pending moves that were already done`] : []),
    ...section(
      'pending moves whose file was lost',
      moves.lost.map((move) => move.target),
    ),
    ...section('removed temporary files', repair.tempFilesRemoved),
    ...section('removed files no row names', repair.unnamedFilesRemoved),
    ...section(
      'rows naming a missing file',
      repair.missingFiles.map((reference) =>
        reference.table === 'articles' && cleared.has(reference.id)
          ? `${describeReference(reference)}: file cleared, the article shows no Download link`
          : `${describeReference(reference)}: left as it is, upload the file again`,
      ),
    ),
  ];
}

async function main(repair: boolean): Promise<number> {
  const config = loadConfig();
  const handle = openDatabase(configuredDatabase(config));
  try {
    await migrate(handle);
    moveFilesIntoFirstJournal(config.DATA_DIR);
    const journals = await handle.db.selectFrom('journals').select(['id', 'name']).orderBy('id').execute();
    let disagreements = 0;
    for (const journal of journals) {
      // Each journal's rows against its own folder, through a handle that sees only its rows.
      const db = scopedDb(handle.db, journal.id);
      const files = new FileStore(journalFilesRoot(config.DATA_DIR, journal.id));
      console.log(`Journal ${journal.id} (${journal.name}):`);
      if (repair) {
        const lines = repairReport(await repairFiles(db, files, { clearMissingArticleFiles: true }));
        console.log(lines.length ? lines.join('\n') : 'Rows and files agree: nothing to repair.');
        continue;
      }
      const check = await checkFiles(db, files);
      const count = disagreementCount(check);
      disagreements += count;
      console.log(count ? checkReport(check).join('\n') : 'Rows and files agree.');
    }
    if (disagreements) console.log(`${disagreements} disagreements; \`npm run check-data -- --repair\` fixes them.`);
    return disagreements ? 1 : 0;
  } finally {
    await handle.db.destroy();
  }
}

main(process.argv.includes('--repair')).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof ConfigError ? error.message : `check-data failed: ${(error as Error)?.stack ?? String(error)}`,
    );
    process.exit(2);
  },
);

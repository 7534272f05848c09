// `npm run export-journal -- --journal <id> --out <file.zip>`: one journal of this installation (its rows and files)
// in one file, for `npm run import-journal` on another installation. Users, memberships and the work-log are the
// installation's and stay. Refused while the journal has a file write in flight (pending file moves).
import { parseArgs } from 'node:util';
import { exportJournal } from '../src/server/ops/journal-export.js';
import { callerPath, runJournalCommand, usageOf, UsageError } from '../src/server/ops/journal-move-cli.js';

await runJournalCommand(
  'npm run export-journal -- --journal <id> --out <file.zip>',
  (args) => {
    const { values } = usageOf(() =>
      parseArgs({ args, options: { journal: { type: 'string' }, out: { type: 'string' } }, strict: true }),
    );
    if (!values.journal || !/^\d+$/.test(values.journal)) throw new UsageError('Give the journal id: --journal <id>');
    if (!values.out) throw new UsageError('Give the file to write: --out <file.zip>');
    return { journalId: Number(values.journal), file: callerPath(values.out) };
  },
  async ({ journalId, file }, installation, report) => {
    await exportJournal(installation, journalId, file, report);
  },
);

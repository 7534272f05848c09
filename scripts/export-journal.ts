// `npm run export-journal -- [--journal <id|host>] --out <file.zip>`: one journal of this installation (its rows and
// files) in one file, for `npm run import-journal` on another installation. Users, memberships and the work-log are
// the installation's and stay. Refused while the journal has a file write in flight (pending file moves).
import { parseArgs } from 'node:util';
import { exportJournal } from '../src/server/ops/journal-export.js';
import { JOURNAL_OPTION, JOURNAL_OPTION_HELP } from '../src/server/ops/journal-choice.js';
import { callerPath, runJournalCommand, usageOf, UsageError } from '../src/server/ops/journal-move-cli.js';

await runJournalCommand(
  `npm run export-journal -- [${JOURNAL_OPTION}] --out <file.zip>\n${JOURNAL_OPTION_HELP}`,
  (args) => {
    const { values } = usageOf(() =>
      parseArgs({ args, options: { journal: { type: 'string' }, out: { type: 'string' } }, strict: true }),
    );
    if (!values.out) throw new UsageError('Give the file to write: --out <file.zip>');
    return { journal: values.journal, file: callerPath(values.out) };
  },
  async ({ journal, file }, installation, report) => {
    await exportJournal(installation, journal, file, report);
  },
);

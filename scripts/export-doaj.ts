// `npm run export-doaj -- [--journal <id|host>] [--issue <year/volume/issue>] --out <file.xml>`: the journal's published
// articles, or one issue's, as DOAJ's article upload XML (decision 120), the same file the admin's DOAJ buttons give.
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.js';
import { exportDoaj } from '../src/server/ops/doaj-export.js';
import { JOURNAL_OPTION, JOURNAL_OPTION_HELP } from '../src/server/ops/journal-choice.js';
import {
  callerPath,
  issueNumbers,
  runJournalCommand,
  usageOf,
  UsageError,
} from '../src/server/ops/journal-move-cli.js';

await runJournalCommand(
  `npm run export-doaj -- [${JOURNAL_OPTION}] [--issue <year/volume/issue>] --out <file.xml>\n${JOURNAL_OPTION_HELP}`,
  (args) => {
    const options = { journal: { type: 'string' }, issue: { type: 'string' }, out: { type: 'string' } } as const;
    const { values } = usageOf(() => parseArgs({ args, options, strict: true }));
    if (!values.out) throw new UsageError('Give the file to write: --out <file.xml>');
    return { journal: values.journal, issue: issueNumbers(values.issue), file: callerPath(values.out) };
  },
  (options, installation, report) => exportDoaj(installation, loadConfig(), options, report),
);

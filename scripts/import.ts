// `npm run import -- --spreadsheet <articles.xlsx|.csv> [--pdfs <pdfs.zip>] [--journal <id|host>] [--dry-run]`:
// checks a spreadsheet of articles and its ZIP of PDFs (the dry run's report), then imports it issue by issue; running
// it again writes only what is missing. `--ojs <export.xml>` reads an Open Journal Systems Native XML issue export
// instead, and `--from-site <address>` a running site of the original product (or of this one). `npm run import --
// --export <out.xlsx|.csv> --pdfs <out.zip> [--issue <year/volume/issue>] [--journal <id|host>]` writes a journal, or
// one issue, in the same form. `npm run import -- --template <template.xlsx|.csv>` writes the template. Decision 102.
// `--journal` names the journal (chooseJournal); it may be left out on an installation of one journal.
import { parseArgs } from 'node:util';
import { JOURNAL_OPTION, JOURNAL_OPTION_HELP } from '../src/server/ops/journal-choice.js';
import {
  callerPath,
  issueNumbers,
  runJournalCommand,
  usageOf,
  UsageError,
} from '../src/server/ops/journal-move-cli.js';
import { runImportCommand, type ImportCommand } from '../src/server/ops/import-command.js';
import type { ImportSource } from '../src/server/modules/imports/import-sources.js';

const USAGE =
  `npm run import -- --spreadsheet <articles.xlsx|.csv> [--pdfs <pdfs.zip>] [${JOURNAL_OPTION}] [--dry-run]\n` +
  `       npm run import -- --ojs <native-export.xml> [${JOURNAL_OPTION}] [--dry-run]\n` +
  `       npm run import -- --from-site <https://old-journal.example.org> [${JOURNAL_OPTION}] [--dry-run]\n` +
  '       npm run import -- --export <out.xlsx|.csv> --pdfs <out.zip> [--issue <year/volume/issue>] ' +
  `[${JOURNAL_OPTION}]\n` +
  '       npm run import -- --template <template.xlsx|.csv>\n' +
  JOURNAL_OPTION_HELP;

function sourceOf(values: { spreadsheet?: string; pdfs?: string; ojs?: string; 'from-site'?: string }): ImportSource {
  if (values.ojs !== undefined) return { kind: 'ojs', file: callerPath(values.ojs), allowHrefs: true };
  if (values['from-site'] !== undefined) return { kind: 'site', url: values['from-site'] };
  return {
    kind: 'spreadsheet',
    spreadsheet: callerPath(values.spreadsheet!),
    pdfs: values.pdfs ? callerPath(values.pdfs) : null,
  };
}

function commandOf(args: string[]): ImportCommand {
  const { values } = usageOf(() =>
    parseArgs({
      args,
      options: {
        spreadsheet: { type: 'string' },
        ojs: { type: 'string' },
        'from-site': { type: 'string' },
        pdfs: { type: 'string' },
        journal: { type: 'string' },
        'dry-run': { type: 'boolean' },
        export: { type: 'string' },
        issue: { type: 'string' },
        template: { type: 'string' },
      },
      strict: true,
    }),
  );
  const actions = [values.spreadsheet, values.ojs, values['from-site'], values.export, values.template].filter(
    (value) => value !== undefined,
  );
  if (actions.length !== 1)
    throw new UsageError('Give one of --spreadsheet, --ojs, --from-site, --export or --template');
  if (values.template !== undefined) return { action: 'template', file: callerPath(values.template) };
  if (values.export !== undefined) {
    if (!values.pdfs) throw new UsageError('Give the ZIP to write the PDFs to: --pdfs <out.zip>');
    return {
      action: 'export',
      spreadsheet: callerPath(values.export),
      pdfs: callerPath(values.pdfs),
      journal: values.journal,
      issue: issueNumbers(values.issue),
    };
  }
  if (values.issue !== undefined) throw new UsageError('--issue goes with --export');
  if (values.pdfs !== undefined && values.spreadsheet === undefined)
    throw new UsageError('--pdfs goes with --spreadsheet or --export');
  return { action: 'import', source: sourceOf(values), journal: values.journal, dryRun: values['dry-run'] ?? false };
}

await runJournalCommand(USAGE, commandOf, (command, installation, report) =>
  runImportCommand(command, installation, report),
);

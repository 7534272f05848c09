// `npm run import-journal -- --file <file.zip> --host <primary> [--host <alias>...] [--name <name>]
// [--origin <https://...>] [--clear-dois]`: makes a NEW journal of a file `npm run export-journal` wrote, at the
// hosts given, with new ids for every row. It gets no members: a publisher admin adds its users at its host.
import { parseArgs } from 'node:util';
import { importJournal } from '../src/server/ops/journal-import.js';
import { callerPath, runJournalCommand, usageOf, UsageError } from '../src/server/ops/journal-move-cli.js';

await runJournalCommand(
  'npm run import-journal -- --file <file.zip> --host <primary> [--host <alias>...] [--name <name>] ' +
    '[--origin <https://...>] [--clear-dois]',
  (args) => {
    const { values } = usageOf(() =>
      parseArgs({
        args,
        options: {
          file: { type: 'string' },
          host: { type: 'string', multiple: true },
          name: { type: 'string' },
          origin: { type: 'string' },
          'clear-dois': { type: 'boolean' },
        },
        strict: true,
      }),
    );
    if (!values.file) throw new UsageError('Give the file to import: --file <file.zip>');
    if (!values.host?.length) throw new UsageError('Give the new journal a host name: --host <primary>');
    return {
      file: callerPath(values.file),
      options: { hosts: values.host, name: values.name, origin: values.origin, clearDois: values['clear-dois'] },
    };
  },
  async ({ file, options }, installation, report) => {
    await importJournal(installation, file, options, report);
  },
);

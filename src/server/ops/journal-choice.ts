import type { InstallationDb } from '../db/database.js';
import type { JournalRow } from '../db/schema.js';
import { JournalHosts, normalHost } from '../journals/journal-hosts.js';
import { listJournalHosts, listJournals } from '../modules/journals/journals.repository.js';
import { JournalMoveRefused } from './journal-move-format.js';

/** The option of the scripts that work on one journal, as their usage shows it. */
export const JOURNAL_OPTION = '--journal <id|host>';

export const JOURNAL_OPTION_HELP =
  `${JOURNAL_OPTION}: the journal's id or any of its hosts; a journal without a host of its own by its id. ` +
  'Without it, the installation must have one journal.';

type HostRow = Awaited<ReturnType<typeof listJournalHosts>>[number];

/**
 * The journal a script is asked to work on with `--journal` (undefined: not given): a number names a journal by its
 * id, anything else by one of its hosts (in any case, a port ignored). The journal without a host of its own
 * answers every host no other journal claims; it is named by its id, and such a host names nothing, so that a
 * mistyped host never picks it. Refused, with the installation's journals listed, when nothing fits.
 */
export async function chooseJournal(db: InstallationDb, named: string | undefined): Promise<JournalRow> {
  const journals = await listJournals(db);
  const hosts = await listJournalHosts(db);
  const chosen = named === undefined ? onlyOne(journals) : journalNamed(journals, hosts, named);
  if (chosen) return chosen;
  throw new JournalMoveRefused(`${whyNone(journals, hosts, named)}. Its journals: ${listed(journals, hosts)}`);
}

const isId = (named: string) => /^\d+$/.test(named);

const onlyOne = (journals: JournalRow[]) => (journals.length === 1 ? journals[0] : undefined);

function journalNamed(journals: JournalRow[], hosts: HostRow[], named: string): JournalRow | undefined {
  const id = isId(named) ? Number(named) : hosts.find((row) => row.host === normalHost(named))?.journal_id;
  return journals.find((journal) => journal.id === id);
}

function whyNone(journals: JournalRow[], hosts: HostRow[], named: string | undefined): string {
  if (named === undefined) return `This installation has ${journals.length} journals: name one with ${JOURNAL_OPTION}`;
  if (isId(named)) return `There is no journal ${named} in this installation`;
  const served = new JournalHosts(
    journals.map((journal) => journal.id),
    hosts,
  ).match(named);
  return (
    `No journal of this installation has the host ${named}` +
    (served
      ? ` (the server answers it with journal ${served.journalId}, which has no host: --journal ${served.journalId})`
      : '')
  );
}

/** `1 "Name" (no host of its own), 2 "Other" (other.example.org, www.other.example.org)` */
function listed(journals: JournalRow[], hosts: HostRow[]): string {
  if (journals.length === 0) return 'none';
  return journals
    .map((journal) => {
      const own = hosts.filter((row) => row.journal_id === journal.id).map((row) => row.host);
      return `${journal.id} ${JSON.stringify(journal.name)} (${own.join(', ') || 'no host of its own'})`;
    })
    .join(', ');
}

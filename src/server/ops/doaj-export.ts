import type { IssuePath } from '../../common/schemas/issue.js';
import { siteOrigin } from '../bootstrap.js';
import { WriteClock } from '../cache/write-clock.js';
import type { Config } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { HttpError } from '../http/errors.js';
import { scopedDb } from '../journals/journal-scope.js';
import { DoajService } from '../modules/doaj/doaj.service.js';
import { writeWhole } from '../modules/imports/spreadsheet-file.js';
import { SettingsService } from '../modules/settings/settings.service.js';
import { chooseJournal } from './journal-choice.js';
import { JournalMoveRefused, type Installation } from './journal-move-format.js';

export interface DoajExport {
  /** `--journal`, see chooseJournal. */
  journal: string | undefined;
  issue: IssuePath | undefined;
  file: string;
}

/**
 * Writes the DOAJ article XML of the journal's published articles, or of one issue's, to `file` (whole or not at
 * all), with the addresses of the journal's configured origin (SITE_URL for journal 1). Refused when the journal has
 * no origin or nothing published to upload.
 */
export async function exportDoaj(
  installation: Installation,
  config: Pick<Config, 'SITE_URL'>,
  options: DoajExport,
  report: (line: string) => void = () => {},
): Promise<void> {
  const handle = openDatabase(installation.database);
  try {
    await migrate(handle);
    const journal = await chooseJournal(handle.db, options.journal);
    const origin = siteOrigin(config, journal);
    if (!origin) {
      throw new JournalMoveRefused(
        `journal ${journal.id} has no public address for the full-text links: set ${journal.id === 1 ? 'SITE_URL' : 'its public origin'} first`,
      );
    }
    const db = scopedDb(handle.db, journal.id);
    const xml = await new DoajService(db, new SettingsService(db, new WriteClock()))
      .articles(origin, options.issue)
      .catch((error: unknown) => {
        throw error instanceof HttpError ? new JournalMoveRefused(error.message) : error;
      });
    await writeWhole(options.file, Buffer.from(xml));
    const records = xml.split('<record>').length - 1;
    report(`journal ${journal.id} (${journal.name}): ${records} articles written to ${options.file}`);
  } finally {
    await handle.db.destroy();
  }
}

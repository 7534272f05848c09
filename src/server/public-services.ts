import type { WriteClock } from './cache/write-clock.js';
import type { JournalDb } from './db/database.js';
import type { FileStore } from './storage/file-store.js';
import { ArchivesService } from './modules/archives/archives.service.js';
import { CitationService } from './modules/cite/citation.service.js';
import { EditorsService } from './modules/editors/editors.service.js';
import { ContentPagesService } from './modules/pages/pages.service.js';
import { IndexingService } from './modules/indexing/indexing.service.js';
import { SitePicturesService } from './modules/site-pictures/site-pictures.service.js';
import { SearchService } from './modules/search/search.service.js';
import { SettingsService } from './modules/settings/settings.service.js';
import { TombstonesService } from './modules/tombstones/tombstones.service.js';

export type PublicServices = ReturnType<typeof createPublicServices>;

/**
 * The services behind the public pages, which a render thread builds on its own connection (and so
 * without the admin, PDF and sign-in services). What they remember lasts until `clock` moves on.
 */
export function createPublicServices(db: JournalDb, files: FileStore, clock: WriteClock) {
  const settings = new SettingsService(db, clock);
  const archives = new ArchivesService(db, clock);
  return {
    settings,
    indexing: new IndexingService(db, files, clock),
    editors: new EditorsService(db, settings, files, clock),
    archives,
    citations: new CitationService(archives, settings, clock),
    search: new SearchService(db),
    contentPages: new ContentPagesService(db, clock),
    sitePictures: new SitePicturesService(db, files, clock),
    tombstones: new TombstonesService(db, clock),
  };
}

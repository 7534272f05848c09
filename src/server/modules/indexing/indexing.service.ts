import { MAX_PICTURE_BYTES, PICTURE_SIZE_MESSAGE } from '../../../common/constants.js';
import { LOGO_REQUIRED_MESSAGE, type IndexingEntry, type IndexingInput } from '../../../common/schemas/indexing.js';
import { UntilNextWrite } from '../../cache/until-next-write.js';
import type { WriteClock } from '../../cache/write-clock.js';
import type { JournalDb } from '../../db/database.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { UploadedFile } from '../../http/multipart.js';
import { FileJournal } from '../../storage/file-journal.js';
import type { FileStore } from '../../storage/file-store.js';
import { stagePicture, type StagedPicture } from '../../storage/picture-upload.js';
import { changedFields, recordActivity, type Actor } from '../activity/activity.repository.js';
import {
  deleteIndexing,
  findIndexingById,
  insertIndexing,
  listAllIndexing,
  listEnabledIndexing,
  nextIndexingPlace,
  updateIndexing,
} from './indexing.repository.js';

const logoPath = (image: string) => `indexing/${image}`;

/** Indexing entries: the public list, and the admin's add, edit, switch, order and delete with logos (issue 18). */
export class IndexingService {
  /** The list sits in the layout of every public page, so it is kept until the next write. */
  private readonly enabled: UntilNextWrite<IndexingEntry[]>;
  private readonly journal: FileJournal;

  constructor(
    private readonly db: JournalDb,
    private readonly files: FileStore,
    private readonly clock: WriteClock,
  ) {
    this.enabled = new UntilNextWrite(() => listEnabledIndexing(db), clock);
    this.journal = new FileJournal(db, files);
  }

  /** Enabled entries, ascending by sortnumber. */
  listPublic(): Promise<IndexingEntry[]> {
    return this.enabled.get();
  }

  /** Every entry, in the public order. */
  listAll(): Promise<IndexingEntry[]> {
    return listAllIndexing(this.db);
  }

  async get(id: number): Promise<IndexingEntry> {
    const row = await findIndexingById(this.db, id);
    if (!row) throw notFound('Indexing entry not found');
    return row;
  }

  /** A new entry goes to the end of the list; its logo is required. */
  async create(input: IndexingInput, logo: UploadedFile | undefined, actor: Actor): Promise<IndexingEntry> {
    if (!logo) throw badRequest(`imgFile: ${LOGO_REQUIRED_MESSAGE}`);
    const staged = await this.stageLogo(logo);
    const id = await this.journal.transaction(staged, async (trx) => {
      const inserted = await insertIndexing(trx, {
        ...input,
        image: staged.name,
        sortnumber: await nextIndexingPlace(trx),
      });
      await this.journal.record(trx, [{ source: staged.temp, target: staged.target, remove: null }]);
      await recordActivity(trx, actor, {
        action: 'create',
        objectType: 'indexing',
        objectId: inserted,
        summary: `Added ${input.title}`,
      });
      return inserted;
    });
    this.clock.publicDataChanged();
    return this.get(id);
  }

  /** A new logo replaces the old one, which is removed once the new one is in place (decision 013). */
  async update(id: number, input: IndexingInput, logo: UploadedFile | undefined, actor: Actor): Promise<IndexingEntry> {
    await this.get(id);
    const staged = logo ? await this.stageLogo(logo) : null;
    await this.journal.transaction(staged, async (trx) => {
      const current = (await findIndexingById(trx, id))!;
      await updateIndexing(trx, id, { ...input, image: staged?.name ?? current.image });
      const changed = changedFields(current, input);
      const summary = `${input.title}: ${staged ? `logo${changed === 'nothing' ? '' : `, ${changed}`}` : changed}`;
      await recordActivity(trx, actor, { action: 'update', objectType: 'indexing', objectId: id, summary });
      if (staged)
        await this.journal.record(trx, [
          { source: staged.temp, target: staged.target, remove: logoPath(current.image) },
        ]);
    });
    this.clock.publicDataChanged();
    return this.get(id);
  }

  async setStatus(id: number, status: IndexingInput['status'], actor: Actor): Promise<IndexingEntry> {
    const { title } = await this.get(id);
    await this.db.transaction().execute(async (trx) => {
      await updateIndexing(trx, id, { status });
      await recordActivity(trx, actor, {
        action: 'update',
        objectType: 'indexing',
        objectId: id,
        summary: `${title}: status ${status}`,
      });
    });
    this.clock.publicDataChanged();
    return this.get(id);
  }

  /** `ids` must name every entry once: their places become 1, 2, 3 ... in that order. */
  async reorder(ids: number[], actor: Actor): Promise<IndexingEntry[]> {
    await this.db.transaction().execute(async (trx) => {
      const existing = (await listAllIndexing(trx)).map((entry) => entry.id);
      const named = new Set(ids);
      if (named.size !== ids.length || named.size !== existing.length || existing.some((id) => !named.has(id))) {
        throw badRequest('ids: must list every indexing entry once');
      }
      for (const [place, id] of ids.entries()) await updateIndexing(trx, id, { sortnumber: place + 1 });
      await recordActivity(trx, actor, {
        action: 'update',
        objectType: 'indexing',
        objectId: null,
        summary: 'Put the indexing entries in a new order',
      });
    });
    this.clock.publicDataChanged();
    return this.listAll();
  }

  /** The row goes first; its logo is removed after the commit (a crash in between leaves a file the start-up repair removes). */
  async remove(id: number, actor: Actor): Promise<void> {
    const { image, title } = await this.get(id);
    await this.journal.freeing(async (trx) => {
      await deleteIndexing(trx, id);
      await recordActivity(trx, actor, {
        action: 'delete',
        objectType: 'indexing',
        objectId: id,
        summary: `Deleted ${title}`,
      });
    });
    this.clock.publicDataChanged();
    await this.files.remove(logoPath(image));
  }

  private stageLogo(logo: UploadedFile): Promise<StagedPicture> {
    return stagePicture(this.files, 'indexing', 'indexing', logo, {
      maxBytes: MAX_PICTURE_BYTES,
      message: PICTURE_SIZE_MESSAGE,
    });
  }
}

import fs from 'node:fs';
import { MAX_PICTURE_BYTES, PICTURE_SIZE_MESSAGE } from '../../../common/constants.js';
import { SITE_PICTURES, type SitePictureKind, type SitePictures } from '../../../common/schemas/site-pictures.js';
import { UntilNextWrite } from '../../cache/until-next-write.js';
import type { WriteClock } from '../../cache/write-clock.js';
import type { JournalDb } from '../../db/database.js';
import { badRequest } from '../../http/errors.js';
import type { UploadedFile } from '../../http/multipart.js';
import { FileJournal } from '../../storage/file-journal.js';
import type { FileStore } from '../../storage/file-store.js';
import { loadSharp } from '../../storage/file-signatures.js';
import { stagePicture } from '../../storage/picture-upload.js';
import { recordActivity, type Actor } from '../activity/activity.repository.js';
import { deleteSitePicture, findSitePicture, listSitePictures, saveSitePicture } from './site-pictures.repository.js';

export const SITE_PICTURE_FOLDER = 'site';
const picturePath = (file: string) => `${SITE_PICTURE_FOLDER}/${file}`;

/** Logo, header image and cover picture: uploaded in the settings, checked by content, written crash-safely (decision 013). */
export class SitePicturesService {
  /** Every public page draws the logo and header, so their addresses are kept until the next write. */
  private readonly addresses: UntilNextWrite<SitePictures>;
  private readonly logo: UntilNextWrite<Buffer | null>;
  private readonly signature: UntilNextWrite<Buffer | null>;
  private readonly journal: FileJournal;

  constructor(
    private readonly db: JournalDb,
    private readonly files: FileStore,
    private readonly clock: WriteClock,
  ) {
    this.addresses = new UntilNextWrite(() => this.read(), clock);
    this.logo = new UntilNextWrite(() => this.readPdfLogo(), clock);
    this.signature = new UntilNextWrite(() => this.readPdfSignature(), clock);
    this.journal = new FileJournal(db, files);
  }

  get(): Promise<SitePictures> {
    return this.addresses.get();
  }

  /**
   * The uploaded logo's bytes for the generated PDFs, which can draw PNG and JPEG only; null for the built-in logo or
   * another format (the PDFs then draw the built-in emblem). Kept until the next write.
   */
  pdfLogo(): Promise<Buffer | null> {
    return this.logo.get();
  }

  /**
   * The certificate signatory's signature for the generated PDFs (decision 127), converted to PNG when uploaded in
   * another format; null when none is uploaded. Kept until the next write.
   */
  pdfSignature(): Promise<Buffer | null> {
    return this.signature.get();
  }

  /** The new picture replaces the previous upload, which is removed once the new one is in place. */
  async replace(kind: SitePictureKind, picture: UploadedFile | undefined, actor: Actor): Promise<SitePictures> {
    if (!picture) throw badRequest('imgFile: Choose a picture to upload');
    const staged = await stagePicture(this.files, SITE_PICTURE_FOLDER, kind, picture, {
      maxBytes: MAX_PICTURE_BYTES,
      message: PICTURE_SIZE_MESSAGE,
    });
    await this.journal.transaction(staged, async (trx) => {
      const previous = await findSitePicture(trx, kind);
      await saveSitePicture(trx, { kind, file: staged.name, updated_at: new Date().toISOString() });
      await recordActivity(trx, actor, {
        action: 'update',
        objectType: 'site_picture',
        objectId: null,
        summary: `Uploaded a new ${kind} picture`,
      });
      await this.journal.record(trx, [
        { source: staged.temp, target: staged.target, remove: previous ? picturePath(previous.file) : null },
      ]);
    });
    this.clock.publicDataChanged();
    return this.get();
  }

  /** Back to the built-in picture; the upload is removed after the commit (or by the start-up repair after a crash). */
  async reset(kind: SitePictureKind, actor: Actor): Promise<SitePictures> {
    const previous = await findSitePicture(this.db, kind);
    if (previous) {
      await this.journal.freeing(async (trx) => {
        await deleteSitePicture(trx, kind);
        await recordActivity(trx, actor, {
          action: 'delete',
          objectType: 'site_picture',
          objectId: null,
          summary: `Went back to the built-in ${kind} picture`,
        });
      });
      this.clock.publicDataChanged();
      await this.files.remove(picturePath(previous.file));
    }
    return this.get();
  }

  private async read(): Promise<SitePictures> {
    const uploaded = new Map(
      (await listSitePictures(this.db)).map((row) => [row.kind, `/assets/${picturePath(row.file)}`]),
    );
    const address = (kind: SitePictureKind) => uploaded.get(kind) ?? SITE_PICTURES[kind].builtIn;
    return {
      logo: address('logo')!,
      header: address('header')!,
      cover: address('cover'),
      signature: address('signature'),
    };
  }

  private async readPdfSignature(): Promise<Buffer | null> {
    const uploaded = await findSitePicture(this.db, 'signature');
    if (!uploaded) return null;
    const data = await fs.promises.readFile(this.files.resolve(picturePath(uploaded.file))).catch(() => null);
    if (!data || /\.(png|jpe?g)$/i.test(uploaded.file)) return data;
    const sharp = await loadSharp();
    return sharp(data).png().toBuffer();
  }

  private async readPdfLogo(): Promise<Buffer | null> {
    const uploaded = await findSitePicture(this.db, 'logo');
    if (!uploaded || !/\.(png|jpe?g)$/i.test(uploaded.file)) return null;
    return fs.promises.readFile(this.files.resolve(picturePath(uploaded.file))).catch(() => null);
  }
}

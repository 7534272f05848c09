import crypto from 'node:crypto';
import { HttpError } from '../http/errors.js';
import { pictureExtension } from './file-signatures.js';
import type { FileStore, StagedFile, UploadedFile } from './file-store.js';

export type StagedPicture = StagedFile & { name: string };

/**
 * Stages an uploaded picture under `folder` with a name the server makes (`{prefix}-{random}.{ext}`), once it
 * is known by its content to be a whole PNG, JPEG, GIF or WebP image of at most `maxBytes` (docs/security.md, Input).
 */
export async function stagePicture(
  files: FileStore,
  folder: string,
  prefix: string,
  picture: UploadedFile,
  limit: { maxBytes: number; message: string },
): Promise<StagedPicture> {
  if (picture.data.length > limit.maxBytes) throw new HttpError(413, 'file_too_large', limit.message);
  const extension = await pictureExtension(picture.data);
  const name = `${prefix}-${crypto.randomBytes(8).toString('hex')}.${extension}`;
  return { ...(await files.stage(`${folder}/${name}`, picture.data)), name };
}

import type { Readable } from 'node:stream';
import type archiver from 'archiver';

export interface ZipEntry {
  name: string;
  /**
   * Called only when the previous entry has been written, so one document is in memory at a time; it
   * may wait (for its turn to be made) before handing the document over.
   */
  render: () => Readable | Promise<Readable>;
}

/** Resolves when the archive has taken in the entry just appended, or has been closed (client gone). */
function entryWritten(archive: archiver.Archiver): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      archive.off('entry', done).off('close', done).off('error', failed);
      resolve();
    };
    const failed = (error: Error) => {
      archive.off('entry', done).off('close', done).off('error', failed);
      reject(error);
    };
    archive.on('entry', done).on('close', done).on('error', failed);
  });
}

/**
 * A zip streamed entry by entry. The next document is rendered only after the previous one has
 * passed into the archive, and the archive only takes data as fast as the reader (the HTTP reply)
 * drains it, so a zip of thousands of certificates never sits in memory (archiver's default 1 MB
 * buffer is lowered to hold a few certificates). PDFs are already compressed, so entries are
 * stored rather than deflated again.
 */
export async function zipStream(entries: Iterable<ZipEntry>): Promise<Readable> {
  const { default: archiver } = await import('archiver');
  const archive = archiver('zip', { store: true, highWaterMark: 64 * 1024 });
  const fill = async () => {
    for (const entry of entries) {
      if (archive.destroyed) return;
      const document = await entry.render();
      if (archive.destroyed) return;
      const written = entryWritten(archive);
      archive.append(document, { name: entry.name });
      await written;
    }
    if (!archive.destroyed) await archive.finalize();
  };
  fill().catch((error: Error) => archive.destroy(error));
  return archive;
}

const LETTERS_WITHOUT_DECOMPOSITION: Record<string, string> = {
  ł: 'l',
  ø: 'o',
  đ: 'd',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ı: 'i',
  þ: 'th',
};

/**
 * A lowercase ASCII slug of a name ("Zoë Ørsted" -> "zoe-orsted") for a plain download file name; empty when the
 * name has no Latin letters or digits.
 */
export function asciiSlug(name: string, maxLength = 60): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[łøđßæœıþ]/g, (letter) => LETTERS_WITHOUT_DECOMPOSITION[letter]!)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
}

/** A file-name part made of a person's name: letters and digits of any script, joined by dashes. */
export function namePart(name: string, maxLength = 60): string {
  return (
    name
      .normalize('NFC')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, maxLength) || 'unnamed'
  );
}

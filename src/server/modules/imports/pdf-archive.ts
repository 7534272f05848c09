import fs from 'node:fs';
import path from 'node:path';
import { ZipError, ZipReader, type ZipEntry } from '../../storage/zip-reader.js';
import type { ImportedFile } from './import-plan.js';
import { ImportRefused } from './import-report.js';
import { sizeText } from './spreadsheet-file.js';

const MB = 1024 * 1024;

/**
 * What a ZIP of PDFs may hold (decision 102). Each is checked from the ZIP's directory before any entry is unpacked;
 * yauzl then stops an entry that unpacks to more than its directory claims, so a ZIP bomb is refused either way.
 */
export interface ArchiveLimits {
  /** The ZIP file's own size. */
  bytes: number;
  entries: number;
  /** One PDF's size: more than the article form takes (5 MB), since old issues were often scanned. */
  entryBytes: number;
  /** How many times larger than its compressed size an entry may unpack to; PDFs are compressed already. */
  ratio: number;
}

export const ARCHIVE_LIMITS: ArchiveLimits = { bytes: 2 * 1024 * MB, entries: 20_000, entryBytes: 50 * MB, ratio: 100 };

/** Entries smaller than this are not held to the ratio: a small file of text may compress very well. */
const RATIO_FROM_BYTES = MB;

/** The ZIP of PDFs of a spreadsheet import, its entries named by the file name (any folder inside is ignored). */
export class PdfArchive {
  private readonly asked = new Set<string>();

  private constructor(
    readonly name: string,
    private readonly zip: ZipReader,
    private readonly byName: Map<string, ZipEntry>,
    private readonly limits: ArchiveLimits,
  ) {}

  static async open(file: string, limits: ArchiveLimits = ARCHIVE_LIMITS): Promise<PdfArchive> {
    const name = path.basename(file);
    const stat = await fs.promises.stat(file).catch(() => {
      throw new ImportRefused(`There is no file at ${file}`);
    });
    if (stat.size > limits.bytes)
      throw new ImportRefused(
        `${name} (${sizeText(stat.size)}) is larger than ${sizeText(limits.bytes)}, the most a ZIP of PDFs may be: ` +
          'import the journal in parts, a few issues (their rows and their PDFs) at a time.',
      );
    const zip = await ZipReader.open(file).catch((error: unknown) => {
      throw error instanceof ZipError ? new ImportRefused(`${name} is not a ZIP file: ${error.message}`) : error;
    });
    try {
      return new PdfArchive(name, zip, indexEntries(name, zip.entries, limits), limits);
    } catch (error) {
      await zip.close();
      throw error;
    }
  }

  /** The PDF of this name, read (and checked against its size and checksum) only when the import asks for it. */
  file(fileName: string): ImportedFile | null {
    const entry = this.byName.get(fileName.toLowerCase());
    if (!entry) return null;
    this.asked.add(entry.name);
    return { name: fileName, read: () => this.zip.read(entry, this.limits.entryBytes) };
  }

  /** Entries no row asked for: the plan reports them, so that a misnamed PDF is noticed. */
  unasked(): string[] {
    return [...this.byName.values()].map((entry) => entry.name).filter((name) => !this.asked.has(name));
  }

  close(): Promise<void> {
    return this.zip.close();
  }
}

/** The files of the ZIP by their name in lower case, after every limit is checked on its directory. */
function indexEntries(name: string, entries: readonly ZipEntry[], limits: ArchiveLimits): Map<string, ZipEntry> {
  const files = entries.filter((entry) => !entry.name.endsWith('/'));
  if (files.length > limits.entries)
    throw new ImportRefused(`${name} holds ${files.length} files: a ZIP of PDFs may hold at most ${limits.entries}`);
  const byName = new Map<string, ZipEntry>();
  for (const entry of files) {
    refuseOversized(name, entry, limits);
    const key = path.posix.basename(entry.name).toLowerCase();
    const other = byName.get(key);
    if (other) throw new ImportRefused(`${name} holds two files named ${key}: ${other.name} and ${entry.name}`);
    byName.set(key, entry);
  }
  return byName;
}

function refuseOversized(name: string, entry: ZipEntry, limits: ArchiveLimits): void {
  if (entry.size > limits.entryBytes)
    throw new ImportRefused(
      `${name}: ${entry.name} unpacks to ${sizeText(entry.size)}, more than the ${sizeText(limits.entryBytes)} a PDF may be`,
    );
  const ratio = entry.size / Math.max(1, entry.source.compressedSize);
  if (entry.size >= RATIO_FROM_BYTES && ratio > limits.ratio)
    throw new ImportRefused(
      `${name}: ${entry.name} unpacks to ${Math.round(ratio)} times its compressed size (at most ${limits.ratio} ` +
        'for a PDF): the ZIP looks like a decompression bomb and is refused',
    );
}

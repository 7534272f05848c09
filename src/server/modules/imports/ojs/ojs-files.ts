import { readFile, stat } from 'node:fs/promises';
import type { ImportedFile } from '../import-plan.js';
import { readEmbedded, type EmbeddedText } from './ojs-embeds.js';

/** The bounds of a galley read from a path or a download: far above a journal PDF, far below what harms the server. */
export const MAX_GALLEY_BYTES = 64 * 1_048_576;
export const DOWNLOAD_TIMEOUT_MS = 60_000;

export interface FileLimits {
  maxBytes: number;
  downloadTimeoutMs: number;
}

/**
 * A PDF read only when the import writes it. Whatever its source, a read that fails rejects with a message naming the
 * file and the cause (the import reports it against the article); bytes that are not a PDF's, such as the login page
 * an OJS server answers for a protected file, are refused here with that reason.
 */
function pdfFile(name: string, where: string, load: () => Promise<Buffer>): ImportedFile {
  return {
    name,
    async read() {
      const bytes = await load();
      if (!bytes.subarray(0, 1024).includes('%PDF-')) throw new Error(`The file ${name} ${where} is not a PDF.`);
      return bytes;
    },
  };
}

/** A PDF embedded in the export as base64 (OJS's default), decoded from the export's file when read. */
export function embeddedPdf(name: string, text: EmbeddedText, limits: FileLimits): ImportedFile {
  const where = 'embedded in the export';
  return pdfFile(name, where, async () => {
    const bytes = await readEmbedded(text, limits.maxBytes);
    if (bytes === 'invalid') throw new Error(`The file ${name} ${where} is not valid base64.`);
    if (bytes === 'too large') throw new Error(tooLarge(name, where, undefined, limits));
    return bytes;
  });
}

/** A PDF on this machine's disk, named by an export made with OJS's "no-embed" option. */
export function localPdf(name: string, filePath: string, limits: FileLimits): ImportedFile {
  const where = `at ${filePath}`;
  return pdfFile(name, where, async () => {
    const size = await sizeOf(filePath, name);
    if (size > limits.maxBytes) throw new Error(tooLarge(name, where, size, limits));
    return readFile(filePath);
  });
}

async function sizeOf(filePath: string, name: string): Promise<number> {
  try {
    return (await stat(filePath)).size;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(
      code === 'ENOENT'
        ? `The file ${name} was not found at ${filePath}.`
        : `The file ${name} could not be read at ${filePath}: ${(error as Error).message}`,
    );
  }
}

/** A PDF named by its address (an export made with OJS's "use-file-urls" option), downloaded when read. */
export function downloadedPdf(name: string, url: string, limits: FileLimits): ImportedFile {
  const where = `from ${url}`;
  return pdfFile(name, where, async () => {
    try {
      return await download(url, name, where, limits);
    } catch (error) {
      if (error instanceof DownloadRefused) throw error;
      throw new Error(`The file ${name} could not be downloaded ${where}: ${failureReason(error, limits)}.`);
    }
  });
}

/** A download stopped by a rule of ours, whose message is already the one to show. */
class DownloadRefused extends Error {}

async function download(url: string, name: string, where: string, limits: FileLimits): Promise<Buffer> {
  const response = await fetch(url, { signal: AbortSignal.timeout(limits.downloadTimeoutMs) });
  if (!response.ok) {
    await response.body?.cancel();
    throw new DownloadRefused(
      `The file ${name} could not be downloaded ${where}: the server answered ${response.status}.`,
    );
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > limits.maxBytes) {
    await response.body?.cancel();
    throw new DownloadRefused(tooLarge(name, where, declared, limits));
  }
  return readBody(response, limits, () => new DownloadRefused(tooLarge(name, where, undefined, limits)));
}

/** The body, stopped as soon as it passes the limit: a server need not declare its length, or may declare it wrong. */
async function readBody(response: Response, limits: FileLimits, refusal: () => Error): Promise<Buffer> {
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) {
    received += part.value.byteLength;
    if (received > limits.maxBytes) {
      await reader?.cancel();
      throw refusal();
    }
    chunks.push(part.value);
  }
  return Buffer.concat(chunks);
}

function failureReason(error: unknown, limits: FileLimits): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    return `no complete answer within ${limits.downloadTimeoutMs / 1000} s`;
  }
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

const tooLarge = (name: string, where: string, size: number | undefined, limits: FileLimits) =>
  `The file ${name} ${where} is ${size === undefined ? 'larger than' : `${sizeText(size)}, over`} ` +
  `the ${sizeText(limits.maxBytes)} an import reads.`;

const sizeText = (bytes: number) => (bytes >= 1_048_576 ? `${Math.ceil(bytes / 1_048_576)} MB` : `${bytes} bytes`);

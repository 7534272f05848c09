import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import {
  IMPORT_UPLOAD_FIELDS,
  IMPORT_UPLOADS,
  importFormSchema,
  uploadTooLargeMessage,
  type ImportUploadField,
} from '../../../common/schemas/imports.js';
import { badRequest, HttpError, parseInput } from '../../http/errors.js';
import { faultError } from '../../http/fault-errors.js';
import { MALFORMED_FORM_MESSAGE } from '../../http/multipart.js';
import { refuseBadInput } from '../../http/text-guard.js';
import { makeTemporaryFolder } from '../../storage/temporary-folders.js';
import type { ImportSource } from './import-sources.js';

/**
 * The most each file of an import form may be, read when a form arrives: the tests lower them to try the refusal
 * without sending gigabytes.
 */
export const importUploadLimits: Record<ImportUploadField, number> = {
  spreadsheet: IMPORT_UPLOADS.spreadsheet.limit,
  pdfs: IMPORT_UPLOADS.pdfs.limit,
  xml: IMPORT_UPLOADS.xml.limit,
};

/** An import form whose files were written to a temporary folder of their own. */
export interface ImportUpload {
  source: ImportSource;
  /** Removes the folder and the files in it. */
  remove(): Promise<void>;
}

const FORM_LIMITS = { files: IMPORT_UPLOAD_FIELDS.length, fields: 4, parts: 8, fieldSize: 10_000 };

/** @fastify/multipart's refusals of a form's shape, as the site words them. */
const FORM_ERRORS: Record<string, HttpError> = {
  FST_FILES_LIMIT: new HttpError(413, 'too_many_files', 'Send one file of each kind at most.'),
  FST_FIELDS_LIMIT: new HttpError(413, 'too_many_fields', 'The form has too many fields.'),
  FST_PARTS_LIMIT: new HttpError(413, 'too_many_fields', 'The form has too many fields.'),
  FST_PROTO_VIOLATION: badRequest('A form field has a forbidden name.'),
};

/**
 * Reads an import form (decision 102), streaming each file to a temporary folder so that a 2 GB ZIP is never held in
 * memory, and resolves to the source it names. A file over its limit is read to its end but not kept, so that the
 * browser, still sending, hears the 413 and its message; a form that cannot be read whole is a 400.
 */
export async function receiveImportUpload(request: FastifyRequest): Promise<ImportUpload> {
  if (!request.isMultipart()) throw badRequest('Send the form as multipart/form-data.');
  const dir = await makeTemporaryFolder('journal-import-');
  const remove = () => fs.promises.rm(dir, { recursive: true, force: true });
  try {
    const { fields, files } = await readForm(request, dir);
    return { source: sourceOf(fields, files), remove };
  } catch (error) {
    await remove();
    throw formError(error);
  }
}

type UploadedFiles = Partial<Record<ImportUploadField, string>>;

async function readForm(request: FastifyRequest, dir: string) {
  const limits = { ...importUploadLimits };
  const fields: Record<string, string> = {};
  const files: UploadedFiles = {};
  let tooLarge: HttpError | null = null;
  // Busboy's own limit only backs up each file's, which the loop checks with its own message (throwFileSizeLimit is
  // read by @fastify/multipart though its type leaves it out).
  const options = {
    limits: { ...FORM_LIMITS, fileSize: Math.max(...Object.values(limits)) + 1 },
    throwFileSizeLimit: false,
  };
  for await (const part of request.parts(options)) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      refuseBadInput({ [part.fieldname]: fields[part.fieldname] }, part.fieldname);
      continue;
    }
    const field = part.fieldname as ImportUploadField;
    if (!IMPORT_UPLOAD_FIELDS.includes(field)) throw badRequest(`Unexpected file field ${part.fieldname}.`);
    const folder = path.join(dir, field);
    if (fs.existsSync(folder)) throw badRequest(`Send one ${field} file only.`);
    await fs.promises.mkdir(folder);
    const file = path.join(folder, safeFileName(part.filename, field));
    const size = await writeAtMost(part.file, file, limits[field]);
    if (size > limits[field])
      tooLarge ??= new HttpError(413, 'file_too_large', uploadTooLargeMessage(field, limits[field]));
    // An empty file input is sent as a file of no bytes: no file.
    else if (size > 0) files[field] = file;
  }
  if (tooLarge) throw tooLarge;
  return { fields, files };
}

/** Writes the stream to `file` while it fits in `limit`, then reads the rest unkept; resolves to the whole size. */
async function writeAtMost(stream: NodeJS.ReadableStream, file: string, limit: number): Promise<number> {
  let size = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(null, size > limit ? undefined : chunk);
    },
  });
  await pipeline(stream, counted, fs.createWriteStream(file));
  if (size > limit) await fs.promises.rm(file, { force: true });
  return size;
}

/**
 * The file's own name, as the import's messages and the activity log name it ("Imported from articles.xlsx"), with
 * anything but letters, digits and plain punctuation replaced; each file has a folder of its own.
 */
function safeFileName(filename: string, fallback: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const safe = base
    .replace(/[^\p{L}\p{N} ._()+-]/gu, '_')
    .replace(/^[.\s]+/, '')
    .slice(-120);
  return safe || fallback;
}

const MISSING_FILE: Record<'spreadsheet' | 'ojs', string> = {
  spreadsheet: 'Choose the spreadsheet (.xlsx or .csv) to import.',
  ojs: 'Choose the Open Journal Systems Native XML file to import.',
};

function sourceOf(fields: Record<string, string>, files: UploadedFiles): ImportSource {
  const form = parseInput(importFormSchema, fields);
  if (form.source === 'site') return { kind: 'site', url: form.url };
  if (form.source === 'ojs') {
    if (!files.xml) throw badRequest(MISSING_FILE.ojs);
    // An upload stands alone: files it names by path or address are not read.
    return { kind: 'ojs', file: files.xml, allowHrefs: false };
  }
  if (!files.spreadsheet) throw badRequest(MISSING_FILE.spreadsheet);
  return { kind: 'spreadsheet', spreadsheet: files.spreadsheet, pdfs: files.pdfs ?? null };
}

/** Reading writes nothing but the temporary folder: a form cut short is the form's fault, a full disk is not. */
function formError(error: unknown): unknown {
  if (error instanceof HttpError || faultError(error)) return error;
  const code = (error as { code?: string }).code;
  return (code && FORM_ERRORS[code]) || badRequest(MALFORMED_FORM_MESSAGE);
}

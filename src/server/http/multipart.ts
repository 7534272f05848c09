import type { FastifyRequest } from 'fastify';
import { FILE_SIZE_MESSAGE } from '../../common/constants.js';
import { badRequest, HttpError } from './errors.js';
import { refuseBadInput } from './text-guard.js';
import type { UploadedFile } from '../storage/file-store.js';

// Services name the file a form sent by this module's word for it; its shape is the storage floor's.
export type { UploadedFile };

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
}

export const MALFORMED_FORM_MESSAGE = 'The form could not be read: it is incomplete or malformed. Send it again.';

/** Limits and refusals of @fastify/multipart, as the answers the site gives. */
const FORM_ERRORS: Record<string, HttpError> = {
  FST_REQ_FILE_TOO_LARGE: new HttpError(413, 'file_too_large', FILE_SIZE_MESSAGE),
  FST_FILES_LIMIT: new HttpError(413, 'too_many_files', 'Only one file can be uploaded at a time.'),
  FST_FIELDS_LIMIT: new HttpError(413, 'too_many_fields', 'The form has too many fields.'),
  FST_PARTS_LIMIT: new HttpError(413, 'too_many_fields', 'The form has too many fields.'),
  FST_PROTO_VIOLATION: badRequest('A form field has a forbidden name.'),
};

/**
 * An error met while reading a form. Reading writes nothing, so whatever stops it short (no boundary, a body
 * that ends inside a part, a part busboy cannot parse) is the form's fault: a 400, never a 500.
 */
function formError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  return (code && FORM_ERRORS[code]) || badRequest(MALFORMED_FORM_MESSAGE);
}

/**
 * Reads a multipart form whose files are small enough (MAX_UPLOAD_BYTES) to hold in memory, so
 * they can be checked before anything is written. Only the named file fields are accepted; an
 * empty file input counts as no file.
 */
export async function readMultipart(request: FastifyRequest, fileFields: readonly string[]): Promise<MultipartForm> {
  if (!request.isMultipart()) throw badRequest('Send the form as multipart/form-data.');
  const form: MultipartForm = { fields: {}, files: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        form.fields[part.fieldname] = String(part.value);
        refuseBadInput({ [part.fieldname]: form.fields[part.fieldname] }, part.fieldname);
        continue;
      }
      if (!fileFields.includes(part.fieldname)) throw badRequest(`Unexpected file field ${part.fieldname}.`);
      const data = await part.toBuffer();
      if (data.length > 0) form.files[part.fieldname] = { filename: part.filename, data };
    }
  } catch (error) {
    throw formError(error);
  }
  return form;
}

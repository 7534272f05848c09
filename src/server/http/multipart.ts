import type { FastifyRequest } from 'fastify';
import { FILE_SIZE_MESSAGE } from '../../common/constants.js';
import { badRequest, HttpError } from './errors.js';
import { refuseNul } from './text-guard.js';

export interface UploadedFile {
  filename: string;
  data: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
}

const LIMIT_ERRORS: Record<string, HttpError> = {
  FST_REQ_FILE_TOO_LARGE: new HttpError(413, 'file_too_large', FILE_SIZE_MESSAGE),
  FST_FILES_LIMIT: new HttpError(413, 'too_many_files', 'Only one file can be uploaded at a time.'),
  FST_FIELDS_LIMIT: new HttpError(413, 'too_many_fields', 'The form has too many fields.'),
  FST_PARTS_LIMIT: new HttpError(413, 'too_many_fields', 'The form has too many fields.'),
  FST_PROTO_VIOLATION: badRequest('A form field has a forbidden name.'),
};

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
        refuseNul({ [part.fieldname]: form.fields[part.fieldname] }, part.fieldname);
        continue;
      }
      if (!fileFields.includes(part.fieldname)) throw badRequest(`Unexpected file field ${part.fieldname}.`);
      const data = await part.toBuffer();
      if (data.length > 0) form.files[part.fieldname] = { filename: part.filename, data };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw (code && LIMIT_ERRORS[code]) || error;
  }
  return form;
}

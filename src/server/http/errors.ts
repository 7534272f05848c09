import type { z } from 'zod';

/** An error with an HTTP status and a machine-readable code; the error handler answers it as JSON. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'invalid_input') => new HttpError(400, code, message);
export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);

/**
 * The first problem of a failed parse as a 400 naming the field, with the error code `fieldCodes` gives
 * for that field (the spec names some, e.g. invalid_pagenumber).
 */
export function inputError(error: z.ZodError, fieldCodes: Record<string, string> = {}): HttpError {
  const issue = error.issues[0]!;
  const field = issue.path.join('.');
  return badRequest(field ? `${field}: ${issue.message}` : issue.message, fieldCodes[field]);
}

/** Parses input with a shared Zod schema; a refusal is thrown as inputError describes it. */
export function parseInput<T extends z.ZodType>(
  schema: T,
  input: unknown,
  fieldCodes: Record<string, string> = {},
): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw inputError(result.error, fieldCodes);
}

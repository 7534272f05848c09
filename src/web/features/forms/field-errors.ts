import type { z } from 'zod';
import { GENERIC_ERROR_MESSAGE } from '../../../common/schemas/auth.js';
import type { ApiFailure } from '../../lib/api-client.js';

/** The problems of a form: one message per field, and what belongs to no field. */
export interface FormProblems {
  fields: Record<string, string>;
  form: string;
}

export const NO_PROBLEMS: FormProblems = { fields: {}, form: '' };

export const hasProblems = (problems: FormProblems) => problems.form !== '' || Object.keys(problems.fields).length > 0;

/** Every field's first problem from the shared schema's check, so the form shows them all at once. */
export function schemaProblems(error: z.ZodError): FormProblems {
  const fields: Record<string, string> = {};
  let form = '';
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!field) form ||= issue.message;
    else fields[field] ??= issue.message;
  }
  return { fields, form };
}

/** How the server's refusals of one form read: error codes that name a field, and the message for each. */
export interface RefusalMap {
  /** error code -> field it concerns (duplicate_reference_number -> refnumber). */
  codeFields?: Record<string, string>;
  /** error code -> the message to show (specification: Error catalogue); otherwise the server's own message. */
  messages?: Record<string, string>;
}

/**
 * A refusal put where it belongs. The server explains bad input as '<field>: <reason>' (errors.ts): a field
 * of this form gets the reason beside it. Any other 4xx reason is shown as the server gave it (not a PDF,
 * too large, duplicate, locked out); only unexpected failures read 'Something went wrong'.
 */
export function refusalProblems(
  failure: ApiFailure,
  fieldNames: readonly string[],
  map: RefusalMap = {},
): FormProblems {
  const message = map.messages?.[failure.error] ?? failure.message;
  const codeField = map.codeFields?.[failure.error];
  if (codeField) return { fields: { [codeField]: message }, form: '' };
  const named = /^([A-Za-z_][\w.]*): (.+)$/s.exec(failure.message);
  const field = named?.[1]?.split('.')[0];
  if (named && field && fieldNames.includes(field))
    return { fields: { [field]: map.messages?.[failure.error] ?? named[2]! }, form: '' };
  const explained = failure.status >= 400 && failure.status < 500 && failure.status !== 401;
  return { fields: {}, form: map.messages?.[failure.error] ?? (explained ? failure.message : GENERIC_ERROR_MESSAGE) };
}

/** Why a call outside a form (a switch, a button) was refused: the server's clear reason, or 'Something went wrong'. */
export const refusalMessage = (failure: ApiFailure) => refusalProblems(failure, []).form;

/** Above a long form whose marked fields may be out of sight. */
export const CHECK_FIELDS_MESSAGE = 'Please correct the marked fields.';

/** Moves the focus to the first marked field of `form` once React has drawn the problems. */
export function focusFirstProblem(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

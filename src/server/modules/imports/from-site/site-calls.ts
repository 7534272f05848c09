import type { z } from '../../../../common/schemas/zod-config.js';
import type { SiteClient } from './site-client.js';

/** The largest JSON answer read: far above an issue's list or a board, far below what harms the server. */
export const MAX_JSON_BYTES = 32 * 1_048_576;

/** A call's answer as the reader wants it, or why it is not that: "404 Not Found", "a page that is not JSON (text/html)". */
export type Called<T> = { ok: true; value: T } | { ok: false; status: number; why: string };

/**
 * GET `path` read as JSON of the shape `schema` describes. Rejects with SiteCallFailed when the site does not answer
 * (after the client's retries); any answer that is not such JSON comes back as not ok, for the caller to judge.
 */
export async function callJson<T>(
  client: SiteClient,
  path: string,
  schema: z.ZodType<T>,
  shape: string,
): Promise<Called<T>> {
  const answer = await client.get(path, MAX_JSON_BYTES);
  if (answer.status !== 200) {
    return { ok: false, status: answer.status, why: `${answer.status} ${answer.statusText}`.trim() };
  }
  let json: unknown;
  try {
    json = JSON.parse(answer.body.toString('utf8'));
  } catch {
    return { ok: false, status: 200, why: `a page that is not JSON (${answer.contentType || 'no content type'})` };
  }
  const parsed = schema.safeParse(json);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, status: 200, why: `JSON that is not ${shape}` };
}

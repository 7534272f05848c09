import { getSession } from './session.js';

/**
 * The browser's one way to call the server. Every call (public reads, sign-in, admin and work-log calls,
 * streamed exports) goes through `send`: it adds the stored bearer token, encodes the body and turns
 * every outcome into an ApiResult, so callers never see an exception. What a 401 means is the calling
 * area's rule, given as `onUnauthorized`: the admin area ends the session (specification: States and
 * transitions); the work-log area has its own (specification: Work-log area).
 */

/**
 * A failed call: {error:'unauthorized', status:401} on a 401 (specification: Error catalogue); status 0 when nothing
 * was answered.
 */
export interface ApiFailure {
  ok: false;
  error: string;
  message: string;
  status: number;
}

export type ApiResult<T> = { ok: true; data: T; status: number } | ApiFailure;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  /** False for calls that must not carry the stored login: public reads (cacheable) and the sign-in itself. */
  withToken?: boolean;
  /** The calling area's rule for a 401, run before the failure is returned. */
  onUnauthorized?: () => void;
}

export interface DownloadOptions extends ApiRequestOptions {
  /** The file name when the answer names none. */
  fallbackName: string;
  /** Called with the number of bytes received so far, after every chunk. */
  onProgress?: (received: number) => void;
  /** Called with every chunk as it arrives, for an answer read while it streams (the import's progress lines). */
  onChunk?: (chunk: Uint8Array) => void;
}

export interface Download {
  blob: Blob;
  filename: string;
}

/** The file name of a Content-Disposition header, or the fallback. */
export function filenameOf(disposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

async function send(url: string, options: ApiRequestOptions): Promise<Response | ApiFailure> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = options.withToken === false ? undefined : getSession()?.token;
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  try {
    return await fetch(url, { method: options.method ?? 'GET', headers, body, signal: options.signal });
  } catch (error) {
    return transportFailure(error);
  }
}

function transportFailure(error: unknown): ApiFailure {
  console.error(error);
  const message = (error as Error).name === 'AbortError' ? 'Request aborted' : 'Network Error';
  return { ok: false, error: message, message, status: 0 };
}

/** A refused call as the server explained it; a 401 runs the area's rule. */
function refusal(
  response: Response,
  payload: { error?: string; message?: string } | null,
  options: ApiRequestOptions,
): ApiFailure {
  if (response.status === 401) options.onUnauthorized?.();
  return {
    ok: false,
    error: payload?.error ?? (response.status === 401 ? 'unauthorized' : 'request_failed'),
    message: payload?.message ?? `Request failed with status code ${response.status}`,
    status: response.status,
  };
}

const jsonOf = (response: Response) =>
  response.json().catch(() => null) as Promise<{ error?: string; message?: string } | null>;

/** A JSON call. */
export async function apiRequest<T>(url: string, options: ApiRequestOptions = {}): Promise<ApiResult<T>> {
  const response = await send(url, options);
  if (!(response instanceof Response)) return response;
  try {
    const payload = await jsonOf(response);
    if (!response.ok) return refusal(response, payload, options);
    return { ok: true, data: payload as T, status: response.status };
  } catch (error) {
    return transportFailure(error);
  }
}

/**
 * A file (PDF or zip), read chunk by chunk so that a long zip shows its progress: the server streams it
 * without a length, so progress is bytes received.
 */
export async function apiDownload(url: string, options: DownloadOptions): Promise<ApiResult<Download>> {
  const response = await send(url, options);
  if (!(response instanceof Response)) return response;
  try {
    if (!response.ok || !response.body) return refusal(response, await jsonOf(response), options);
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let received = 0;
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      chunks.push(part.value);
      options.onChunk?.(part.value);
      received += part.value.byteLength;
      options.onProgress?.(received);
    }
    const blob = new Blob(chunks as BlobPart[], {
      type: response.headers.get('content-type') ?? 'application/octet-stream',
    });
    return {
      ok: true,
      data: { blob, filename: filenameOf(response.headers.get('content-disposition'), options.fallbackName) },
      status: response.status,
    };
  } catch (error) {
    return transportFailure(error);
  }
}

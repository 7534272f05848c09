import { getSession } from './session.js';

/** The outcome of an authorised call: data, or an error (spec §8: {error:'unauthorized', status:401} on 401). */
export type ApiResult<T> = { ok: true; data: T; status: number } | { ok: false; error: string; message: string; status: number };

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  signal?: AbortSignal;
}

/** Calls the API with the stored bearer token. Never throws: failures come back as an error result. */
export async function apiRequest<T>(url: string, options: ApiRequestOptions = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getSession()?.token;
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  try {
    const response = await fetch(url, { method: options.method ?? 'GET', headers, body, signal: options.signal });
    const payload = (await response.json().catch(() => null)) as (T & { error?: string; message?: string }) | null;
    if (response.status === 401) return { ok: false, error: 'unauthorized', message: payload?.message ?? 'unauthorized', status: 401 };
    if (!response.ok) {
      return {
        ok: false,
        error: payload?.error ?? 'request_failed',
        message: payload?.message ?? `Request failed with status code ${response.status}`,
        status: response.status,
      };
    }
    return { ok: true, data: payload as T, status: response.status };
  } catch (error) {
    const message = (error as Error).name === 'AbortError' ? 'Request aborted' : 'Network Error';
    console.error(error);
    return { ok: false, error: message, message, status: 0 };
  }
}

import type { IndexingEntry } from '../../common/schemas/indexing.js';
import type { PublicSettings } from '../../common/schemas/settings.js';

/**
 * The reads behind public pages. In the browser they are HTTP calls; during server rendering the
 * server passes an implementation that calls its services directly (see src/server/render).
 */
export interface PublicApi {
  settings(): Promise<PublicSettings>;
  indexing(): Promise<IndexingEntry[]>;
}

export class ApiError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

export async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new ApiError(response.status, `Request failed with status code ${response.status}`);
  return (await response.json()) as T;
}

export const httpApi: PublicApi = {
  settings: () => getJson('/api/settings/'),
  indexing: () => getJson('/api/indexing/'),
};

/** Loaders receive the server's implementation as their context; in the browser there is none. */
export function apiFrom(context: unknown): PublicApi {
  return (context as { api?: PublicApi } | undefined)?.api ?? httpApi;
}

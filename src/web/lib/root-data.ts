import { useRouteLoaderData } from 'react-router';
import type { IndexingEntry } from '../../common/schemas/indexing.js';
import type { PublicSettings } from '../../common/schemas/settings.js';
import type { SitePictures } from '../../common/schemas/site-pictures.js';
import { apiFrom } from './public-api.js';

export interface RootData {
  settings: PublicSettings;
  indexing: IndexingEntry[];
  pictures: SitePictures;
  /** The site's scheme and host, for the absolute addresses metadata names (the server renders with the public one). */
  origin: string;
}

export async function rootLoader({ request, context }: { request: Request; context?: unknown }): Promise<RootData> {
  const api = apiFrom(context);
  const [settings, indexing, pictures] = await Promise.all([api.settings(), api.indexing(), api.sitePictures()]);
  return { settings, indexing, pictures, origin: originFrom(request, context) };
}

/** The server renders with the public origin it gives every address; the browser has its page's own. */
const originFrom = (request: Request, context: unknown) =>
  (context as { origin?: string } | undefined)?.origin ?? new URL(request.url).origin;

/** Settings, indexing entries, site pictures and the origin, loaded once by the public layout. */
export function useRootData(): RootData {
  const data = useRouteLoaderData<typeof rootLoader>('root');
  if (!data) throw new Error('useRootData outside the public layout');
  return data;
}

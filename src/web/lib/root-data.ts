import { useRouteLoaderData } from 'react-router';
import type { IndexingEntry } from '../../common/schemas/indexing.js';
import type { PublicSettings } from '../../common/schemas/settings.js';
import type { SitePictures } from '../../common/schemas/site-pictures.js';
import { memoByObject, type DeepReadonly } from './memo-by-object.js';
import { apiFrom } from './public-api.js';

export type RootData = DeepReadonly<{
  settings: PublicSettings;
  indexing: IndexingEntry[];
  pictures: SitePictures;
}>;

export async function rootLoader({ context }: { context?: unknown }): Promise<RootData> {
  const api = apiFrom(context);
  const [settings, indexing, pictures] = await Promise.all([api.settings(), api.indexing(), api.sitePictures()]);
  return rootData(settings, indexing, pictures);
}

/**
 * The server hands out settings, indexing entries and site pictures as the same objects until the next
 * write; the root data is then the same object too, so that its hydration JSON is written once (entry-server.tsx).
 */
const rootData = memoByObject(
  (settings: PublicSettings, indexing: IndexingEntry[], pictures: SitePictures): RootData => ({
    settings,
    indexing,
    pictures,
  }),
);

/** Settings, indexing entries and site pictures loaded once by the public layout. */
export function useRootData(): RootData {
  const data = useRouteLoaderData<typeof rootLoader>('root');
  if (!data) throw new Error('useRootData outside the public layout');
  return data;
}

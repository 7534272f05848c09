import { useRouteLoaderData } from 'react-router';
import type { IndexingEntry } from '../../common/schemas/indexing.js';
import type { PublicSettings } from '../../common/schemas/settings.js';
import type { SitePictures } from '../../common/schemas/site-pictures.js';
import { apiFrom } from './public-api.js';

export interface RootData {
  settings: PublicSettings;
  indexing: IndexingEntry[];
  pictures: SitePictures;
}

export async function rootLoader({ context }: { context?: unknown }): Promise<RootData> {
  const api = apiFrom(context);
  const [settings, indexing, pictures] = await Promise.all([api.settings(), api.indexing(), api.sitePictures()]);
  return { settings, indexing, pictures };
}

/** Settings, indexing entries and site pictures loaded once by the public layout. */
export function useRootData(): RootData {
  const data = useRouteLoaderData<typeof rootLoader>('root');
  if (!data) throw new Error('useRootData outside the public layout');
  return data;
}

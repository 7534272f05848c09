import { useRouteLoaderData } from 'react-router';
import type { IndexingEntry } from '../../common/schemas/indexing.js';
import type { PublicSettings } from '../../common/schemas/settings.js';
import { apiFrom } from './public-api.js';

export interface RootData {
  settings: PublicSettings;
  indexing: IndexingEntry[];
}

export async function rootLoader({ context }: { context?: unknown }): Promise<RootData> {
  const api = apiFrom(context);
  const [settings, indexing] = await Promise.all([api.settings(), api.indexing()]);
  return { settings, indexing };
}

/** Settings and indexing entries loaded once by the public layout. */
export function useRootData(): RootData {
  const data = useRouteLoaderData('root') as RootData | undefined;
  if (!data) throw new Error('useRootData outside the public layout');
  return data;
}

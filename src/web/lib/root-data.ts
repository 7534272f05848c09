import { useRouteLoaderData } from 'react-router';
import type { IndexingEntry } from '../../common/schemas/indexing.js';
import type { PublicSettings } from '../../common/schemas/settings.js';
import { memoByObject, type DeepReadonly } from './memo-by-object.js';
import { apiFrom } from './public-api.js';

export type RootData = DeepReadonly<{
  settings: PublicSettings;
  indexing: IndexingEntry[];
}>;

export async function rootLoader({ context }: { context?: unknown }): Promise<RootData> {
  const api = apiFrom(context);
  const [settings, indexing] = await Promise.all([api.settings(), api.indexing()]);
  return rootData(settings, indexing);
}

/**
 * The server hands out settings and indexing entries as the same objects until the next write; the
 * root data is then the same object too, so that its hydration JSON is written once (entry-server.tsx).
 */
const rootData = memoByObject((settings: PublicSettings, indexing: IndexingEntry[]): RootData => ({ settings, indexing }));

/** Settings and indexing entries loaded once by the public layout. */
export function useRootData(): RootData {
  const data = useRouteLoaderData<typeof rootLoader>('root');
  if (!data) throw new Error('useRootData outside the public layout');
  return data;
}

import type { PublicApi } from '../../web/lib/public-api.js';
import type { Services } from '../app-context.js';

/** The public reads of server rendering, answered by the services without an HTTP round trip. */
export function serverApi(services: Services): PublicApi {
  return {
    settings: () => services.settings.getPublic(),
    indexing: () => services.indexing.listPublic(),
  };
}

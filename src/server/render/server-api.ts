import type { PublicApi } from '../../web/lib/public-api.js';
import type { PublicServices } from '../public-services.js';

/** The public reads of server rendering, answered by the services without an HTTP round trip. */
export function serverApi(services: PublicServices): PublicApi {
  return {
    settings: () => services.settings.getPublic(),
    indexing: () => services.indexing.listPublic(),
    editors: () => services.editors.listPublic(),
    yearGroups: () => services.archives.yearGroups(),
    issueArticles: (year, volume, issue) => services.archives.issueArticles(year, volume, issue),
    articleByRef: (refnumber) => services.archives.publicArticleByRef(refnumber),
    search: (keyword, page) => services.search.search(keyword, page),
    contentPage: (slug) => services.contentPages.get(slug),
    sitePictures: () => services.sitePictures.get(),
  };
}

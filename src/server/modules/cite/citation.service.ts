import { CITE_FORMATS, cslItem, type CiteFormat, type CslItem } from '../../../common/citation-exports.js';
import { titleMarkup } from '../../../common/citation.js';
import type { FormattedReference, PublicArticle } from '../../../common/schemas/archives.js';
import { SharedMemo, UntilNextWriteByKey } from '../../cache/until-next-write.js';
import type { WriteClock } from '../../cache/write-clock.js';
import type { ArchivesService } from '../archives/archives.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { jatsArticle } from './jats-xml.js';

/**
 * Formats an article's reference in every style of the Cite box, loading citeproc-js and the styles (about 30 MB) on
 * first use: only the thread that answers the references API ever holds them, never a render thread.
 */
const formatReferences = async (item: CslItem): Promise<FormattedReference[]> =>
  (await import('./reference-styles.js')).formatReferences(item);

/**
 * Articles whose formatted references a thread remembers, for all its journals together (decision 104): the most read
 * ones, a few milliseconds of work each.
 */
const rememberedReferences = new SharedMemo<FormattedReference[] | null>(1_000);

/** A published article for reference managers (decision 040) and as formatted references (decision 041). */
export class CitationService {
  private readonly references: UntilNextWriteByKey<string, FormattedReference[] | null>;

  constructor(
    private readonly archives: ArchivesService,
    private readonly settings: SettingsService,
    clock: WriteClock,
  ) {
    this.references = new UntilNextWriteByKey(clock, rememberedReferences);
  }

  /** The reference in APA, MLA, Chicago and Vancouver style; null when no such article is published. */
  formattedReferences(refnumber: string, origin: string): Promise<FormattedReference[] | null> {
    return this.references.get(`${origin} ${refnumber}`, async () => {
      const article = await this.archives.publicArticleByRef(refnumber);
      if (!article) return null;
      const item = await this.item(article, origin);
      return formatReferences({ ...item, title: titleMarkup(article.title) });
    });
  }

  /** The article as a BibTeX, RIS or CSL-JSON file (its type is CITE_FORMATS'); null when no such article is published. */
  async exportFile(refnumber: string, format: CiteFormat, origin: string): Promise<string | null> {
    const article = await this.archives.publicArticleByRef(refnumber);
    if (!article) return null;
    return CITE_FORMATS[format].write(await this.item(article, origin));
  }

  /** The article's front matter as JATS XML; null when no such article is published. */
  async jatsFile(refnumber: string, origin: string): Promise<string | null> {
    const article = await this.archives.publicArticleByRef(refnumber);
    if (!article) return null;
    return jatsArticle(article, await this.settings.getPublic(), origin);
  }

  private async item(article: PublicArticle, origin: string) {
    return cslItem(article, await this.settings.getPublic(), origin);
  }
}

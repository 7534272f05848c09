import { firstLanguage } from '../../../common/citation-exports.js';
import { languageCode } from '../../../common/language-codes.js';
import type { IssuePath } from '../../../common/schemas/issue.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { JournalDb } from '../../db/database.js';
import { HttpError, notFound } from '../../http/errors.js';
import { listDepositArticles, withAuthors } from '../crossref/crossref.repository.js';
import { findIssue } from '../issues/issues.repository.js';
import { DOAJ_URL_FORM, doajArticles } from './doaj-xml.js';

/**
 * 'English' or 'en' -> 'eng', 'French' -> 'fre': the ISO 639-2/B code DOAJ's schema takes, of the journal's first
 * language (the article has no language of its own); '' when it names no language. The code list is loaded on first
 * use (decision 109).
 */
async function bibliographicCode(languages: string): Promise<string> {
  const code = languageCode(firstLanguage(languages));
  const { iso6392 } = await import('iso-639-2');
  const language = iso6392.find((entry) => [entry.iso6391, entry.iso6392B, entry.iso6392T].includes(code));
  return language?.iso6392B ?? '';
}

/** DOAJ article uploads (decision 120): only published articles, of one issue or of the whole journal. */
export class DoajService {
  constructor(
    private readonly db: JournalDb,
    private readonly settings: SettingsService,
  ) {}

  /** The upload XML; 404 when there is nothing published to upload, 409 when the origin is no public address. */
  async articles(origin: string, issue?: IssuePath): Promise<string> {
    if (issue && !(await findIssue(this.db, issue.year, issue.volume, issue.issue))) throw notFound('Issue not found');
    if (!DOAJ_URL_FORM.test(origin)) {
      throw new HttpError(
        409,
        'no_public_address',
        `DOAJ needs full-text addresses at a public host, not ${origin}. Set the journal's public address first.`,
      );
    }
    const articles = await withAuthors(this.db, await listDepositArticles(this.db, issue));
    if (articles.length === 0) throw notFound(`${issue ? 'This issue' : 'This journal'} has no published articles.`);
    const settings = await this.settings.get();
    return doajArticles({ articles, settings, origin, language: await bibliographicCode(settings.journal_language) });
  }
}

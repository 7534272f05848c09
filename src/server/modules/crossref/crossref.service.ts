import type { JournalDb } from '../../db/database.js';
import { HttpError, notFound } from '../../http/errors.js';
import { findIssue } from '../issues/issues.repository.js';
import type { SettingsService } from '../settings/settings.service.js';
import { crossrefDeposit, crossrefDepositor } from './crossref-xml.js';
import { listDepositArticles, withAuthors } from './crossref.repository.js';

/** Crossref deposits of whole issues, for an administrator to upload. */
export class CrossrefService {
  constructor(
    private readonly db: JournalDb,
    private readonly settings: SettingsService,
  ) {}

  /** The deposit of an issue's published articles; refused (409) while any of them lacks a DOI, so no file is partial. */
  async issueDeposit(year: number, volume: number, issue: number, origin: string): Promise<string> {
    if (!(await findIssue(this.db, year, volume, issue))) throw notFound('Issue not found');
    const articles = await withAuthors(this.db, await listDepositArticles(this.db, { year, volume, issue }));
    if (articles.length === 0) throw notFound('This issue has no published articles.');
    const missing = articles.filter((article) => !article.doi).map((article) => article.refnumber);
    if (missing.length) {
      throw new HttpError(
        409,
        'missing_doi',
        `These articles have no DOI yet: ${missing.join(', ')}. Add their DOIs first.`,
      );
    }
    const settings = await this.settings.get();
    if (!crossrefDepositor(settings).email) {
      throw new HttpError(
        409,
        'missing_depositor_email',
        'Crossref needs an email address for the depositor. Set the Crossref depositor email (or the website email) in Settings first.',
      );
    }
    return crossrefDeposit({ year, volume, issue, articles, settings, origin, now: new Date() });
  }
}

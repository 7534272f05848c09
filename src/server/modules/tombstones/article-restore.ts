import { authorsFromLine } from '../../../common/authors.js';
import {
  RESTORE_ISSUE_MISSING_MESSAGE,
  RESTORE_TITLE_TAKEN_MESSAGE,
  type DeletedArticle,
} from '../../../common/schemas/deleted-articles.js';
import { uniqueViolation, type JournalDb, type JournalExecutor } from '../../db/database.js';
import type { ArticleTombstoneRow, IssueRow } from '../../db/schema.js';
import { HttpError, notFound } from '../../http/errors.js';
import { recordActivity, type Actor } from '../activity/activity.repository.js';
import { replaceAuthors } from '../articles/article-authors.repository.js';
import { withDerivedColumns } from '../articles/article-fields.js';
import { insertArticle } from '../articles/articles.repository.js';
import { findIssue } from '../issues/issues.repository.js';
import { findSettings } from '../settings/settings.repository.js';
import { deleteTombstone, findTombstoneById, listIssueTombstones } from './tombstones.repository.js';

/** The published articles deleted from an issue, as the admin lists them to restore. */
export async function deletedArticles(
  db: JournalExecutor,
  at: { year: number; volume: number; issue: number },
): Promise<DeletedArticle[]> {
  const rows = await listIssueTombstones(db, at);
  return rows.map(({ id, refnumber, title, authorname, removed_at }) => ({
    id,
    refnumber,
    title,
    authorname,
    removed_at,
  }));
}

/**
 * Brings a deleted published article back from its tombstone (decision 129), with its reference number, DOI,
 * citation and authors' names. The tombstone keeps nothing else and the PDF went with the deletion, so the article
 * comes back switched off, with an empty abstract and email and a transaction id that says it was restored: readers
 * see its notice until the editor completes it and switches it on.
 */
export async function restoreArticle(
  db: JournalDb,
  tombstoneId: number,
  actor: Actor,
): Promise<{ id: number; refnumber: string }> {
  return db
    .transaction()
    .execute(async (trx) => {
      const tombstone = await findTombstoneById(trx, tombstoneId);
      if (!tombstone) throw notFound('Deleted article not found');
      const issue = await findIssue(trx, tombstone.year, tombstone.volume, tombstone.issue);
      if (!issue) throw new HttpError(409, 'issue_missing', RESTORE_ISSUE_MISSING_MESSAGE);
      // The tombstone holds the number against new articles (decision 099): it goes first.
      await deleteTombstone(trx, tombstone.id);
      const id = await insertArticle(trx, await restoredRow(trx, tombstone, issue, actor));
      await replaceAuthors(trx, id, authorsFromLine(tombstone.authorname));
      const summary = `Restored ${tombstone.refnumber} to its issue from its deletion, without its PDF`;
      await recordActivity(trx, actor, { action: 'create', objectType: 'article', objectId: id, summary });
      return { id, refnumber: tombstone.refnumber };
    })
    .catch((error: unknown) => {
      if (uniqueViolation(error)?.includes('title_key'))
        throw new HttpError(409, 'duplicate_title', RESTORE_TITLE_TAKEN_MESSAGE);
      throw error;
    });
}

/** The article row a tombstone gives back: its citation, switched off, in its issue's state. */
async function restoredRow(trx: JournalExecutor, tombstone: ArticleTombstoneRow, issue: IssueRow, actor: Actor) {
  const settings = await findSettings(trx);
  const now = new Date().toISOString();
  return {
    ...withDerivedColumns({
      refnumber: tombstone.refnumber,
      title: tombstone.title,
      authorname: tombstone.authorname,
      abstract: '',
      keywords: '',
      doi: tombstone.doi,
      subject: '',
      country: '',
      email: '',
      mobile: '',
      pagenumber: tombstone.pagenumber,
      txnid: `restored-${tombstone.refnumber}`,
      ptype: 'paid' as const,
      publishdate: tombstone.publishdate,
    }),
    year: issue.year,
    volume: issue.volume,
    issue: issue.issue,
    frequency: issue.frequency,
    file: null,
    status: 'disabled' as const,
    issue_published: issue.state === 'published' ? 1 : 0,
    issue_ever_published: 1,
    licence_name: settings?.licence_name ?? '',
    licence_url: settings?.licence_url ?? '',
    createdby: actor.username,
    creation: now,
    modifiedby: actor.username,
    modification: now,
  };
}

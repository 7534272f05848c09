import { issueTitle } from '../../../common/archive-links.js';
import {
  ALREADY_PUBLISHED_MESSAGE,
  DUPLICATE_ISSUE_MESSAGE,
  NOT_PUBLISHED_MESSAGE,
  type IssueCreateInput,
  ISSUE_TAKEN_MESSAGE,
  EMPTY_ISSUE_SCHEDULE_MESSAGE,
  issueNotEmptyMessage,
  type AdminIssue,
  type IssueInput,
} from '../../../common/schemas/issue.js';
import type { WriteClock } from '../../cache/write-clock.js';
import { uniqueViolation, type JournalDb, type JournalExecutor } from '../../db/database.js';
import type { IssueRow } from '../../db/schema.js';
import { HttpError, notFound } from '../../http/errors.js';
import { FileJournal } from '../../storage/file-journal.js';
import { FileStore } from '../../storage/file-store.js';
import { changedFields, recordActivity, type Actor } from '../activity/activity.repository.js';
import { listIssueArticles } from '../articles/articles.repository.js';
import {
  countIssueArticles,
  deleteIssue,
  findIssueById,
  insertIssue,
  listDueIssues,
  listIssuesWithCounts,
  lockIssue,
  moveIssueArticles,
  rememberIssueAddress,
  renumberIssue,
  setIssueArticlesPublished,
  updateIssue,
} from './issues.repository.js';

/** The issue as the site and the admin write it: 'VOL. 5, ISSUE 1 (2026)', with its months where they are known. */
const label = (i: Pick<IssueInput, 'year' | 'volume' | 'issue'> & { frequency?: string }) =>
  issueTitle(i.year, i.volume, i.issue, i.frequency);

const today = () => new Date().toISOString().slice(0, 10);

/** Who publishes a scheduled issue when its time comes, as the activity log names it. */
const SCHEDULE: Actor = { userId: 0, username: 'schedule' };

const duplicate = (error: unknown, message: string) =>
  uniqueViolation(error) ? new HttpError(409, 'duplicate_issue', message) : error;

export class IssuesService {
  private readonly journal: FileJournal;

  constructor(
    private readonly db: JournalDb,
    files: FileStore,
    private readonly clock: WriteClock,
  ) {
    this.journal = new FileJournal(db, files);
  }

  list(): Promise<AdminIssue[]> {
    return listIssuesWithCounts(this.db);
  }

  /**
   * The unique (year, volume, issue) constraint refuses a duplicate, even two sent at once. Without a state the issue
   * is published today, as the specification's call always made it.
   */
  async create({ state = 'published', ...input }: IssueCreateInput, actor: Actor): Promise<{ id: number }> {
    const id = await this.db
      .transaction()
      .execute(async (trx) => {
        const publication_date = state === 'published' ? today() : '';
        const inserted = await insertIssue(trx, { ...input, state, publication_date });
        await recordActivity(trx, actor, {
          action: 'create',
          objectType: 'issue',
          objectId: inserted,
          summary: `Added ${label(input)}${state === 'draft' ? ' as a draft' : ''}`,
        });
        return inserted;
      })
      .catch((error: unknown) => {
        throw duplicate(error, DUPLICATE_ISSUE_MESSAGE);
      });
    this.clock.publicDataChanged();
    return { id };
  }

  /**
   * Changes an issue's numbers and frequency. Its articles follow with their PDFs (journalled file moves, decision
   * 013), and the old address is remembered so that it answers 301 (decision 050).
   */
  async update(id: number, input: IssueInput, actor: Actor): Promise<IssueRow> {
    const updated = await this.journal
      .transaction(null, async (trx) => {
        const current = await lockIssue(trx, id);
        if (!current) throw notFound('Issue not found');
        if (current.year !== input.year || current.volume !== input.volume || current.issue !== input.issue) {
          await this.moveArticles(trx, current, input);
          await renumberIssue(trx, current, input);
          await rememberIssueAddress(trx, current, id);
        } else {
          await updateIssue(trx, id, input);
          await moveIssueArticles(trx, current, input);
        }
        const summary = `${label(current)}: changed ${changedFields(current, input)}`;
        await recordActivity(trx, actor, { action: 'update', objectType: 'issue', objectId: id, summary });
        return { ...current, ...input };
      })
      .catch((error: unknown) => {
        throw duplicate(error, ISSUE_TAKEN_MESSAGE);
      });
    this.clock.publicDataChanged();
    return updated;
  }

  /** Deletes an issue that has no article; one with articles is refused, so nothing is lost by accident. */
  async delete(id: number, actor: Actor): Promise<void> {
    await this.journal.freeing(async (trx) => {
      const current = await lockIssue(trx, id);
      if (!current) throw notFound('Issue not found');
      const articles = await countIssueArticles(trx, current);
      if (articles > 0) throw new HttpError(409, 'issue_not_empty', issueNotEmptyMessage(articles));
      await deleteIssue(trx, id);
      await recordActivity(trx, actor, {
        action: 'delete',
        objectType: 'issue',
        objectId: id,
        summary: `Deleted ${label(current)}`,
      });
    });
    this.clock.publicDataChanged();
  }

  /**
   * Publishes an issue in one step (decision 098): its publication date (today unless given) becomes the date of the
   * issue and of each of its articles, its enabled articles become public, and the caches empty once.
   */
  async publish(id: number, publicationDate: string | undefined, actor: Actor): Promise<IssueRow> {
    const date = publicationDate ?? today();
    const published = await this.db.transaction().execute(async (trx) => {
      const current = await lockIssue(trx, id);
      if (!current) throw notFound('Issue not found');
      if (current.state === 'published') throw new HttpError(409, 'already_published', ALREADY_PUBLISHED_MESSAGE);
      // An issue taken back to draft after the schedule read it stays a draft.
      if (actor === SCHEDULE && current.state !== 'scheduled')
        throw new HttpError(409, 'not_scheduled', 'Not scheduled');
      await updateIssue(trx, id, { state: 'published', publish_at: '', publication_date: date });
      await setIssueArticlesPublished(trx, current, true, date);
      const how = actor === SCHEDULE ? ' as scheduled' : '';
      const summary = `Published ${label(current)}${how}, dated ${date}`;
      await recordActivity(trx, actor, { action: 'publish', objectType: 'issue', objectId: id, summary });
      return { ...current, state: 'published' as const, publish_at: '', publication_date: date };
    });
    this.clock.publicDataChanged();
    return published;
  }

  /** Makes an issue publish itself at `publishAt`; until then it stays out of readers' sight like a draft. */
  async schedule(id: number, publishAt: string, actor: Actor): Promise<IssueRow> {
    const at = new Date(publishAt).toISOString();
    const scheduled = await this.db.transaction().execute(async (trx) => {
      const current = await lockIssue(trx, id);
      if (!current) throw notFound('Issue not found');
      if (current.state === 'published') throw new HttpError(409, 'already_published', ALREADY_PUBLISHED_MESSAGE);
      // Nobody is there to notice an empty issue going out at night.
      if ((await countIssueArticles(trx, current, 'enabled')) === 0)
        throw new HttpError(409, 'empty_issue', EMPTY_ISSUE_SCHEDULE_MESSAGE);
      await updateIssue(trx, id, { state: 'scheduled', publish_at: at });
      const summary = `Scheduled ${label(current)} to be published at ${at}`;
      await recordActivity(trx, actor, { action: 'schedule', objectType: 'issue', objectId: id, summary });
      return { ...current, state: 'scheduled' as const, publish_at: at };
    });
    return scheduled;
  }

  /**
   * Takes a published or scheduled issue back to draft: its articles leave the site, and OAI-PMH reports the ones
   * harvesters saw as deleted. The publication date is kept for the next publication's form.
   */
  async unpublish(id: number, actor: Actor): Promise<IssueRow> {
    const draft = await this.db.transaction().execute(async (trx) => {
      const current = await lockIssue(trx, id);
      if (!current) throw notFound('Issue not found');
      if (current.state === 'draft') throw new HttpError(409, 'not_published', NOT_PUBLISHED_MESSAGE);
      await updateIssue(trx, id, { state: 'draft', publish_at: '' });
      await setIssueArticlesPublished(trx, current, false, null);
      const summary = `Moved ${label(current)} back to draft`;
      await recordActivity(trx, actor, { action: 'unpublish', objectType: 'issue', objectId: id, summary });
      return { ...current, state: 'draft' as const, publish_at: '' };
    });
    this.clock.publicDataChanged();
    return draft;
  }

  /**
   * Publishes every scheduled issue whose time has come. Several processes may run it at once: the issue's lock and
   * its state decide, so each issue is published once.
   */
  async publishDue(now: Date): Promise<number> {
    let published = 0;
    for (const id of await listDueIssues(this.db, now.toISOString())) {
      const issue = await findIssueById(this.db, id);
      const publication = issue?.publish_at.slice(0, 10);
      await this.publish(id, publication, SCHEDULE).then(
        () => (published += 1),
        (error: unknown) => {
          if (!(error instanceof HttpError)) throw error;
        },
      );
    }
    return published;
  }

  /** Journals the move of every stored PDF of the issue into the folder of its new numbers. */
  private async moveArticles(trx: JournalExecutor, from: IssueRow, to: IssueInput): Promise<void> {
    const articles = await listIssueArticles(trx, from.year, from.volume, from.issue);
    const moves = articles
      .filter((article) => article.file)
      .map((article) => ({
        source: `${FileStore.articleDir(from.year, from.volume, from.issue)}/${article.file}`,
        target: `${FileStore.articleDir(to.year, to.volume, to.issue)}/${article.file}`,
        remove: null,
      }));
    await this.journal.record(trx, moves);
  }
}

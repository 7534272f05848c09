import {
  DUPLICATE_ISSUE_MESSAGE,
  ISSUE_TAKEN_MESSAGE,
  issueNotEmptyMessage,
  type AdminIssue,
  type IssueInput,
} from '../../../common/schemas/issue.js';
import type { WriteClock } from '../../cache/write-clock.js';
import { uniqueViolation, type Db, type Executor } from '../../db/database.js';
import type { IssueRow } from '../../db/schema.js';
import { HttpError, notFound } from '../../http/errors.js';
import { FileJournal } from '../../storage/file-journal.js';
import { FileStore } from '../../storage/file-store.js';
import { changedFields, recordActivity, type Actor } from '../activity/activity.repository.js';
import { listIssueArticles } from '../articles/articles.repository.js';
import {
  countIssueArticles,
  deleteIssue,
  insertIssue,
  listIssuesWithCounts,
  lockIssue,
  moveIssueArticles,
  rememberIssueAddress,
  renumberIssue,
  updateIssue,
} from './issues.repository.js';

const label = (i: IssueInput) => `${i.year} vol. ${i.volume} issue ${i.issue}`;

const duplicate = (error: unknown, message: string) =>
  uniqueViolation(error) ? new HttpError(409, 'duplicate_issue', message) : error;

export class IssuesService {
  private readonly journal: FileJournal;

  constructor(
    private readonly db: Db,
    files: FileStore,
    private readonly clock: WriteClock,
  ) {
    this.journal = new FileJournal(db, files);
  }

  list(): Promise<AdminIssue[]> {
    return listIssuesWithCounts(this.db);
  }

  /** The unique (year, volume, issue) constraint refuses a duplicate, even two sent at once. */
  async create(input: IssueInput, actor: Actor): Promise<{ id: number }> {
    const id = await this.db
      .transaction()
      .execute(async (trx) => {
        const inserted = await insertIssue(trx, input);
        await recordActivity(trx, actor, {
          action: 'create',
          objectType: 'issue',
          objectId: inserted,
          summary: `Added ${label(input)} (${input.frequency})`,
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

  /** Journals the move of every stored PDF of the issue into the folder of its new numbers. */
  private async moveArticles(trx: Executor, from: IssueRow, to: IssueInput): Promise<void> {
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

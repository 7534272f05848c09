import { DUPLICATE_ISSUE_MESSAGE, type AdminIssue, type IssueInput } from '../../../common/schemas/issue.js';
import type { WriteClock } from '../../cache/write-clock.js';
import { uniqueViolation, type Db } from '../../db/database.js';
import { HttpError } from '../../http/errors.js';
import { insertIssue, listIssuesWithCounts } from './issues.repository.js';

export class IssuesService {
  constructor(
    private readonly db: Db,
    private readonly clock: WriteClock,
  ) {}

  list(): Promise<AdminIssue[]> {
    return listIssuesWithCounts(this.db);
  }

  /** The unique (year, volume, issue) constraint refuses a duplicate, even two sent at once. */
  async create(input: IssueInput): Promise<{ id: number }> {
    try {
      const id = await insertIssue(this.db, input);
      this.clock.publicDataChanged();
      return { id };
    } catch (error) {
      if (uniqueViolation(error)) throw new HttpError(409, 'duplicate_issue', DUPLICATE_ISSUE_MESSAGE);
      throw error;
    }
  }
}

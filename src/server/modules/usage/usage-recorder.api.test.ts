import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { JournalDb } from '../../db/database.js';
import { addArticle, addIssue } from '../../test/archive-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { UsageRecorder } from './usage-recorder.js';

// Decision 101: the rules of counting in time (double clicks, user-sessions per hour) and writes that fail.

let t: TestApp;
let articleId: number;
const reader = { address: '198.51.100.7', userAgent: 'Mozilla/5.0 (Macintosh) Safari/605.1.15' };

beforeAll(async () => {
  t = await createTestApp();
  await addIssue(t.journal.db, 2025, 3, 1);
  articleId = await addArticle(t.journal.db, { year: 2025, volume: 3, issue: 1 });
});
afterAll(() => t.close());
beforeEach(() => t.journal.db.deleteFrom('usage_events').execute());

/** A recorder whose clock the test moves. */
function recorderAt(start: string, journalDb: (id: number) => JournalDb = () => t.journal.db) {
  const clock = { at: new Date(start), now: () => clock.at };
  const errors: unknown[] = [];
  const recorder = new UsageRecorder('a test secret of the installation', journalDb, (e) => errors.push(e), clock);
  const later = (seconds: number) => (clock.at = new Date(clock.at.getTime() + seconds * 1000));
  return { recorder, later, errors };
}

const stored = () =>
  t.journal.db.selectFrom('usage_events').select(['day', 'investigations', 'requests']).orderBy('day').execute();

describe('the double-click filter', () => {
  it('counts a repeat after 30 seconds, and not one at 29', async () => {
    const { recorder, later } = recorderAt('2026-03-04T10:00:00Z');
    expect(recorder.recordUse(1, articleId, 'investigation', reader)).toBe(true);
    later(29);
    expect(recorder.recordUse(1, articleId, 'investigation', reader)).toBe(false);
    later(30);
    expect(recorder.recordUse(1, articleId, 'investigation', reader)).toBe(true);
    await recorder.close();
    expect(await stored()).toEqual([{ day: '2026-03-04', investigations: 2, requests: 0 }]);
  });
});

describe('user-sessions', () => {
  it('are per hour: the same user in two hours is two unique investigations', async () => {
    const { recorder, later } = recorderAt('2026-03-04T10:59:50Z');
    recorder.recordUse(1, articleId, 'investigation', reader);
    later(40);
    recorder.recordUse(1, articleId, 'investigation', reader);
    await recorder.close();
    const sessions = await t.journal.db.selectFrom('usage_events').select('session').distinct().execute();
    expect(sessions).toHaveLength(2);
  });

  it('do not tell the same user apart in one hour, whatever the process: the keys come from the secret', async () => {
    const first = recorderAt('2026-03-04T10:05:00Z');
    const second = recorderAt('2026-03-04T10:20:00Z');
    first.recorder.recordUse(1, articleId, 'request', reader);
    second.recorder.recordUse(1, articleId, 'request', reader);
    await first.recorder.close();
    await second.recorder.close();
    expect(await stored()).toEqual([{ day: '2026-03-04', investigations: 2, requests: 2 }]);
  });
});

describe('a write that fails', () => {
  it('keeps its counts for the next one, and adds what came meanwhile, counting nothing twice', async () => {
    let failing = true;
    const { recorder, later, errors } = recorderAt('2026-03-05T08:00:00Z', () => {
      if (failing) throw new Error('the database is away');
      return t.journal.db;
    });
    recorder.recordUse(1, articleId, 'request', reader);
    await recorder.flush();
    expect(errors).toHaveLength(1);
    expect(await stored()).toEqual([]);
    failing = false;
    later(60);
    recorder.recordUse(1, articleId, 'investigation', reader);
    await recorder.close();
    expect(await stored()).toEqual([{ day: '2026-03-05', investigations: 2, requests: 1 }]);
  });
});

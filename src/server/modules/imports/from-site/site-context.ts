import type { ImportNotice, ImportProblem } from '../import-plan.js';
import type { SiteClient } from './site-client.js';

/** Counts the calls made against the calls known so far: the archive tells how many issues, each issue its articles. */
export class Progress {
  private done = 0;
  private total = 0;

  constructor(private readonly listener?: (done: number, total: number, what: string) => void) {}

  expect(calls: number): void {
    this.total += calls;
  }

  called(what: string): void {
    this.done += 1;
    this.listener?.(this.done, this.total, what);
  }
}

/** The article fields a site may keep from the public, each read where it shows them and stood in for where not. */
export type StoodIn = 'txnid' | 'email' | 'mobile' | 'ptype' | 'author emails';

/** What reading one site shares. */
export interface SiteReadContext {
  client: SiteClient;
  /** What the site holds that has no place here, or that it does not show (plan.unmapped). */
  unmapped: ImportNotice[];
  /** What keeps a record out of the plan (plan.problems): the plan is then never applied. */
  problems: ImportProblem[];
  progress: Progress;
  /** Largest file downloaded. */
  maxFileBytes: number;
  /** The journal's public email (settings' websiteemail), the contact of articles whose own is not public. */
  journalEmail: string;
  /** The private fields some article carries a stand-in for, because its answer did not show them. */
  stoodIn: Set<StoodIn>;
  /** How many articles' authors were read from their author line. */
  authorsFromLine: number;
}

export const report = (context: SiteReadContext, record: string, message: string): void => {
  context.unmapped.push({ record, message });
};

export const problem = (context: SiteReadContext, record: string, message: string): void => {
  context.problems.push({ record, field: '', message });
};

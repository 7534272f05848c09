import { ISSUE_FREQUENCIES } from '../../../../common/constants.js';
import { z } from '../../../../common/schemas/zod-config.js';
import type { ImportedArticle, ImportedIssue } from '../import-plan.js';
import { articleAnswer, type ArticleAnswer, type YearGroupAnswer } from './site-answers.js';
import { readArticle, type IssuePlace } from './site-articles.js';
import { callJson } from './site-calls.js';
import { problem, report, type SiteReadContext } from './site-context.js';
import { isGone, unlikeJournalSite } from './site-errors.js';
import { frequencyOf } from './site-text.js';

/** The whole year, the one choice true of an issue whose months the site does not tell. */
const WHOLE_YEAR = ISSUE_FREQUENCIES.at(-1)!;

interface ListedIssue extends IssuePlace {
  /** The months the archive gives the issue, '' when none. */
  months: string;
}

/** Every issue of the archive with its articles, oldest first, as readers see them: all of them published. */
export async function readIssues(context: SiteReadContext, groups: YearGroupAnswer[]): Promise<ImportedIssue[]> {
  const listed = issuesOf(groups);
  context.progress.expect(listed.length);
  const issues = await Promise.all(listed.map((issue) => readIssue(context, issue)));
  return issues.filter((issue): issue is ImportedIssue => issue !== null);
}

/** The issues of the year groups: this server lists their numbers; the original counts them, numbered from 1. */
function issuesOf(groups: YearGroupAnswer[]): ListedIssue[] {
  const byAddress = new Map<string, ListedIssue>();
  for (const group of groups) {
    for (const issue of issueNumbers(group)) {
      const record = `issue ${group.year} vol ${group.volume} no ${issue}`;
      const months = group.issue_month?.[String(issue)] ?? '';
      byAddress.set(record, { record, year: group.year, volume: group.volume, issue, months });
    }
  }
  return [...byAddress.values()].sort((a, b) => a.year - b.year || a.volume - b.volume || a.issue - b.issue);
}

function issueNumbers(group: YearGroupAnswer): number[] {
  if (group.issues) return group.issues;
  const counted = Array.from({ length: group.total_issues ?? 0 }, (_, index) => index + 1);
  const named = Object.keys(group.issue_month ?? {})
    .filter((key) => /^\d{1,10}$/.test(key))
    .map(Number);
  return [...new Set([...counted, ...named])];
}

/** An issue and its articles; null, a problem of the plan, when the archive lists it but it does not answer. */
async function readIssue(context: SiteReadContext, issue: ListedIssue): Promise<ImportedIssue | null> {
  const path = `/api/archives/${issue.year}/${issue.volume}/${issue.issue}`;
  const list = await callJson(context.client, path, z.array(articleAnswer), 'a list of articles');
  context.progress.called(issue.record);
  if (!list.ok) {
    if (!isGone(list.status)) throw unlikeJournalSite(context.client, path, list.why);
    problem(context, issue.record, `The archive lists it, but GET ${path} answered ${list.why}: read the site again.`);
    return null;
  }
  context.progress.expect(list.value.length);
  const articles = await Promise.all(list.value.map((summary) => readArticle(context, issue, summary)));
  return {
    record: issue.record,
    year: issue.year,
    volume: issue.volume,
    issue: issue.issue,
    frequency: frequency(context, issue, list.value),
    state: 'published',
    // Not public: the import dates a published issue by its first article (import-plan.ts).
    publication_date: '',
    articles: articles.filter((article): article is ImportedArticle => article !== null),
  };
}

/** The archive's months for the issue, else its articles' (this server's lists carry them), else the whole year. */
function frequency(context: SiteReadContext, issue: ListedIssue, articles: ArticleAnswer[]): string {
  const written = issue.months || articles.find((article) => article.frequency)?.frequency || '';
  const known = frequencyOf(written);
  if (known) return known;
  const months = written
    ? `Its months '${written}' are none of the frequencies here`
    : 'The site does not tell its months';
  report(context, issue.record, `${months}: it is imported as the whole year (Jan-Dec); change it if it covers fewer.`);
  return WHOLE_YEAR;
}

import { useState, type FormEvent } from 'react';
import { issueTitle } from '../../../common/archive-links.js';
import type { ArticleRecord } from '../../../common/schemas/archives.js';
import { ARTICLE_DELETED_MESSAGE, ARTICLE_ERROR_MESSAGES } from '../../../common/schemas/article.js';
import { GENERIC_ERROR_MESSAGE } from '../../../common/schemas/auth.js';
import type { AdminIssue } from '../../../common/schemas/issue.js';
import { useConfirm, type Confirmation } from '../../components/confirm-dialog.js';
import { adminRequest } from '../admin-shell/admin-request.js';
import { useFlash } from '../admin-shell/flash.js';
import { FormError } from '../admin-shell/form-error.js';
import { articleValues } from './article-form.js';

const titleOf = (issue: AdminIssue) => issueTitle(issue.year, issue.volume, issue.issue, issue.frequency);

export const deleteQuestion = (refnumber: string): Confirmation => ({
  question: `Delete article ${refnumber} and its PDF?`,
  consequence:
    'If readers have seen it, a notice stays at its address, its reference number and DOI stay taken, and it can be ' +
    "restored from the issue's Deleted articles, without its PDF. Otherwise this cannot be undone. Its title and " +
    'transaction id can be used again.',
  action: 'Delete article',
  danger: true,
});

/** What moving does to readers: a scheduled or draft issue hides the article, and gives it its date, until it is out. */
export function moveQuestion(refnumber: string, target: AdminIssue): Confirmation {
  const question = `Move article ${refnumber} to ${titleOf(target)}?`;
  if (target.state === 'published')
    return { question, consequence: 'Its old address will lead to the new one.', action: 'Move article' };
  return {
    question,
    consequence:
      `${titleOf(target)} is not out yet. Until it is published, the article's address, its download page and its ` +
      "certificates answer “not found”, and when it is published the article takes the issue's publication date.",
    action: 'Move article',
    danger: true,
  };
}

/** Asks, then deletes; true when the article is gone. A refusal is shown as a flash message. */
export function useDeleteArticle(): (article: Pick<ArticleRecord, 'id' | 'refnumber'>) => Promise<boolean> {
  const flash = useFlash();
  const confirm = useConfirm();
  return async (article) => {
    if (!(await confirm(deleteQuestion(article.refnumber)))) return false;
    const result = await adminRequest(`/api/archives/${article.id}`, { method: 'DELETE' });
    if (!result.ok) {
      flash.show('error', result.status === 404 ? result.message : GENERIC_ERROR_MESSAGE);
      return false;
    }
    flash.show('success', ARTICLE_DELETED_MESSAGE, { keep: true });
    return true;
  };
}

/** Moves the article, as last saved, to another issue; its PDF and public address follow. */
export function MoveArticleForm({
  article,
  issues,
  onMoved,
}: {
  article: ArticleRecord;
  issues: AdminIssue[];
  onMoved: (moved: ArticleRecord) => void;
}) {
  const others = issues.filter(
    (issue) => !(issue.year === article.year && issue.volume === article.volume && issue.issue === article.issue),
  );
  const [issueId, setIssueId] = useState('');
  const [error, setError] = useState('');
  const flash = useFlash();
  const confirm = useConfirm();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const target = others.find((issue) => String(issue.id) === issueId);
    if (!target) return setError('Choose the issue to move the article to.');
    if (!(await confirm(moveQuestion(article.refnumber, target)))) return;
    const body = new FormData();
    for (const [key, value] of Object.entries(articleValues(article))) body.append(key, value);
    body.append('issue_id', issueId);
    const result = await adminRequest<ArticleRecord>(`/api/archives/${article.id}`, { method: 'POST', body });
    if (!result.ok)
      return setError(
        ARTICLE_ERROR_MESSAGES[result.error] ?? (result.status === 400 ? result.message : GENERIC_ERROR_MESSAGE),
      );
    setError('');
    flash.show('success', `Article moved to ${titleOf(target)}`);
    onMoved(result.data);
  }

  return (
    <form className="admin-card admin-form move-article" onSubmit={submit} aria-label="Move article">
      <h2>Move to another issue</h2>
      <label>
        Issue
        <select name="issue_id" value={issueId} onChange={(e) => setIssueId(e.target.value)}>
          <option value="">Select issue</option>
          {others.map((issue) => (
            <option key={issue.id} value={issue.id}>
              {titleOf(issue)}
            </option>
          ))}
        </select>
        <small className="hint">The article moves as last saved; its PDF moves with it.</small>
      </label>
      <FormError message={error} />
      <button type="submit" className="button-primary">
        Move Article
      </button>
    </form>
  );
}

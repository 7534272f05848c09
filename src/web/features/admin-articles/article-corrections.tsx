import { useState, type FormEvent } from 'react';
import { issueTitle } from '../../../common/archive-links.js';
import type { ArticleRecord } from '../../../common/schemas/archives.js';
import { ARTICLE_DELETED_MESSAGE, ARTICLE_ERROR_MESSAGES } from '../../../common/schemas/article.js';
import { GENERIC_ERROR_MESSAGE } from '../../../common/schemas/auth.js';
import type { AdminIssue } from '../../../common/schemas/issue.js';
import { adminRequest } from '../admin-shell/admin-request.js';
import { useFlash } from '../admin-shell/flash.js';
import { FormError } from '../admin-shell/form-error.js';
import { articleValues } from './article-form.js';

const titleOf = (issue: AdminIssue) => issueTitle(issue.year, issue.volume, issue.issue, issue.frequency);

export const deleteQuestion = (refnumber: string) =>
  `Delete article ${refnumber} and its PDF? This cannot be undone. If readers have seen it, a notice stays at its ` +
  'address and its reference number and DOI cannot be used again; its title and transaction id can.';

/** Asks, then deletes; true when the article is gone. A refusal is shown as a flash message. */
export function useDeleteArticle(): (article: Pick<ArticleRecord, 'id' | 'refnumber'>) => Promise<boolean> {
  const flash = useFlash();
  return async (article) => {
    if (!window.confirm(deleteQuestion(article.refnumber))) return false;
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

  async function submit(event: FormEvent) {
    event.preventDefault();
    const target = others.find((issue) => String(issue.id) === issueId);
    if (!target) return setError('Choose the issue to move the article to.');
    if (
      !window.confirm(
        `Move article ${article.refnumber} to ${titleOf(target)}? Its old address will lead to the new one.`,
      )
    )
      return;
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

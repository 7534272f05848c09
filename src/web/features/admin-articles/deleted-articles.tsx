import { useNavigate } from 'react-router';
import { GENERIC_ERROR_MESSAGE } from '../../../common/schemas/auth.js';
import type { DeletedArticle } from '../../../common/schemas/deleted-articles.js';
import { useConfirm } from '../../components/confirm-dialog.js';
import { adminRequest } from '../admin-shell/admin-request.js';
import { useFlash } from '../admin-shell/flash.js';

/**
 * The published articles deleted from an issue, each with Restore (decision 129): it comes back switched off, with
 * its reference number, and the edit page says what to add.
 */
export function DeletedArticles({ deleted }: { deleted: DeletedArticle[] }) {
  const confirm = useConfirm();
  const flash = useFlash();
  const navigate = useNavigate();

  async function restore(article: DeletedArticle) {
    const restoring = await confirm({
      question: `Restore article ${article.refnumber}?`,
      consequence:
        'It comes back in this issue with its reference number, title, authors, pages and DOI, switched off: its ' +
        'PDF, abstract, email and transaction id were deleted with it and must be added again before readers see it.',
      action: 'Restore article',
    });
    if (!restoring) return;
    const result = await adminRequest<{ id: number; message: string }>(
      `/api/admin/deleted-articles/${article.id}/restore`,
      { method: 'POST', body: { confirm: true } },
    );
    if (!result.ok) return flash.show('error', result.status < 500 ? result.message : GENERIC_ERROR_MESSAGE);
    flash.show('success', result.data.message, { keep: true });
    await navigate(`/admin/archives/${result.data.id}`);
  }

  if (deleted.length === 0) return null;
  return (
    <section className="admin-card deleted-articles" aria-labelledby="deleted-articles-title">
      <h2 id="deleted-articles-title">Deleted articles</h2>
      <p className="muted">Readers who follow their old links see a notice that they were removed.</p>
      <ul>
        {deleted.map((article) => (
          <li key={article.id}>
            <span>
              {article.refnumber} <span dangerouslySetInnerHTML={{ __html: article.title }} /> ·{' '}
              <span className="muted">deleted {article.removed_at.slice(0, 10)}</span>
            </span>
            <button
              type="button"
              className="link-button"
              aria-label={`Restore article ${article.refnumber}`}
              onClick={() => void restore(article)}
            >
              Restore
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { useState } from 'react';
import { GENERIC_ERROR_MESSAGE } from '../../../common/schemas/auth.js';
import { useConfirm } from '../../components/confirm-dialog.js';
import { adminRequest } from '../admin-shell/admin-request.js';
import { useFlash } from '../admin-shell/flash.js';

/**
 * Saving a new licence changes new articles only; this re-licenses the existing ones, after a confirmation, with the
 * licence as saved (decision 098).
 */
export function ApplyLicenceButton({ unsaved }: { unsaved: boolean }) {
  const flash = useFlash();
  const [busy, setBusy] = useState(false);
  const confirm = useConfirm();

  async function apply() {
    const applying = await confirm({
      question: 'Apply the saved licence to every existing article?',
      consequence:
        'Every article page and citation will name it instead of the licence the article was published under, and ' +
        'so will what libraries and indexers read about the articles from now on.',
      action: 'Apply to every article',
      danger: true,
    });
    if (!applying) return;
    setBusy(true);
    const result = await adminRequest<{ message: string }>('/api/admin/articles/apply-licence', {
      method: 'POST',
      body: { confirm: true },
    });
    setBusy(false);
    flash.show(result.ok ? 'success' : 'error', result.ok ? result.data.message : GENERIC_ERROR_MESSAGE);
  }

  return (
    <p className="field-hint">
      A new licence applies to articles added from now on.{' '}
      <button type="button" className="link-button" disabled={busy || unsaved} onClick={() => void apply()}>
        Apply the saved licence to existing articles
      </button>
      {unsaved && <span className="muted"> (save the settings first)</span>}
    </p>
  );
}

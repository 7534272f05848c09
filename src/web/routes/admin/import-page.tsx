import { useLoaderData, useRevalidator } from 'react-router';
import type { AdminIssue } from '../../../common/schemas/issue.js';
import { adminLoad } from '../../features/admin-shell/admin-request.js';
import { ExportCard } from '../../features/admin-import/export-card.js';
import { ImportPanel } from '../../features/admin-import/import-panel.js';

/** The journal's issues: the export offers each, and the result links the published ones to their public page. */
export const importLoader = () => adminLoad<AdminIssue[]>('/api/admin/archives/');

/** Moving a journal in (decision 102, issue 29): check the source, import it, and export the journal back. */
export function ImportPage() {
  const issues = useLoaderData<typeof importLoader>();
  const revalidator = useRevalidator();

  return (
    <section className="import-screen">
      <div className="page-title">
        <h1>Import</h1>
      </div>
      <p className="muted">
        Bring a journal&apos;s archive in: its issues and articles with their PDFs, and from the sources that have them
        its editors, indexing entries and settings. Check first: the check writes nothing. An import never overwrites
        what is here, and run again it adds only what is missing.
      </p>
      <ImportPanel issues={issues} onImported={() => void revalidator.revalidate()} />
      <ExportCard issues={issues} />
    </section>
  );
}

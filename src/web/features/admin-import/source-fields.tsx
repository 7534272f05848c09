import { IMPORT_UPLOADS, sizeText, type ImportSourceKind } from '../../../common/schemas/imports.js';
import { useFileDownload } from '../admin-statistics/file-download.js';

const SOURCES: { kind: ImportSourceKind; label: string }[] = [
  { kind: 'spreadsheet', label: 'A spreadsheet and a ZIP of PDFs' },
  { kind: 'ojs', label: 'An Open Journal Systems export (Native XML)' },
  { kind: 'site', label: 'A site running the original product' },
];

const limitOf = (field: keyof typeof IMPORT_UPLOADS) => sizeText(IMPORT_UPLOADS[field].limit);

export function SourceChoice({
  source,
  onChange,
}: {
  source: ImportSourceKind;
  onChange(kind: ImportSourceKind): void;
}) {
  return (
    <fieldset className="import-sources">
      <legend>Where the journal comes from</legend>
      {SOURCES.map(({ kind, label }) => (
        <label key={kind} className="checkbox-field">
          <input type="radio" name="source" value={kind} checked={source === kind} onChange={() => onChange(kind)} />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

/** The template as XLSX (with a sheet describing each column) or CSV, fetched with the admin's sign-in. */
function TemplateLinks() {
  const { running, problem, download } = useFileDownload();
  const link = (format: 'xlsx' | 'csv') => (
    <button
      type="button"
      className="link-button"
      disabled={running}
      onClick={() => void download(`/api/admin/import/template?format=${format}`, `import-template.${format}`)}
    >
      {format.toUpperCase()}
    </button>
  );
  return (
    <>
      Download the template: {link('xlsx')} or {link('csv')}.
      {problem && (
        <span role="alert" className="field-error">
          {' '}
          {problem}
        </span>
      )}
    </>
  );
}

/**
 * The fields of one source. The others stay in the form, hidden and disabled: the browser leaves them out of what it
 * sends and of its checks, and they keep their files should the admin come back to them.
 */
export function SourceFields({ source }: { source: ImportSourceKind }) {
  const shown = (kind: ImportSourceKind) => ({ hidden: source !== kind, disabled: source !== kind });
  return (
    <>
      <fieldset className="import-source" {...shown('spreadsheet')}>
        <legend>Spreadsheet</legend>
        <p className="hint">
          One row per article, with its issue&apos;s year, volume and number on each row. <TemplateLinks />
        </p>
        <label>
          Spreadsheet (.xlsx or .csv, at most {limitOf('spreadsheet')})
          <input type="file" name="spreadsheet" accept=".xlsx,.csv" required />
        </label>
        <label>
          PDFs (a .zip, at most {limitOf('pdfs')})
          <span className="hint">
            Each PDF named as its row&apos;s PDF file column says, or by reference number: 1024.pdf.
          </span>
          <input type="file" name="pdfs" accept=".zip" />
        </label>
      </fieldset>
      <fieldset className="import-source" {...shown('ojs')}>
        <legend>Open Journal Systems</legend>
        <label>
          Native XML export (at most {limitOf('xml')})
          <span className="hint">
            From Tools › Import/Export › Native XML Plugin, with the PDFs embedded: files the export only links to are
            not read from an upload.
          </span>
          <input type="file" name="xml" accept=".xml" required />
        </label>
      </fieldset>
      <fieldset className="import-source" {...shown('site')}>
        <legend>Site</legend>
        <label>
          Address of the site
          <span className="hint">
            Its settings, every issue and article with its PDF, the editorial board and the indexing entries are read
            from its public pages.
          </span>
          <input name="url" inputMode="url" placeholder="https://journal.example" required />
        </label>
      </fieldset>
    </>
  );
}

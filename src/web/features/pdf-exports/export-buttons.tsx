import { useEffect, useRef, useState, type ReactNode } from 'react';
import { pdfUrls } from '../../../common/pdf-links.js';
import { adminDownload } from '../admin-shell/admin-request.js';
import { formatBytes, saveFile } from './export-download.js';
import '../../styles/pdf-exports.css';

/** Props of the export button groups: the ids of the selected rows. */
export interface ExportButtonsProps {
  selectedIds: number[];
}

type ExportState =
  | { kind: 'idle' }
  | { kind: 'running'; received: number }
  | { kind: 'saved'; filename: string; bytes: number }
  | { kind: 'failed'; message: string };

interface ExportButtonProps extends ExportButtonsProps {
  label: string;
  url: string;
  fallbackName: string;
}

/**
 * One export: POSTs the selection ({ids}), shows the bytes received while the file streams in, then
 * saves it. A 401 ends the session as on every admin call (specification: States and transitions).
 */
function ExportButton({ label, url, fallbackName, selectedIds }: ExportButtonProps) {
  const [state, setState] = useState<ExportState>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  async function start() {
    controller.current = new AbortController();
    setState({ kind: 'running', received: 0 });
    const result = await adminDownload(url, {
      method: 'POST',
      body: { ids: selectedIds },
      fallbackName,
      signal: controller.current.signal,
      onProgress: (received) => setState({ kind: 'running', received }),
    });
    controller.current = null;
    if (result.ok) {
      saveFile(result.data.blob, result.data.filename);
      setState({ kind: 'saved', filename: result.data.filename, bytes: result.data.blob.size });
    } else if (result.status === 401) {
      setState({ kind: 'idle' });
    } else {
      setState({ kind: 'failed', message: result.message });
    }
  }

  const running = state.kind === 'running';
  return (
    <div className="export-button">
      <button type="button" onClick={start} disabled={running || selectedIds.length === 0}>
        {label}
      </button>
      {running && (
        <>
          <progress aria-label={`${label} download`} />
          <span role="status">
            Preparing {label}… {formatBytes(state.received)} received
          </span>
          <button type="button" className="export-cancel" onClick={() => controller.current?.abort()}>
            Cancel
          </button>
        </>
      )}
      {state.kind === 'saved' && (
        <span role="status">
          Saved {state.filename} ({formatBytes(state.bytes)})
        </span>
      )}
      {state.kind === 'failed' && (
        <span role="alert" className="export-error">
          {state.message}
        </span>
      )}
    </div>
  );
}

function ExportGroup({ children, selectedIds }: { children: ReactNode; selectedIds: number[] }) {
  return (
    <div className="pdf-exports" role="group" aria-label="PDF exports">
      {children}
      {selectedIds.length === 0 && <span className="export-hint">Select rows to export them.</span>}
    </div>
  );
}

/** 'Index Page' (table of contents PDF) and 'Bulk Certificates' (zip) for the selected articles. */
export function ArticleExportButtons(props: ExportButtonsProps) {
  return (
    <ExportGroup selectedIds={props.selectedIds}>
      <ExportButton {...props} label="Index Page" url={pdfUrls.indexPage} fallbackName="index-page.pdf" />
      <ExportButton
        {...props}
        label="Bulk Certificates"
        url={pdfUrls.bulkCertificates}
        fallbackName="certificates.zip"
      />
    </ExportGroup>
  );
}

/** 'Editors Certificates' (zip of membership certificates) for the selected editors. */
export function EditorExportButtons(props: ExportButtonsProps) {
  return (
    <ExportGroup selectedIds={props.selectedIds}>
      <ExportButton
        {...props}
        label="Editors Certificates"
        url={pdfUrls.editorsCertificates}
        fallbackName="editors-certificates.zip"
      />
    </ExportGroup>
  );
}

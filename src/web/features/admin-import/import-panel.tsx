import { useRef, useState, type FormEvent } from 'react';
import type { AdminIssue } from '../../../common/schemas/issue.js';
import {
  sizeText,
  type ImportLine,
  type ImportReport,
  type ImportSourceKind,
} from '../../../common/schemas/imports.js';
import { FormError } from '../admin-shell/form-error.js';
import { checkImport, runImport, uploadOf, type ImportUpload } from './import-calls.js';
import { ImportProgress, progressText, type ProgressLine } from './import-progress.js';
import { ImportReportView } from './import-report-view.js';
import { ImportResult, type DoneLine } from './import-result.js';
import { SourceChoice, SourceFields } from './source-fields.js';
import './admin-import.css';

type Stage =
  | { kind: 'choosing' }
  | { kind: 'checking'; upload: ImportUpload }
  | { kind: 'checked'; upload: ImportUpload; report: ImportReport }
  | { kind: 'importing'; upload: ImportUpload; progress: ProgressLine | null }
  /** With the import's last progress, so that the bar shows where it ended. */
  | { kind: 'imported'; line: DoneLine; progress: ProgressLine | null }
  | { kind: 'refused'; message: string; report: ImportReport | null }
  | { kind: 'failed'; message: string };

/** Above this, the note under the buttons says that the import sends the files again. */
const LARGE_UPLOAD_BYTES = 20 * 1024 * 1024;

const CUT_SHORT =
  'The answer ended before the import did. The issues imported so far are kept: check again to see what is still ' +
  'missing, then import the rest.';

const somethingToCreate = (report: ImportReport) => Object.values(report.create).some((items) => items.length > 0);

/** The stage the import's last line leads to. */
function endOf(line: ImportLine | undefined, progress: ProgressLine | null): Stage {
  if (line?.type === 'done') return { kind: 'imported', line, progress };
  if (line?.type === 'refused') return { kind: 'refused', message: line.message, report: line.report };
  return { kind: 'failed', message: line?.type === 'failed' ? line.message : CUT_SHORT };
}

const sending = ({ what, bytes }: ImportUpload) => `${what}${bytes ? ` (${sizeText(bytes)})` : ''}`;

function StageView({ stage, issues }: { stage: Stage; issues: AdminIssue[] }) {
  switch (stage.kind) {
    case 'checking':
      return (
        <ImportProgress
          label="Check progress"
          text={`Sending and checking ${sending(stage.upload)}… Every PDF is opened: a large archive takes minutes.`}
        />
      );
    case 'checked':
      return <ImportReportView report={stage.report} />;
    case 'importing':
      return stage.progress ? (
        <ImportProgress
          label="Import progress"
          done={stage.progress.done}
          total={stage.progress.total}
          text={progressText(stage.progress)}
        />
      ) : (
        <ImportProgress label="Import progress" text={`Sending ${sending(stage.upload)}…`} />
      );
    case 'imported':
      return (
        <>
          {stage.progress && stage.progress.total > 0 && (
            <ImportProgress
              label="Import progress"
              done={stage.progress.total}
              total={stage.progress.total}
              text={`Written: ${stage.progress.total} of ${stage.progress.total}.`}
            />
          )}
          <ImportResult line={stage.line} issues={issues} />
        </>
      );
    case 'refused':
      return (
        <>
          <FormError message={stage.message} />
          {stage.report && <ImportReportView report={stage.report} />}
        </>
      );
    case 'failed':
      return <FormError message={stage.message} />;
    default:
      return null;
  }
}

/** Why Import cannot be pressed yet, or what pressing it sends. */
function ImportNote({ stage }: { stage: Stage }) {
  if (stage.kind === 'imported') return null;
  if (stage.kind !== 'checked')
    return <p className="hint">Check first: it writes nothing and shows what the import would do.</p>;
  if (stage.report.problems.length > 0)
    return <p className="hint">Import is possible once the check finds no problem.</p>;
  if (!somethingToCreate(stage.report)) return <p className="hint">Everything in the source is here already.</p>;
  if (stage.upload.bytes > LARGE_UPLOAD_BYTES)
    return (
      <p className="hint">
        Import sends the files again ({sizeText(stage.upload.bytes)}), as the check did: they stay chosen.
      </p>
    );
  return null;
}

/**
 * The source form with its two steps: Check (the dry run) and Import, which streams its progress. The file inputs
 * keep their files between the two; changing anything asks for a new check.
 */
export function ImportPanel({ issues, onImported }: { issues: AdminIssue[]; onImported(): void }) {
  const form = useRef<HTMLFormElement>(null);
  const [source, setSource] = useState<ImportSourceKind>('spreadsheet');
  const [stage, setStage] = useState<Stage>({ kind: 'choosing' });
  const busy = stage.kind === 'checking' || stage.kind === 'importing';
  const ready = stage.kind === 'checked' && stage.report.problems.length === 0 && somethingToCreate(stage.report);

  function upload(): ImportUpload | null {
    const result = uploadOf(form.current!);
    if ('problem' in result) {
      setStage({ kind: 'failed', message: result.problem });
      return null;
    }
    return result;
  }

  async function check(event: FormEvent) {
    event.preventDefault();
    const sent = upload();
    if (!sent) return;
    setStage({ kind: 'checking', upload: sent });
    const result = await checkImport(sent);
    if (result.ok) setStage({ kind: 'checked', upload: sent, report: result.data });
    else setStage(result.status === 401 ? { kind: 'choosing' } : { kind: 'failed', message: result.message });
  }

  async function start() {
    const sent = upload();
    if (!sent) return;
    setStage({ kind: 'importing', upload: sent, progress: null });
    const ends: ImportLine[] = [];
    let writing: ProgressLine | null = null;
    const result = await runImport(sent, (line) => {
      if (line.type !== 'progress') ends.push(line);
      else {
        if (line.phase === 'importing') writing = line;
        setStage({ kind: 'importing', upload: sent, progress: line });
      }
    });
    if (!result.ok)
      return setStage(result.status === 401 ? { kind: 'choosing' } : { kind: 'failed', message: result.message });
    setStage(endOf(ends[0], writing));
    if (ends[0]?.type === 'done') onImported();
  }

  return (
    <form
      ref={form}
      className="admin-card admin-form import-form"
      aria-label="Import a journal"
      onSubmit={(event) => void check(event)}
      onChange={() => {
        if (!busy && stage.kind !== 'choosing') setStage({ kind: 'choosing' });
      }}
    >
      <fieldset className="import-fields" disabled={busy}>
        <SourceChoice source={source} onChange={setSource} />
        <SourceFields source={source} />
        <div className="import-actions">
          <button type="submit" className="button-primary">
            Check
          </button>
          <button type="button" className="button-primary" disabled={!ready} onClick={() => void start()}>
            Import
          </button>
        </div>
        <ImportNote stage={stage} />
      </fieldset>
      <StageView stage={stage} issues={issues} />
    </form>
  );
}

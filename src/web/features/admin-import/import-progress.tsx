import type { ImportLine, ImportPhase } from '../../../common/schemas/imports.js';

export type ProgressLine = Extract<ImportLine, { type: 'progress' }>;

const PHASE_VERBS: Record<ImportPhase, string> = { reading: 'Reading', checking: 'Checking', importing: 'Importing' };

/** "Importing 37 of 200: 2024 vol. 3 issue 1, article 880012", or "Reading articles.xlsx…" before a count is known. */
export function progressText({ phase, done, total, current }: ProgressLine): string {
  const verb = PHASE_VERBS[phase];
  if (total === 0) return `${verb} ${current}…`;
  return `${verb} ${done} of ${total}${current ? `: ${current}` : ''}`;
}

/** A bar that fills as records are done; without a count (an upload, a read of unknown length) it only moves. */
export function ImportProgress({
  label,
  done,
  total,
  text,
}: {
  label: string;
  done?: number;
  total?: number;
  text: string;
}) {
  const counted = total !== undefined && total > 0;
  return (
    <div className="import-progress">
      <progress aria-label={label} max={counted ? total : undefined} value={counted ? done : undefined} />
      <p role="status" className="import-progress-text">
        {text}
      </p>
    </div>
  );
}

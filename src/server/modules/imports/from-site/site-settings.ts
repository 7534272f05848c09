import { settingsInputSchema } from '../../../../common/schemas/settings.js';
import type { SettingsAnswer } from './site-answers.js';
import { report, type SiteReadContext } from './site-context.js';
import { storedHtml } from './site-text.js';

const SETTINGS = new Set(Object.keys(settingsInputSchema.shape));
/** Settings kept as HTML; the original product stores them encoded. */
const HTML_SETTINGS = new Set(['formatted_journal_name', 'home_content']);
const SWITCH_ON: unknown[] = [true, 1, '1', 'true'];
const SWITCH_OFF: unknown[] = [false, 0, '0', 'false'];
/** Columns of a settings row that are no setting anyone set. */
const ROW_COLUMNS = new Set(['id', 'updated_at', 'created_at']);

/**
 * The settings the journal's staff set, as GET /api/settings/ shows them publicly (journal name, ISSNs, publisher,
 * fees, home content, switches...), by their column. An empty one is left out: there is nothing to set.
 */
export function settingsOf(context: SiteReadContext, answer: SettingsAnswer): Record<string, string | number> {
  const settings: Record<string, string | number> = {};
  const unknown: string[] = [];
  for (const [key, value] of Object.entries(answer)) {
    if (ROW_COLUMNS.has(key)) continue;
    if (!SETTINGS.has(key)) {
      if (value !== null && value !== '') unknown.push(key);
      continue;
    }
    const setting = settingOf(key, value);
    if (setting !== null) settings[key] = setting;
  }
  reportLeftOut(context, answer, unknown);
  return settings;
}

/** A switch as 0 or 1, text as it is, a number as text; null for an empty or unreadable value. */
function settingOf(key: string, value: unknown): string | number | null {
  if (key.startsWith('show_')) return SWITCH_ON.includes(value) ? 1 : SWITCH_OFF.includes(value) ? 0 : null;
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string' || value.trim() === '') return null;
  return HTML_SETTINGS.has(key) ? storedHtml(value) : value;
}

function reportLeftOut(context: SiteReadContext, answer: SettingsAnswer, unknown: string[]): void {
  if (unknown.length > 0) {
    report(context, 'settings', `The site has settings with no place here, not copied: ${unknown.join(', ')}.`);
  }
  const notShown = [...SETTINGS].filter((key) => !(key in answer));
  if (notShown.length > 0) {
    report(
      context,
      'settings',
      `The site does not show these settings publicly (or has none of them), so they are not copied: ${notShown.join(', ')}.`,
    );
  }
}

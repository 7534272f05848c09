import { PRIVATE_SETTING_FIELDS, type PublicSettings, type SiteSettings } from '../../../common/schemas/settings.js';
import { UntilNextWrite } from '../../cache/until-next-write.js';
import type { WriteClock } from '../../cache/write-clock.js';
import type { JournalDb } from '../../db/database.js';
import type { SettingsRow } from '../../db/schema.js';
import { parseIpAllowList } from '../../auth/ip-allow-list.js';
import { badRequest } from '../../http/errors.js';
import { sanitizeInlineName, sanitizeRichText } from '../../storage/sanitize.js';
import { changedFields, recordActivity, type Actor } from '../activity/activity.repository.js';
import { findSettings, saveSettings } from './settings.repository.js';

/** Stored HTML is sanitised again on the way out, so nothing written around the service reaches a page unchecked. */
function toSettings(row: SettingsRow): SiteSettings {
  const { id: _id, updated_at: _updated, ...rest } = row;
  return {
    ...rest,
    formatted_journal_name: sanitizeInlineName(row.formatted_journal_name),
    home_content: sanitizeRichText(row.home_content),
    show_editor_contacts: row.show_editor_contacts === 1,
    show_subject_column: row.show_subject_column === 1,
    show_publisher_link: row.show_publisher_link === 1,
    show_journal_list_link: row.show_journal_list_link === 1,
    show_usage: row.show_usage === 1,
  } as SiteSettings;
}

function toPublicSettings(settings: SiteSettings): PublicSettings {
  const hidden = new Set<string>(PRIVATE_SETTING_FIELDS);
  return Object.fromEntries(Object.entries(settings).filter(([field]) => !hidden.has(field))) as PublicSettings;
}

/** An allow-list must hold only addresses and ranges, and admit the address saving it: nobody locks themselves out. */
function checkAllowList(text: string, savedFrom: string): void {
  const list = parseIpAllowList(text);
  if (list.invalidEntry !== null) {
    throw badRequest(
      `admin_ip_allowlist: "${list.invalidEntry}" is not an IP address or CIDR range (such as 192.0.2.7 or 192.0.2.0/24).`,
    );
  }
  if (!list.empty && !list.admits(savedFrom)) {
    throw badRequest(
      `admin_ip_allowlist: it leaves out your own address ${savedFrom}, so you could not sign in again. Add it first.`,
      'allowlist_locks_you_out',
    );
  }
}

export class SettingsService {
  /** Settings are read on every page, so they are kept until the next change of public data. */
  private readonly remembered: UntilNextWrite<{ settings: SiteSettings; publicSettings: PublicSettings }>;

  constructor(
    private readonly db: JournalDb,
    private readonly clock: WriteClock,
  ) {
    this.remembered = new UntilNextWrite(() => this.read(), clock);
  }

  async get(): Promise<SiteSettings> {
    return (await this.remembered.get()).settings;
  }

  async getPublic(): Promise<PublicSettings> {
    return (await this.remembered.get()).publicSettings;
  }

  private async read() {
    const row = await findSettings(this.db);
    if (!row) throw new Error('Settings row is missing; the database was not initialised');
    const settings = toSettings(row);
    return { settings, publicSettings: toPublicSettings(settings) };
  }

  /** Settings an administrator saves from the address `savedFrom`. */
  async save(input: SiteSettings, savedFrom: string, actor: Actor): Promise<SiteSettings> {
    checkAllowList(input.admin_ip_allowlist, savedFrom);
    return this.update(input, actor);
  }

  async update(input: SiteSettings, actor: Actor): Promise<SiteSettings> {
    const before = await this.get();
    await this.db.transaction().execute(async (trx) => {
      await saveSettings(trx, {
        ...input,
        formatted_journal_name: sanitizeInlineName(input.formatted_journal_name),
        home_content: sanitizeRichText(input.home_content),
        show_editor_contacts: input.show_editor_contacts ? 1 : 0,
        show_subject_column: input.show_subject_column ? 1 : 0,
        show_publisher_link: input.show_publisher_link ? 1 : 0,
        show_journal_list_link: input.show_journal_list_link ? 1 : 0,
        show_usage: input.show_usage ? 1 : 0,
        updated_at: new Date().toISOString(),
      });
      await recordActivity(trx, actor, {
        action: 'update',
        objectType: 'settings',
        objectId: null,
        summary: `Changed ${changedFields(before, input)}`,
      });
    });
    this.clock.publicDataChanged();
    return this.get();
  }
}

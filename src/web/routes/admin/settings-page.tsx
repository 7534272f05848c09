import { useState, type FormEvent } from 'react';
import { useLoaderData } from 'react-router';
import { COVER_PAGE_VARIANTS, HEADER_STYLES } from '../../../common/constants.js';
import { GENERIC_ERROR_MESSAGE } from '../../../common/schemas/auth.js';
import { SETTINGS_UPDATED_MESSAGE, settingsInputSchema, type SiteSettings } from '../../../common/schemas/settings.js';
import { RichTextField } from '../../features/admin-editor/rich-text-field.js';
import { adminLoad, adminRequest, firstProblem } from '../../features/admin-shell/admin-request.js';
import { useFlash } from '../../features/admin-shell/flash.js';

export const settingsLoader = () => adminLoad<SiteSettings>('/api/settings/');

type Key = keyof SiteSettings;
type Field = { key: Key; label: string; kind?: 'textarea' | 'switch' | 'rich'; options?: readonly string[] };

/** Every setting of spec §3 plus the per-domain switches of DESIGN.md §4, in groups. */
export const SETTINGS_GROUPS: { title: string; fields: Field[] }[] = [
  {
    title: 'Journal',
    fields: [
      { key: 'websitename', label: 'Website name' },
      { key: 'domain', label: 'Domain' },
      { key: 'formatted_journal_name', label: 'Formatted journal name (HTML)', kind: 'textarea' },
      { key: 'websiteemail', label: 'Website email' },
      { key: 'whatsup_number', label: 'WhatsApp number' },
      { key: 'issn', label: 'ISSN (print)' },
      { key: 'journal_essn', label: 'ISSN (online)' },
      { key: 'year_started', label: 'Year started' },
      { key: 'journal_frequency', label: 'Frequency' },
      { key: 'journal_type', label: 'Journal type' },
      { key: 'journal_language', label: 'Language' },
      { key: 'nassScore', label: 'NAAS score' },
      { key: 'nassScoreYear', label: 'NAAS score year' },
      { key: 'impactfactor', label: 'Impact factor' },
      { key: 'fee_rupee', label: 'Fee in rupees (India)' },
      { key: 'fee_dollar', label: 'Fee in dollars (foreign)' },
      { key: 'google_review_link', label: 'Google review link' },
    ],
  },
  {
    title: 'DOIs and licence',
    fields: [
      { key: 'doi_prefix', label: 'DOI prefix (like 10.1234)' },
      { key: 'doi_suffix_pattern', label: 'DOI suffix pattern ({journal-initials}, {year}, {volume}, {issue}, {refnumber})' },
      { key: 'licence_name', label: 'Licence name (like CC BY 4.0)' },
      { key: 'licence_url', label: 'Licence URL' },
    ],
  },
  { title: 'Home page', fields: [{ key: 'home_content', label: 'Home content', kind: 'rich' }] },
  {
    title: 'Publisher',
    fields: [
      { key: 'publisher_name', label: 'Publisher name' },
      { key: 'publisher_head', label: 'Publisher head' },
      { key: 'publisher_address', label: 'Publisher address', kind: 'textarea' },
      { key: 'publisher_url', label: 'Publisher link' },
      { key: 'journal_list_url', label: 'Journal list link' },
    ],
  },
  {
    title: 'Site behaviour',
    fields: [
      { key: 'show_editor_contacts', label: "Show editors' contact details", kind: 'switch' },
      { key: 'show_subject_column', label: 'Show the Subject column', kind: 'switch' },
      { key: 'show_publisher_link', label: 'Show the publisher link on Contact', kind: 'switch' },
      { key: 'show_journal_list_link', label: 'Show the journal-list link', kind: 'switch' },
      { key: 'header_style', label: 'Header', options: HEADER_STYLES },
      { key: 'cover_page_variant', label: 'Cover page', options: COVER_PAGE_VARIANTS },
      { key: 'admin_ip_allowlist', label: 'Admin IP allow-list (empty admits every address)', kind: 'textarea' },
    ],
  },
];

export function SettingsPage() {
  const loaded = useLoaderData<typeof settingsLoader>();
  const flash = useFlash();
  const [values, setValues] = useState<SiteSettings>(loaded);
  const set = (key: Key, value: string | boolean) => setValues((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = settingsInputSchema.safeParse(values);
    if (!parsed.success) return flash.show('error', firstProblem(parsed.error));
    const result = await adminRequest('/api/settings', { method: 'POST', body: parsed.data });
    flash.show(result.ok ? 'success' : 'error', result.ok ? SETTINGS_UPDATED_MESSAGE : result.status === 400 ? result.message : GENERIC_ERROR_MESSAGE);
    window.scrollTo(0, 0);
  }

  function input(field: Field) {
    const value = values[field.key];
    if (field.kind === 'switch') {
      return <input type="checkbox" role="switch" name={field.key} checked={value as boolean} onChange={(e) => set(field.key, e.target.checked)} />;
    }
    if (field.kind === 'rich') return <RichTextField label={field.label} value={value as string} onChange={(html) => set(field.key, html)} />;
    if (field.options) {
      return (
        <select name={field.key} value={value as string} onChange={(e) => set(field.key, e.target.value)}>
          {field.options.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      );
    }
    const Tag = field.kind === 'textarea' ? 'textarea' : 'input';
    return <Tag name={field.key} value={value as string} onChange={(e) => set(field.key, e.target.value)} />;
  }

  return (
    <section>
      <h1>Settings</h1>
      <form className="admin-form settings-form" onSubmit={submit}>
        {SETTINGS_GROUPS.map((group) => (
          <fieldset key={group.title} className="admin-card">
            <legend>{group.title}</legend>
            <div className="form-grid">
              {group.fields.map((field) =>
                field.kind === 'rich' ? (
                  <div key={field.key} className="span-2 field">
                    <span className="field-label">{field.label}</span>
                    {input(field)}
                  </div>
                ) : (
                  <label key={field.key} className={field.kind === 'switch' ? 'switch-field' : field.kind === 'textarea' ? 'span-2' : undefined}>
                    {field.label}
                    {input(field)}
                  </label>
                ),
              )}
            </div>
          </fieldset>
        ))}
        <button type="submit" className="button-primary">
          Save Settings
        </button>
      </form>
    </section>
  );
}

import { useState, type FormEvent } from 'react';
import { useLoaderData } from 'react-router';
import { COVER_PAGE_VARIANTS, HEADER_STYLES } from '../../../common/constants.js';
import { SETTINGS_UPDATED_MESSAGE, settingsInputSchema, type SiteSettings } from '../../../common/schemas/settings.js';
import type { SitePictures } from '../../../common/schemas/site-pictures.js';
import { RichTextField } from '../../features/admin-editor/rich-text-field.js';
import { ApplyLicenceButton } from '../../features/admin-settings/apply-licence-button.js';
import { LicenceFields } from '../../features/admin-settings/licence-fields.js';
import { SitePicturesCard } from '../../features/admin-settings/site-pictures-card.js';
import { adminLoad, adminRequest } from '../../features/admin-shell/admin-request.js';
import { FlashBeside, useFlash } from '../../features/admin-shell/flash.js';
import {
  CHECK_FIELDS_MESSAGE,
  focusFirstProblem,
  NO_PROBLEMS,
  refusalProblems,
  schemaProblems,
  type FormProblems,
} from '../../features/forms/field-errors.js';
import { FormField, type ControlProps } from '../../features/forms/form-field.js';
import { useKeptForm } from '../../lib/use-kept-form.js';

export const settingsLoader = async () => {
  const [settings, pictures] = await Promise.all([
    adminLoad<SiteSettings>('/api/settings/'),
    adminLoad<SitePictures>('/api/site-pictures'),
  ]);
  return { settings, pictures };
};

type Key = keyof SiteSettings;
type Field = {
  key: Key;
  label: string;
  kind?: 'textarea' | 'switch' | 'rich' | 'licence';
  options?: readonly string[];
  required?: boolean;
};
const FIELD_NAMES = Object.keys(settingsInputSchema.shape);

/**
 * Every setting (specification: Entities and their fields) and the per-domain switches (docs/architecture.md), in
 * groups.
 */
export const SETTINGS_GROUPS: { title: string; fields: Field[] }[] = [
  {
    title: 'Journal',
    fields: [
      { key: 'websitename', label: 'Website name', required: true },
      { key: 'journal_abbreviation', label: 'Journal abbreviation (ISO 4, e.g. Int. J. Res.)' },
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
    title: 'DOIs, Crossref and licence',
    fields: [
      { key: 'doi_prefix', label: 'DOI prefix (like 10.1234)' },
      {
        key: 'doi_suffix_pattern',
        label: 'DOI suffix pattern ({journal-initials}, {year}, {volume}, {issue}, {refnumber})',
      },
      { key: 'crossref_depositor_name', label: 'Crossref depositor name (empty: the publisher name)' },
      { key: 'crossref_depositor_email', label: 'Crossref depositor email (empty: the website email)' },
      { key: 'crossref_registrant', label: 'Crossref registrant (empty: the publisher name)' },
      { key: 'licence_name', label: 'Licence', kind: 'licence' },
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
    title: 'Certificates',
    fields: [
      { key: 'certificate_signatory_name', label: 'Signatory (empty: the Editor-in-Chief signs)' },
      { key: 'certificate_signatory_title', label: "Signatory's title (like Managing Editor)" },
    ],
  },
  {
    title: 'Site behaviour',
    fields: [
      { key: 'show_editor_contacts', label: "Show editors' contact details", kind: 'switch' },
      { key: 'show_subject_column', label: 'Show the Subject column', kind: 'switch' },
      { key: 'show_publisher_link', label: 'Show the publisher link on Contact', kind: 'switch' },
      { key: 'show_journal_list_link', label: 'Show the journal-list link', kind: 'switch' },
      { key: 'show_usage', label: 'Show views and downloads on article pages', kind: 'switch' },
      { key: 'header_style', label: 'Header', options: HEADER_STYLES },
      { key: 'cover_page_variant', label: 'Cover page', options: COVER_PAGE_VARIANTS },
      { key: 'admin_ip_allowlist', label: 'Admin IP allow-list (empty admits every address)', kind: 'textarea' },
    ],
  },
];

export function SettingsPage() {
  const loaded = useLoaderData<typeof settingsLoader>();
  const flash = useFlash();
  const [values, setValues] = useKeptForm<SiteSettings>('settings', loaded.settings);
  const [problems, setProblems] = useState<FormProblems>(NO_PROBLEMS);
  const [saved, setSaved] = useState(loaded.settings);
  const licenceUnsaved = values.licence_name !== saved.licence_name || values.licence_url !== saved.licence_url;
  const set = (key: Key, value: string | boolean) => setValues((current) => ({ ...current, [key]: value }));

  function refuse(found: FormProblems, form: HTMLFormElement) {
    setProblems(found);
    flash.show('error', found.form || CHECK_FIELDS_MESSAGE);
    focusFirstProblem(form);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = settingsInputSchema.safeParse(values);
    if (!parsed.success) return refuse(schemaProblems(parsed.error), form);
    const result = await adminRequest('/api/settings', { method: 'POST', body: parsed.data });
    if (!result.ok) return refuse(refusalProblems(result, FIELD_NAMES), form);
    setProblems(NO_PROBLEMS);
    setValues(parsed.data);
    setSaved(parsed.data);
    flash.show('success', SETTINGS_UPDATED_MESSAGE, { beside: true });
  }

  function input(field: Field, control: ControlProps) {
    const value = values[field.key];
    if (field.kind === 'switch') {
      return (
        <input
          type="checkbox"
          role="switch"
          {...control}
          checked={value as boolean}
          onChange={(e) => set(field.key, e.target.checked)}
        />
      );
    }
    if (field.kind === 'rich') {
      return (
        <RichTextField
          label={field.label}
          value={value as string}
          onChange={(html) => set(field.key, html)}
          control={control}
        />
      );
    }
    if (field.options) {
      return (
        <select {...control} value={value as string} onChange={(e) => set(field.key, e.target.value)}>
          {field.options.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      );
    }
    const Tag = field.kind === 'textarea' ? 'textarea' : 'input';
    return <Tag {...control} value={value as string} onChange={(e) => set(field.key, e.target.value)} />;
  }

  return (
    <section>
      <h1>Settings</h1>
      <form className="admin-form settings-form" onSubmit={submit} noValidate>
        {SETTINGS_GROUPS.map((group) => (
          <fieldset key={group.title} className="admin-card">
            <legend>{group.title}</legend>
            <div className="form-grid">
              {group.fields.map((field) =>
                field.kind === 'licence' ? (
                  <div key={field.key} className="span-2">
                    <LicenceFields
                      values={values}
                      onChange={(licence) => setValues((current) => ({ ...current, ...licence }))}
                      problems={problems.fields}
                    />
                    <ApplyLicenceButton unsaved={licenceUnsaved} />
                  </div>
                ) : (
                  <FormField
                    key={field.key}
                    name={field.key}
                    label={field.label}
                    required={field.required}
                    error={problems.fields[field.key]}
                    className={field.kind === 'switch' ? 'switch-field' : field.kind ? 'span-2' : undefined}
                  >
                    {(control) => input(field, control)}
                  </FormField>
                ),
              )}
            </div>
          </fieldset>
        ))}
        <div className="form-actions">
          <button type="submit" className="button-primary">
            Save Settings
          </button>
          <FlashBeside />
        </div>
      </form>
      <SitePicturesCard initial={loaded.pictures} />
    </section>
  );
}

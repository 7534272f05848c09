import { useState, type FormEvent } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { JOURNAL_CREATED_MESSAGE, journalInputSchema, type Journal } from '../../../common/schemas/journal.js';
import { adminLoad, adminRequest } from '../../features/admin-shell/admin-request.js';
import { AdminTable } from '../../features/admin-shell/admin-table.js';
import { useFlash } from '../../features/admin-shell/flash.js';
import { FormError } from '../../features/admin-shell/form-error.js';
import { NO_PROBLEMS, refusalProblems, schemaProblems, type FormProblems } from '../../features/forms/field-errors.js';
import { FormField } from '../../features/forms/form-field.js';
import { useKeptForm } from '../../lib/use-kept-form.js';

export const journalsLoader = () => adminLoad<Journal[]>('/api/publisher/journals');

const EMPTY = { name: '', shortName: '', hosts: '', publicOrigin: '' };
type JournalForm = typeof EMPTY;
const FIELD_NAMES = Object.keys(journalInputSchema.shape);

/** The host names typed one per line, blank lines left out; the first is the primary. */
export const hostLines = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** A journal's home page at its primary host, on the port this page was loaded from (a development server's). */
export const journalAddress = (host: string, port: string): string => `http://${host}${port ? `:${port}` : ''}/`;

/** What the form sends: the hosts as a list, optional fields left out when empty. */
export const journalBody = (values: JournalForm) => ({
  name: values.name,
  hosts: hostLines(values.hosts),
  ...(values.shortName.trim() ? { shortName: values.shortName } : {}),
  ...(values.publicOrigin.trim() ? { publicOrigin: values.publicOrigin } : {}),
});

function NewJournalForm({ onCreated }: { onCreated: () => void }) {
  const flash = useFlash();
  const [values, setValues] = useKeptForm('journal', EMPTY);
  const [problems, setProblems] = useState<FormProblems>(NO_PROBLEMS);
  const set = (key: keyof JournalForm) => (value: string) => setValues((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = journalInputSchema.safeParse(journalBody(values));
    if (!parsed.success) return setProblems(schemaProblems(parsed.error));
    const result = await adminRequest('/api/publisher/journals', { method: 'POST', body: parsed.data });
    if (!result.ok) return setProblems(refusalProblems(result, FIELD_NAMES));
    setProblems(NO_PROBLEMS);
    flash.show('success', JOURNAL_CREATED_MESSAGE);
    setValues(EMPTY);
    onCreated();
  }

  const text = (key: keyof JournalForm) => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => set(key)(e.target.value),
  });

  return (
    <form className="admin-card admin-form" onSubmit={submit} aria-label="Add a journal" noValidate>
      <h2>Add a journal</h2>
      <div className="form-grid">
        <FormField name="name" label="Name" required error={problems.fields.name}>
          {(control) => <input {...control} {...text('name')} />}
        </FormField>
        <FormField name="shortName" label="Short name" error={problems.fields.shortName}>
          {(control) => <input {...control} {...text('shortName')} />}
        </FormField>
        <FormField
          name="hosts"
          label="Host names"
          required
          hint="One per line; the first is the primary, the others lead to it."
          error={problems.fields.hosts}
        >
          {(control) => <textarea {...control} rows={3} spellCheck={false} {...text('hosts')} />}
        </FormField>
        <FormField
          name="publicOrigin"
          label="Public address"
          hint="Optional, e.g. https://journal.example.org; empty: the address it is reached at."
          error={problems.fields.publicOrigin}
        >
          {(control) => <input {...control} type="url" {...text('publicOrigin')} />}
        </FormField>
      </div>
      <FormError message={problems.form} />
      <button type="submit" className="button-primary">
        Add Journal
      </button>
    </form>
  );
}

function JournalRow({ journal }: { journal: Journal }) {
  const [primary, ...aliases] = journal.hosts;
  return (
    <tr>
      <td>{journal.name}</td>
      <td>
        {primary ? (
          <>
            <strong>{primary}</strong>
            {aliases.map((alias) => (
              <span key={alias}>, {alias}</span>
            ))}
          </>
        ) : (
          'Any host no journal claims'
        )}
      </td>
      <td>{primary && <a href={journalAddress(primary, window.location.port)}>Open</a>}</td>
    </tr>
  );
}

/** Journals (publisher admins only): the installation's journals with their hosts, and a form to add one. */
export function JournalsPage() {
  const journals = useLoaderData<typeof journalsLoader>();
  const revalidator = useRevalidator();
  return (
    <section>
      <h1>Journals</h1>
      <AdminTable columns={['Name', 'Host names']}>
        {journals.map((journal) => (
          <JournalRow key={journal.id} journal={journal} />
        ))}
      </AdminTable>
      <NewJournalForm onCreated={() => revalidator.revalidate()} />
    </section>
  );
}

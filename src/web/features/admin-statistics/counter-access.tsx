import { useRef, useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import type { CounterKey, CounterKeyInput, CreatedCounterKey } from '../../../common/schemas/counter.js';
import type { Period } from '../../../common/schemas/statistics.js';
import { adminRequest } from '../admin-shell/admin-request.js';
import { useFlash } from '../admin-shell/flash.js';
import { FormError } from '../admin-shell/form-error.js';
import { NO_PROBLEMS, refusalMessage, refusalProblems, type FormProblems } from '../forms/field-errors.js';
import { FormField } from '../forms/form-field.js';
import { COUNTER_KEYS_URL, counterKeyBody, harvestUrlPattern, missingFields } from './counter-keys.js';
import { COUNTER_REPORTS } from './counter-reports.js';
import { ReportDownloads } from './report-downloads.js';

/** The keys, or why they could not be read (the COUNTER API answers apart from the statistics). */
export type CounterKeys = { ok: true; keys: CounterKey[] } | { ok: false; message: string };

const EMPTY_KEY: CounterKeyInput = { institution_name: '', customer_id: '', requestor_id: '' };
const KEY_FIELDS = Object.keys(EMPTY_KEY);
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : 'Never');

function KeysTable({ keys, onRevoked }: { keys: CounterKey[]; onRevoked: (key: CounterKey) => void }) {
  const flash = useFlash();
  const revalidator = useRevalidator();

  async function revoke(key: CounterKey) {
    const question = `Revoke the API key of ${key.institution_name} (customer ID ${key.customer_id})? Harvesters using it will be refused from now on.`;
    if (!window.confirm(question)) return;
    const result = await adminRequest(`${COUNTER_KEYS_URL}/${key.id}`, { method: 'DELETE' });
    if (!result.ok) return flash.show('error', refusalMessage(result));
    flash.show('success', `Revoked the API key of ${key.institution_name}.`);
    onRevoked(key);
    await revalidator.revalidate();
  }

  if (keys.length === 0) return <p className="muted">No institution has an API key yet.</p>;
  return (
    <div className="table-wrap">
      <table className="admin-table">
        <caption className="visually-hidden">API keys</caption>
        <thead>
          <tr>
            <th scope="col">Institution</th>
            <th scope="col">Customer ID</th>
            <th scope="col" className="hide-narrow">
              Requestor ID
            </th>
            <th scope="col">Key</th>
            <th scope="col" className="hide-narrow">
              Created
            </th>
            <th scope="col" className="hide-narrow">
              Last used
            </th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id}>
              <td>{key.institution_name}</td>
              <td>{key.customer_id}</td>
              <td className="hide-narrow">{key.requestor_id || '—'}</td>
              <td>…{key.key_hint}</td>
              <td className="hide-narrow">{day(key.created_at)}</td>
              <td className="hide-narrow">{day(key.last_used_at)}</td>
              <td>
                <button type="button" className="link-button danger" onClick={() => revoke(key)}>
                  Revoke<span className="visually-hidden"> the key of {key.institution_name}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function NewKeyForm({ onCreated }: { onCreated: (key: CreatedCounterKey) => void }) {
  const [values, setValues] = useState(EMPTY_KEY);
  const [problems, setProblems] = useState<FormProblems>(NO_PROBLEMS);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing = missingFields(values);
    if (Object.keys(missing).length) return setProblems({ fields: missing, form: '' });
    const result = await adminRequest<CreatedCounterKey>(COUNTER_KEYS_URL, {
      method: 'POST',
      body: counterKeyBody(values),
    });
    if (!result.ok) return setProblems(refusalProblems(result, KEY_FIELDS));
    setProblems(NO_PROBLEMS);
    setValues(EMPTY_KEY);
    onCreated(result.data);
  }

  const field = (name: keyof CounterKeyInput, label: string, required: boolean, hint?: string) => (
    <FormField name={name} label={label} required={required} error={problems.fields[name]} hint={hint}>
      {(control) => (
        <input
          {...control}
          autoComplete="off"
          value={values[name]}
          onChange={(e) => setValues((current) => ({ ...current, [name]: e.target.value }))}
        />
      )}
    </FormField>
  );

  return (
    <form className="admin-form" onSubmit={submit} aria-label="Add an institution" noValidate>
      <h3>Add an institution</h3>
      <div className="form-grid">
        {field('institution_name', 'Institution name', true)}
        {field('customer_id', 'Customer ID', true, 'How the institution names itself to the COUNTER API')}
        {field('requestor_id', 'Requestor ID', false, 'Optional: the harvesting service acting for it')}
      </div>
      <FormError message={problems.form} />
      <button type="submit" className="button-primary">
        Create API key
      </button>
    </form>
  );
}

/** What to tell the institution besides its key: where its harvester asks for the reports. */
function HarvestLine({ created }: { created: CreatedCounterKey }) {
  return (
    <p className="hint stats-harvest">
      How a library harvests: <code>{harvestUrlPattern(window.location.origin, created)}</code>, where report is one of{' '}
      {COUNTER_REPORTS.map((report) => report.id).join(', ')}.
    </p>
  );
}

/** The new key, this once: only a hash of it is kept. */
function NewKeyNotice({ created, onDone }: { created: CreatedCounterKey; onDone: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState('');

  async function copy() {
    input.current?.select();
    try {
      await navigator.clipboard.writeText(created.api_key);
      setCopied('Copied.');
    } catch {
      // No clipboard without HTTPS: the key is selected for the keyboard's copy instead.
      setCopied('Selected: press Ctrl+C (⌘C on a Mac) to copy it.');
    }
  }

  return (
    <div className="stats-new-key" role="status">
      <p>
        <strong>API key for {created.institution_name}</strong> (customer ID {created.customer_id})
      </p>
      <div className="stats-key-line">
        <label htmlFor="new-api-key" className="visually-hidden">
          New API key
        </label>
        <input id="new-api-key" ref={input} readOnly value={created.api_key} onFocus={(e) => e.target.select()} />
        <button type="button" className="button-primary" onClick={copy}>
          Copy key
        </button>
      </div>
      <p className="hint">
        Copy it now and send it to the institution: it is shown only this once and cannot be read again. {copied}
      </p>
      <HarvestLine created={created} />
      <button type="button" className="link-button" onClick={onDone}>
        I have copied the key
      </button>
    </div>
  );
}

/** COUNTER API access: the period's reports for the admin, and the institutions that may harvest them. */
export function CounterAccess({ keys, period }: { keys: CounterKeys; period: Period }) {
  const revalidator = useRevalidator();
  const [created, setCreated] = useState<CreatedCounterKey | null>(null);

  async function onCreated(key: CreatedCounterKey) {
    setCreated(key);
    await revalidator.revalidate();
  }

  return (
    <section className="admin-card stats-counter" aria-labelledby="counter-access-title">
      <h2 id="counter-access-title">COUNTER API access</h2>
      <p className="muted">
        The journal&apos;s usage as COUNTER 5.1 reports: download them here, or let libraries and their harvesting
        services read them through the API, each with a key of its own.
      </p>
      <h3>
        Reports for {period.from} to {period.to}
      </h3>
      <ReportDownloads period={period} />
      <h3>Institutions with an API key</h3>
      {keys.ok ? (
        <>
          {created && <NewKeyNotice created={created} onDone={() => setCreated(null)} />}
          <KeysTable keys={keys.keys} onRevoked={(key) => key.id === created?.id && setCreated(null)} />
          <NewKeyForm onCreated={onCreated} />
        </>
      ) : (
        <p className="form-error">The API keys could not be read: {keys.message}</p>
      )}
    </section>
  );
}

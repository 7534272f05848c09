import { useRef, useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import type { CounterKey, CounterKeyInput, CreatedCounterKey } from '../../../common/schemas/counter.js';
import type { Period } from '../../../common/schemas/statistics.js';
import { useConfirm } from '../../components/confirm-dialog.js';
import { adminRequest } from '../admin-shell/admin-request.js';
import { useFlash } from '../admin-shell/flash.js';
import { FormError } from '../admin-shell/form-error.js';
import { NO_PROBLEMS, refusalMessage, refusalProblems, type FormProblems } from '../forms/field-errors.js';
import { FormField } from '../forms/form-field.js';
import { COUNTER_KEYS_URL, counterKeyBody, harvestMessage, missingFields } from './counter-keys.js';
import { coveredPeriod, periodWords, recentMonths, type AvailableMonths } from './counter-reports.js';
import { ReportDownloads } from './report-downloads.js';

/** The keys, or why they could not be read (the COUNTER API answers apart from the statistics). */
export type CounterKeys = { ok: true; keys: CounterKey[] } | { ok: false; message: string };

const EMPTY_KEY: CounterKeyInput = { institution_name: '', customer_id: '', requestor_id: '' };
const KEY_FIELDS = Object.keys(EMPTY_KEY);
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : 'Never');

function KeysTable({ keys, onRevoked }: { keys: CounterKey[]; onRevoked: (key: CounterKey) => void }) {
  const flash = useFlash();
  const revalidator = useRevalidator();
  const confirm = useConfirm();

  async function revoke(key: CounterKey) {
    const revoking = await confirm({
      question: `Revoke the API key of ${key.institution_name}?`,
      consequence: `The library’s usage reports will no longer reach it: its harvester is refused from now on. A new key can be made for it later.`,
      action: 'Revoke key',
      danger: true,
    });
    if (!revoking) return;
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
        {field(
          'customer_id',
          'Customer ID',
          true,
          'A short name you choose for the institution, like lakeside-university: its harvester sends it with the key.',
        )}
        {field(
          'requestor_id',
          'Requestor ID',
          false,
          'Only if the library asks for one: the name of the service that collects its reports for it.',
        )}
      </div>
      <FormError message={problems.form} />
      <button type="submit" className="button-primary">
        Create API key
      </button>
    </form>
  );
}

type CopyTarget = HTMLInputElement | HTMLTextAreaElement;

/** Copies a field's text; without a clipboard (no HTTPS) it is selected for the keyboard's copy instead. */
function useCopy(): [(field: CopyTarget | null) => Promise<void>, string] {
  const [said, setSaid] = useState('');
  async function copy(field: CopyTarget | null) {
    if (!field) return;
    field.select();
    try {
      await navigator.clipboard.writeText(field.value);
      setSaid('Copied.');
    } catch {
      setSaid('Selected: press Ctrl+C (⌘C on a Mac) to copy it.');
    }
  }
  return [copy, said];
}

/** The new key, this once (only a hash of it is kept), and the message that gives it to the library. */
function NewKeyNotice({ created, months, onDone }: { created: CreatedCounterKey; months: Period; onDone: () => void }) {
  const key = useRef<HTMLInputElement>(null);
  const message = useRef<HTMLTextAreaElement>(null);
  const [copy, copied] = useCopy();

  return (
    <div className="stats-new-key" role="status">
      <p>
        <strong>API key for {created.institution_name}</strong> (customer ID {created.customer_id})
      </p>
      <div className="stats-key-line">
        <label htmlFor="new-api-key" className="visually-hidden">
          New API key
        </label>
        <input id="new-api-key" ref={key} readOnly value={created.api_key} onFocus={(e) => e.target.select()} />
        <button type="button" className="button-primary" onClick={() => void copy(key.current)}>
          Copy key
        </button>
      </div>
      <p className="hint">
        Copy it now and send it to the institution: it is shown only this once and cannot be read again. {copied}
      </p>
      <label className="stats-harvest">
        Message for the library, with its key and its harvest address
        <textarea
          ref={message}
          readOnly
          rows={7}
          value={harvestMessage(window.location.origin, created, months)}
          onFocus={(e) => e.target.select()}
        />
      </label>
      <div className="stats-key-actions">
        <button type="button" onClick={() => void copy(message.current)}>
          Copy the message
        </button>
        <button type="button" className="link-button" onClick={onDone}>
          I have copied the key
        </button>
      </div>
    </div>
  );
}

/**
 * The reports of the chosen period's complete months with counted use, headed with the months they cover: the
 * COUNTER API leaves out months not over yet and months before counting began.
 */
function ReportsOfPeriod({ period, available }: { period: Period; available: AvailableMonths | null }) {
  const covered = available ? coveredPeriod(period, available) : period;
  if (!covered)
    return (
      <p className="muted">
        No complete month of {periodWords(period)} has counted use, so there is no report for it
        {available ? `: reports can cover ${periodWords({ from: available.first, to: available.last })}` : ''}.
      </p>
    );
  const shortened = covered.from !== period.from || covered.to !== period.to;
  return (
    <>
      <h3>Reports for {periodWords(covered)}</h3>
      {shortened && (
        <p className="hint">
          Of {periodWords(period)}, the reports cover the months that are over and have counted use.
        </p>
      )}
      <ReportDownloads period={covered} />
    </>
  );
}

/** COUNTER API access: the period's reports for the admin, and the institutions that may harvest them. */
export function CounterAccess({
  keys,
  period,
  available,
}: {
  keys: CounterKeys;
  period: Period;
  available: AvailableMonths | null;
}) {
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
      <ReportsOfPeriod period={period} available={available} />
      <h3>Institutions with an API key</h3>
      {keys.ok ? (
        <>
          {created && (
            <NewKeyNotice
              created={created}
              months={available ? recentMonths(available) : period}
              onDone={() => setCreated(null)}
            />
          )}
          <KeysTable keys={keys.keys} onRevoked={(key) => key.id === created?.id && setCreated(null)} />
          <NewKeyForm onCreated={onCreated} />
        </>
      ) : (
        <p className="form-error">The API keys could not be read: {keys.message}</p>
      )}
    </section>
  );
}

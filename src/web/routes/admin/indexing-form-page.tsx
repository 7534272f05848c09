import { useState, type FormEvent } from 'react';
import { Link, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { MAX_PICTURE_BYTES, PICTURE_SIZE_MESSAGE } from '../../../common/constants.js';
import {
  INDEXING_CREATED_MESSAGE,
  INDEXING_STATUSES,
  INDEXING_UPDATED_MESSAGE,
  indexingInputSchema,
  LOGO_REQUIRED_MESSAGE,
  type IndexingEntry,
  type IndexingInput,
} from '../../../common/schemas/indexing.js';
import { adminLoad, adminRequest } from '../../features/admin-shell/admin-request.js';
import { useFlash } from '../../features/admin-shell/flash.js';
import { FormError } from '../../features/admin-shell/form-error.js';
import { NO_PROBLEMS, refusalProblems, schemaProblems, type FormProblems } from '../../features/forms/field-errors.js';
import { FormField } from '../../features/forms/form-field.js';
import { PictureInput } from '../../features/forms/picture-input.js';
import { useKeptForm } from '../../lib/use-kept-form.js';

export const indexingEntryLoader = ({ params }: LoaderFunctionArgs) =>
  adminLoad<IndexingEntry>(`/api/admin/indexing/${params.id}`);

const EMPTY: IndexingInput = { title: '', link: '', status: 'enabled' };
const FIELD_NAMES = [...Object.keys(indexingInputSchema.shape), 'imgFile'];
const REFUSALS = { codeFields: { invalid_file: 'imgFile', file_too_large: 'imgFile' } };
const LOGO_LIMIT = { maxBytes: MAX_PICTURE_BYTES, message: PICTURE_SIZE_MESSAGE };

/** Add (no loader data) or edit an indexing entry: title and logo required, link optional (https:// is added when left out). */
export function IndexingFormPage() {
  const entry = useLoaderData<typeof indexingEntryLoader | undefined>();
  const navigate = useNavigate();
  const flash = useFlash();
  const [values, setValues] = useKeptForm<IndexingInput>(
    'indexing',
    entry ? { title: entry.title, link: entry.link, status: entry.status as IndexingInput['status'] } : EMPTY,
  );
  const [logo, setLogo] = useState<File | null>(null);
  const [problems, setProblems] = useState<FormProblems>(NO_PROBLEMS);
  const set = (key: keyof IndexingInput) => (value: string) => setValues((current) => ({ ...current, [key]: value }));

  function chooseLogo(file: File | null, problem: string) {
    setLogo(file);
    setProblems((current) => ({ ...current, fields: { ...current.fields, imgFile: problem } }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = indexingInputSchema.safeParse(values);
    const found = parsed.success ? { fields: {}, form: '' } : schemaProblems(parsed.error);
    if (!entry && !logo) found.fields = { ...found.fields, imgFile: LOGO_REQUIRED_MESSAGE };
    setProblems(found);
    if (!parsed.success || Object.keys(found.fields).length > 0) return;
    const body = new FormData();
    for (const [key, value] of Object.entries(parsed.data)) body.append(key, value);
    if (logo) body.append('imgFile', logo);
    const result = await adminRequest(entry ? `/api/admin/indexing/${entry.id}` : '/api/admin/indexing', {
      method: 'POST',
      body,
    });
    if (!result.ok) return setProblems(refusalProblems(result, FIELD_NAMES, REFUSALS));
    flash.show('success', entry ? INDEXING_UPDATED_MESSAGE : INDEXING_CREATED_MESSAGE, { keep: true });
    navigate('/admin/indexing');
  }

  return (
    <section>
      <div className="page-title">
        <h1>{entry ? `Edit ${entry.title}` : 'Add Indexing Entry'}</h1>
        <Link to="/admin/indexing">Back to indexing</Link>
      </div>
      <form className="admin-card admin-form" onSubmit={submit} noValidate>
        <div className="form-grid">
          <FormField name="title" label="Title" required error={problems.fields.title}>
            {(control) => <input {...control} value={values.title} onChange={(e) => set('title')(e.target.value)} />}
          </FormField>
          <FormField
            name="link"
            label="Link"
            error={problems.fields.link}
            hint="The service's page about the journal, e.g. scholar.google.com/…"
          >
            {(control) => <input {...control} value={values.link} onChange={(e) => set('link')(e.target.value)} />}
          </FormField>
          <FormField name="status" label="Status" error={problems.fields.status}>
            {(control) => (
              <select {...control} value={values.status} onChange={(e) => set('status')(e.target.value)}>
                {INDEXING_STATUSES.map((status) => (
                  <option key={status}>{status}</option>
                ))}
              </select>
            )}
          </FormField>
          <FormField
            name="imgFile"
            label="Logo"
            required={!entry}
            error={problems.fields.imgFile}
            hint="PNG, JPEG, GIF or WebP, at most 2 MB."
          >
            {(control) => (
              <PictureInput
                control={control}
                current={entry ? `/assets/indexing/${encodeURIComponent(entry.image)}` : null}
                limit={LOGO_LIMIT}
                onChoose={chooseLogo}
                alt="Logo preview"
              />
            )}
          </FormField>
        </div>
        <FormError message={problems.form} />
        <button type="submit" className="button-primary">
          {entry ? 'Update Entry' : 'Add Entry'}
        </button>
      </form>
    </section>
  );
}

import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { EDITOR_CATEGORIES, EDITOR_DESIGNATIONS, EDITOR_STATUSES, FILE_SIZE_MESSAGE, MAX_UPLOAD_BYTES } from '../../../common/constants.js';
import { GENERIC_ERROR_MESSAGE } from '../../../common/schemas/auth.js';
import {
  EDITOR_CREATED_MESSAGE,
  EDITOR_UPDATED_MESSAGE,
  editorInputSchema,
  IMAGE_ONLY_MESSAGE,
  type EditorInput,
} from '../../../common/schemas/editor-input.js';
import type { Editor } from '../../../common/schemas/editors.js';
import { adminLoad, adminRequest, firstProblem } from '../../features/admin-shell/admin-request.js';
import { useFlash } from '../../features/admin-shell/flash.js';
import { FormError } from '../../features/admin-shell/form-error.js';

export const editorLoader = ({ params }: LoaderFunctionArgs) => adminLoad<Editor>(`/api/editors/${params.id}`);

const EMPTY: EditorInput = {
  name: '', content: '', category: 'associate editor', post: '', degree: '', email: '', phone: '', country: '', editor_website: '', status: 'enabled',
};
const TEXT_FIELDS: { key: keyof EditorInput; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'degree', label: 'Degree' },
  { key: 'content', label: 'Affiliation' },
  { key: 'email', label: 'Email' },
  { key: 'phone', label: 'Phone' },
  { key: 'country', label: 'Country' },
  { key: 'editor_website', label: 'Website' },
];

/** Add (no loader data) or edit an editor: name, affiliation, category and post required; picture an image. */
export function EditorFormPage() {
  const editor = useLoaderData<typeof editorLoader | undefined>();
  const navigate = useNavigate();
  const flash = useFlash();
  const [values, setValues] = useState<EditorInput>(editor ? { ...EMPTY, ...pick(editor) } : EMPTY);
  const [picture, setPicture] = useState<File | null>(null);
  const [error, setError] = useState('');
  const set = (key: keyof EditorInput) => (value: string) => setValues((current) => ({ ...current, [key]: value }));

  function choosePicture(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    const problem = chosen && (chosen.size > MAX_UPLOAD_BYTES ? FILE_SIZE_MESSAGE : chosen.type.startsWith('image/') ? '' : IMAGE_ONLY_MESSAGE);
    if (problem) {
      window.alert(problem);
      event.target.value = '';
      return setPicture(null);
    }
    setPicture(chosen);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = editorInputSchema.safeParse(values);
    if (!parsed.success) return setError(firstProblem(parsed.error));
    const body = new FormData();
    for (const [key, value] of Object.entries(parsed.data)) body.append(key, value);
    if (picture) body.append('imgFile', picture);
    const result = await adminRequest(editor ? `/api/editors/${editor.id}` : '/api/editors', { method: 'POST', body });
    if (!result.ok) return setError(result.status === 400 || result.status === 413 ? result.message : GENERIC_ERROR_MESSAGE);
    flash.show('success', editor ? EDITOR_UPDATED_MESSAGE : EDITOR_CREATED_MESSAGE, { keep: true });
    navigate('/admin/editors');
  }

  const select = (key: keyof EditorInput, options: readonly string[], placeholder?: string) => (
    <select name={key} value={values[key]} onChange={(e) => set(key)(e.target.value)}>
      {placeholder && <option value="">{placeholder}</option>}
      {options.map((option) => (
        <option key={option}>{option}</option>
      ))}
    </select>
  );

  return (
    <section>
      <div className="page-title">
        <h1>{editor ? `Edit ${editor.name}` : 'Add Editor'}</h1>
        <Link to="/admin/editors">Back to editors</Link>
      </div>
      <form className="admin-card admin-form" onSubmit={submit} noValidate>
        <div className="form-grid">
          {TEXT_FIELDS.map(({ key, label }) => (
            <label key={key}>
              {label}
              <input name={key} value={values[key]} onChange={(e) => set(key)(e.target.value)} />
            </label>
          ))}
          <label>
            Category
            {select('category', EDITOR_CATEGORIES)}
          </label>
          <label>
            Post
            {select('post', withCurrent(EDITOR_DESIGNATIONS, values.post), 'Select designation')}
          </label>
          <label>
            Status
            {select('status', EDITOR_STATUSES)}
          </label>
          <label>
            Picture
            <input name="imgFile" type="file" accept="image/png,image/jpeg,image/gif,image/webp" onChange={choosePicture} />
            {editor?.picture && <img className="editor-picture" src={`/assets/editors/${editor.picture}`} alt="" width={64} height={64} />}
          </label>
        </div>
        <FormError message={error} />
        <button type="submit" className="button-primary">
          {editor ? 'Update Editor' : 'Add Editor'}
        </button>
      </form>
    </section>
  );
}

function pick(editor: Editor): EditorInput {
  const { name, content, category, post, degree, email, phone, country, editor_website, status } = editor;
  return { name, content, category, post, degree, email, phone, country, editor_website, status: status as EditorInput['status'] };
}

/** A stored post that is not one of the designations stays selectable. */
const withCurrent = (options: readonly string[], current: string) => (current && !options.includes(current) ? [current, ...options] : options);

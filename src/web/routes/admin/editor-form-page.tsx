import { useState, type FormEvent } from 'react';
import { Link, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import {
  EDITOR_CATEGORIES,
  EDITOR_DESIGNATIONS,
  EDITOR_STATUSES,
  FILE_SIZE_MESSAGE,
  MAX_UPLOAD_BYTES,
} from '../../../common/constants.js';
import {
  EDITOR_CREATED_MESSAGE,
  EDITOR_UPDATED_MESSAGE,
  editorInputSchema,
  type EditorInput,
} from '../../../common/schemas/editor-input.js';
import type { Editor } from '../../../common/schemas/editors.js';
import { adminLoad, adminRequest } from '../../features/admin-shell/admin-request.js';
import { useFlash } from '../../features/admin-shell/flash.js';
import { FormError } from '../../features/admin-shell/form-error.js';
import { NO_PROBLEMS, refusalProblems, schemaProblems, type FormProblems } from '../../features/forms/field-errors.js';
import { FormField, type ControlProps } from '../../features/forms/form-field.js';
import { PictureInput } from '../../features/forms/picture-input.js';
import { useKeptForm } from '../../lib/use-kept-form.js';

export const editorLoader = ({ params }: LoaderFunctionArgs) => adminLoad<Editor>(`/api/editors/${params.id}`);

const EMPTY: EditorInput = {
  name: '',
  content: '',
  category: 'associate editor',
  post: '',
  degree: '',
  email: '',
  phone: '',
  country: '',
  editor_website: '',
  status: 'enabled',
};
const TEXT_FIELDS: { key: keyof EditorInput; label: string; required?: boolean }[] = [
  { key: 'name', label: 'Name', required: true },
  { key: 'degree', label: 'Degree' },
  { key: 'content', label: 'Affiliation', required: true },
  { key: 'email', label: 'Email' },
  { key: 'phone', label: 'Phone' },
  { key: 'country', label: 'Country' },
  { key: 'editor_website', label: 'Website' },
];
const FIELD_NAMES = [...Object.keys(editorInputSchema.shape), 'imgFile'];
const REFUSALS = { codeFields: { invalid_file: 'imgFile', file_too_large: 'imgFile' } };
const PICTURE_LIMIT = { maxBytes: MAX_UPLOAD_BYTES, message: FILE_SIZE_MESSAGE };

/** Add (no loader data) or edit an editor: name, affiliation, category and post required; picture an image. */
export function EditorFormPage() {
  const editor = useLoaderData<typeof editorLoader | undefined>();
  const navigate = useNavigate();
  const flash = useFlash();
  const [values, setValues] = useKeptForm<EditorInput>('editor', editor ? { ...EMPTY, ...pick(editor) } : EMPTY);
  const [picture, setPicture] = useState<File | null>(null);
  const [problems, setProblems] = useState<FormProblems>(NO_PROBLEMS);
  const set = (key: keyof EditorInput) => (value: string) => setValues((current) => ({ ...current, [key]: value }));

  function choosePicture(file: File | null, problem: string) {
    setPicture(file);
    setProblems((current) => ({ ...current, fields: { ...current.fields, imgFile: problem } }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = editorInputSchema.safeParse(values);
    if (!parsed.success) return setProblems(schemaProblems(parsed.error));
    const body = new FormData();
    for (const [key, value] of Object.entries(parsed.data)) body.append(key, value);
    if (picture) body.append('imgFile', picture);
    const result = await adminRequest(editor ? `/api/editors/${editor.id}` : '/api/editors', { method: 'POST', body });
    if (!result.ok) return setProblems(refusalProblems(result, FIELD_NAMES, REFUSALS));
    flash.show('success', editor ? EDITOR_UPDATED_MESSAGE : EDITOR_CREATED_MESSAGE, { keep: true });
    navigate('/admin/editors');
  }

  const select =
    (key: keyof EditorInput, options: readonly string[], placeholder?: string) => (control: ControlProps) => (
      <select {...control} value={values[key]} onChange={(e) => set(key)(e.target.value)}>
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
          {TEXT_FIELDS.map(({ key, label, required }) => (
            <FormField key={key} name={key} label={label} required={required} error={problems.fields[key]}>
              {(control) => <input {...control} value={values[key]} onChange={(e) => set(key)(e.target.value)} />}
            </FormField>
          ))}
          <FormField name="category" label="Category" required error={problems.fields.category}>
            {select('category', EDITOR_CATEGORIES)}
          </FormField>
          <FormField name="post" label="Post" required error={problems.fields.post}>
            {select('post', withCurrent(EDITOR_DESIGNATIONS, values.post), 'Select designation')}
          </FormField>
          <FormField name="status" label="Status" error={problems.fields.status}>
            {select('status', EDITOR_STATUSES)}
          </FormField>
          <FormField name="imgFile" label="Picture" error={problems.fields.imgFile}>
            {(control) => (
              <PictureInput
                control={control}
                current={editor?.picture ? `/assets/editors/${editor.picture}` : null}
                limit={PICTURE_LIMIT}
                onChoose={choosePicture}
                alt="Picture preview"
              />
            )}
          </FormField>
        </div>
        <FormError message={problems.form} />
        <button type="submit" className="button-primary">
          {editor ? 'Update Editor' : 'Add Editor'}
        </button>
      </form>
    </section>
  );
}

function pick(editor: Editor): EditorInput {
  const { name, content, category, post, degree, email, phone, country, editor_website, status } = editor;
  return {
    name,
    content,
    category,
    post,
    degree,
    email,
    phone,
    country,
    editor_website,
    status: status as EditorInput['status'],
  };
}

/** A stored post that is not one of the designations stays selectable. */
const withCurrent = (options: readonly string[], current: string) =>
  current && !options.includes(current) ? [current, ...options] : options;

import { useState, type FormEvent } from 'react';
import { NavLink, useLoaderData, useParams } from 'react-router';
import {
  CONTENT_PAGE_SLUGS,
  contentPageInputSchema,
  PAGE_UPDATED_MESSAGE,
  type ContentPage,
} from '../../../common/schemas/pages.js';
import { RichTextField } from '../../features/admin-editor/rich-text-field.js';
import { adminLoad, adminRequest } from '../../features/admin-shell/admin-request.js';
import { FlashBeside, useFlash } from '../../features/admin-shell/flash.js';
import { FormError } from '../../features/admin-shell/form-error.js';
import { NO_PROBLEMS, refusalProblems, schemaProblems, type FormProblems } from '../../features/forms/field-errors.js';
import { FormField } from '../../features/forms/form-field.js';
import { useKeptForm } from '../../lib/use-kept-form.js';

export const contentPagesLoader = () => adminLoad<ContentPage[]>('/api/admin/pages');

/** Instructions, About, Contact, Privacy Policy and Terms: one page at a time, with the rich-text editor. */
export function ContentPagesPage() {
  const pages = useLoaderData<typeof contentPagesLoader>();
  const { slug = 'instructions' } = useParams();
  const page = pages.find((candidate) => candidate.slug === slug) ?? pages[0]!;
  return (
    <section>
      <h1>Pages</h1>
      <nav className="content-pages-nav" aria-label="Pages">
        {CONTENT_PAGE_SLUGS.map((candidate) => (
          <NavLink
            key={candidate}
            to={`/admin/pages/${candidate}`}
            className={candidate === page.slug ? 'active' : undefined}
          >
            {pages.find((p) => p.slug === candidate)?.title ?? candidate}
          </NavLink>
        ))}
      </nav>
      <ContentPageForm key={page.slug} page={page} />
    </section>
  );
}

function ContentPageForm({ page }: { page: ContentPage }) {
  const flash = useFlash();
  const [values, setValues] = useKeptForm('page', { content: page.content });
  const [problems, setProblems] = useState<FormProblems>(NO_PROBLEMS);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = contentPageInputSchema.safeParse(values);
    if (!parsed.success) return setProblems(schemaProblems(parsed.error));
    setBusy(true);
    const result = await adminRequest<ContentPage>(`/api/admin/pages/${page.slug}`, {
      method: 'PUT',
      body: parsed.data,
    });
    setBusy(false);
    if (!result.ok) return setProblems(refusalProblems(result, ['content']));
    setProblems(NO_PROBLEMS);
    flash.show('success', PAGE_UPDATED_MESSAGE, { beside: true });
  }

  return (
    <form className="admin-card admin-form" onSubmit={submit} noValidate>
      <FormField
        name="content"
        label={page.title}
        required
        error={problems.fields.content}
        hint={
          <>
            {'Write {websitename}, {websiteemail}, {fee_rupee} or {fee_dollar} to show that setting. '}
            <a href={`/${page.slug}`} target="_blank" rel="noreferrer">
              View the page
            </a>
          </>
        }
      >
        {(control) => (
          <RichTextField
            label={page.title}
            value={values.content}
            onChange={(content) => setValues({ content })}
            control={control}
          />
        )}
      </FormField>
      <FormError message={problems.form} />
      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={busy}>
          Save Page
        </button>
        <FlashBeside />
      </div>
    </form>
  );
}

import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { EDITOR_CATEGORIES, EDITOR_GROUP_TITLES } from '../../../common/constants.js';
import type { Editor } from '../../../common/schemas/editors.js';
import { siteTitle, type HeadArgs, type HeadData } from '../../lib/head.js';
import { apiFrom } from '../../lib/public-api.js';
import { useRootData } from '../../lib/root-data.js';
import '../../styles/public-pages.css';

export const boardLoader = ({ context }: LoaderFunctionArgs): Promise<Editor[]> => apiFrom(context).editors();

export function boardHead({ settings }: HeadArgs): HeadData {
  return {
    title: siteTitle(settings, 'Editorial Board'),
    description: `The editorial board of ${settings.websitename}: editor-in-chief, associate editors and assistant editors.`,
    canonicalPath: '/board',
  };
}

/** An email address that may break only after its "@" or before a dot, never inside a word. */
function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/);
  return parts.map((part, index) => (
    <span key={index}>
      {index > 0 && <wbr />}
      {part}
    </span>
  ));
}

function EditorCard({ editor, showContacts }: { editor: Editor; showContacts: boolean }) {
  return (
    <li className="editor-card">
      <img
        src={editor.picture ? `/assets/editors/${encodeURIComponent(editor.picture)}` : '/default-avatar.svg'}
        alt={editor.picture ? `Photo of ${editor.name}` : ''}
        width="96"
        height="96"
        loading="lazy"
      />
      <div className="editor-details">
        <h3>{editor.name}</h3>
        {editor.degree && <p className="editor-degree">{editor.degree}</p>}
        <div className="editor-post" dangerouslySetInnerHTML={{ __html: editor.post }} />
        <p className="editor-affiliation">{editor.content}</p>
        {showContacts && (
          <ul className="editor-contacts">
            {editor.email && (
              <li>
                Email:{' '}
                <a href={`mailto:${editor.email}`}>
                  <BreakableEmail email={editor.email} />
                </a>
              </li>
            )}
            {editor.phone && (
              <li>
                Phone:{' '}
                <a className="editor-phone" href={`tel:${editor.phone.replace(/[^\d+]/g, '')}`}>
                  {editor.phone}
                </a>
              </li>
            )}
            {editor.editor_website && (
              <li>
                <a href={editor.editor_website} target="_blank" rel="noopener noreferrer">
                  Website
                </a>
              </li>
            )}
          </ul>
        )}
      </div>
    </li>
  );
}

/** Editor-in-Chief, Associate Editors, Assistant Editors; a group without editors is left out. */
export function BoardPage() {
  const editors = useLoaderData<typeof boardLoader>();
  const { settings } = useRootData();
  const groups = EDITOR_CATEGORIES.map((category) => ({
    category,
    members: editors.filter((editor) => editor.category === category),
  })).filter((group) => group.members.length > 0);
  return (
    <section className="card board-page">
      <h1>EDITORIAL BOARD</h1>
      {groups.map((group) => (
        <section
          key={group.category}
          className="board-group"
          aria-labelledby={`group-${group.category.replace(' ', '-')}`}
        >
          <h2 id={`group-${group.category.replace(' ', '-')}`}>{EDITOR_GROUP_TITLES[group.category]}</h2>
          <ul className="editor-list">
            {group.members.map((editor) => (
              <EditorCard key={editor.id} editor={editor} showContacts={settings.show_editor_contacts} />
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

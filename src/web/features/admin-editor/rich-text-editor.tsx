import { useEffect } from 'react';
import { Mark } from '@tiptap/core';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import type { ControlProps } from '../forms/form-field.js';

export interface RichTextEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  /** Titles keep only italics, subscripts and superscripts: one line, no other formatting. */
  italicOnly?: boolean;
  /** Ties the editor to its form field (id, aria-invalid, aria-describedby). */
  control?: ControlProps;
}

const ITALIC_ONLY = StarterKit.configure({
  blockquote: false,
  bold: false,
  bulletList: false,
  code: false,
  codeBlock: false,
  hardBreak: false,
  heading: false,
  horizontalRule: false,
  link: false,
  listItem: false,
  listKeymap: false,
  orderedList: false,
  strike: false,
  underline: false,
});
// Stored texts use h2 and h3 for their sections (h4 is kept for older abstracts), so they open as headings.
const FULL = StarterKit.configure({
  heading: { levels: [2, 3, 4] },
  code: false,
  codeBlock: false,
  link: { openOnClick: false },
});

/** Sub- and superscripts (CO<sub>2</sub>, m<sup>2</sup>), which titles and abstracts keep and StarterKit lacks. */
const scriptMark = (name: 'subscript' | 'superscript', tag: 'sub' | 'sup') =>
  Mark.create({
    name,
    excludes: 'subscript superscript',
    parseHTML: () => [{ tag }],
    renderHTML: ({ HTMLAttributes }) => [tag, HTMLAttributes, 0],
  });
const SCRIPTS = [scriptMark('subscript', 'sub'), scriptMark('superscript', 'sup')];

/** A title is one line of text: paragraphs become spaces. */
const asTitle = (html: string) => html.replace(/<\/p>\s*<p>/g, ' ').replace(/<\/?p>/g, '');

const TOOLS: {
  label: string;
  /** The button's name when its label is a symbol. */
  name?: string;
  active: string;
  attributes?: object;
  run: (editor: Editor) => void;
  full?: boolean;
}[] = [
  {
    label: 'H2',
    active: 'heading',
    attributes: { level: 2 },
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    full: true,
  },
  {
    label: 'H3',
    active: 'heading',
    attributes: { level: 3 },
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
    full: true,
  },
  { label: 'B', active: 'bold', run: (e) => e.chain().focus().toggleBold().run(), full: true },
  { label: 'I', active: 'italic', run: (e) => e.chain().focus().toggleItalic().run() },
  { label: 'x₂', name: 'Subscript', active: 'subscript', run: (e) => e.chain().focus().toggleMark('subscript').run() },
  {
    label: 'x²',
    name: 'Superscript',
    active: 'superscript',
    run: (e) => e.chain().focus().toggleMark('superscript').run(),
  },
  { label: 'U', active: 'underline', run: (e) => e.chain().focus().toggleUnderline().run(), full: true },
  { label: '• List', active: 'bulletList', run: (e) => e.chain().focus().toggleBulletList().run(), full: true },
  { label: '1. List', active: 'orderedList', run: (e) => e.chain().focus().toggleOrderedList().run(), full: true },
];

/** The editor's element takes string attributes only. */
function controlAttributes(control: ControlProps | undefined): Record<string, string> {
  if (!control) return {};
  const attributes: Record<string, string> = { id: control.id, 'aria-invalid': String(control['aria-invalid']) };
  if (control['aria-describedby']) attributes['aria-describedby'] = control['aria-describedby'];
  if (control.required) attributes['aria-required'] = 'true';
  return attributes;
}

/** The Tiptap editor (docs/decisions/010-rich-text-editor.md); loaded only by the admin forms that need it. */
export default function RichTextEditor({ label, value, onChange, italicOnly = false, control }: RichTextEditorProps) {
  const attributes = {
    role: 'textbox',
    'aria-label': label,
    'aria-multiline': String(!italicOnly),
    class: 'rich-text-input',
    ...controlAttributes(control),
  };
  const attributesKey = JSON.stringify(attributes);
  const editor = useEditor({
    extensions: [italicOnly ? ITALIC_ONLY : FULL, ...SCRIPTS],
    content: value,
    editorProps: { attributes },
    onUpdate: ({ editor: current }) => onChange(italicOnly ? asTitle(current.getHTML()) : current.getHTML()),
  });
  // A problem found after the editor was made (aria-invalid) reaches its element.
  useEffect(() => {
    if (editor && !editor.isDestroyed)
      editor.setOptions({ editorProps: { attributes: JSON.parse(attributesKey) as Record<string, string> } });
  }, [editor, attributesKey]);
  if (!editor) return null;
  return (
    <div className={`rich-text-editor${italicOnly ? ' rich-text-line' : ''}`}>
      <div className="rich-text-tools" role="toolbar" aria-label={`${label} formatting`}>
        {TOOLS.filter((tool) => !italicOnly || !tool.full).map((tool) => (
          <button
            key={tool.label}
            type="button"
            className={editor.isActive(tool.active, tool.attributes) ? 'active' : undefined}
            aria-pressed={editor.isActive(tool.active, tool.attributes)}
            title={tool.name}
            onClick={() => tool.run(editor)}
          >
            {tool.name ? (
              // A symbol for the eye, its name for everyone else: the button's name is then the text it shows.
              <>
                <span aria-hidden="true">{tool.label}</span>
                <span className="visually-hidden">{tool.name}</span>
              </>
            ) : (
              tool.label
            )}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}

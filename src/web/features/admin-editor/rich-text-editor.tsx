import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

export interface RichTextEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  /** Titles keep only italics (spec §3): one line, no other formatting. */
  italicOnly?: boolean;
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
// Level 2 too: home content sections are h2 under the page's h1, and an edit must not flatten them to text.
const FULL = StarterKit.configure({ heading: { levels: [2, 3, 4] }, code: false, codeBlock: false, link: { openOnClick: false } });

/** A title is one line of text: paragraphs become spaces. */
const asTitle = (html: string) => html.replace(/<\/p>\s*<p>/g, ' ').replace(/<\/?p>/g, '');

const TOOLS: { label: string; active: string; run: (editor: Editor) => void; full?: boolean }[] = [
  { label: 'B', active: 'bold', run: (e) => e.chain().focus().toggleBold().run(), full: true },
  { label: 'I', active: 'italic', run: (e) => e.chain().focus().toggleItalic().run() },
  { label: 'U', active: 'underline', run: (e) => e.chain().focus().toggleUnderline().run(), full: true },
  { label: '• List', active: 'bulletList', run: (e) => e.chain().focus().toggleBulletList().run(), full: true },
  { label: '1. List', active: 'orderedList', run: (e) => e.chain().focus().toggleOrderedList().run(), full: true },
];

/** The Tiptap editor (docs/decisions/010-rich-text-editor.md); loaded only by the admin forms that need it. */
export default function RichTextEditor({ label, value, onChange, italicOnly = false }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [italicOnly ? ITALIC_ONLY : FULL],
    content: value,
    editorProps: {
      attributes: { role: 'textbox', 'aria-label': label, 'aria-multiline': String(!italicOnly), class: 'rich-text-input' },
    },
    onUpdate: ({ editor: current }) => onChange(italicOnly ? asTitle(current.getHTML()) : current.getHTML()),
  });
  if (!editor) return null;
  return (
    <div className={`rich-text-editor${italicOnly ? ' rich-text-line' : ''}`}>
      <div className="rich-text-tools" role="toolbar" aria-label={`${label} formatting`}>
        {TOOLS.filter((tool) => !italicOnly || !tool.full).map((tool) => (
          <button
            key={tool.label}
            type="button"
            className={editor.isActive(tool.active) ? 'active' : undefined}
            aria-pressed={editor.isActive(tool.active)}
            onClick={() => tool.run(editor)}
          >
            {tool.label}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}

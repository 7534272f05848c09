import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './rich-text-editor.js';

const RichTextEditor = lazy(() => import('./rich-text-editor.js'));

/** The rich-text editor, fetched the first time a form shows one. */
export function RichTextField(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<div className="rich-text-editor rich-text-loading">Loading editor...</div>}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

import { createContext, useContext } from 'react';

/**
 * A large piece of a public page written once and kept until the next write: an issue's table rows, the year
 * list, a loader's hydration JSON. It is an object, not a string, so that the server can keep the piece's
 * UTF-8 bytes beside it by identity and copy them into each page instead of encoding the text again
 * (page-renderer.ts). Kept markup comes from a memo and follows its rule (memo-by-object.ts): never changed.
 */
export class KeptMarkup {
  constructor(readonly text: string) {}
}

/** Where the server collects the kept markup of one render; the browser has none and uses the text. */
export interface KeptMarkupSink {
  /** A placeholder to render instead of the markup; the server puts the markup's bytes in its place. */
  placeholder(markup: KeptMarkup): string;
}

export const KeptMarkupContext = createContext<KeptMarkupSink | null>(null);

/** The HTML to render for kept markup: the markup itself in the browser, a placeholder on the server. */
export function useKeptMarkup(markup: KeptMarkup): string {
  const sink = useContext(KeptMarkupContext);
  return sink ? sink.placeholder(markup) : markup.text;
}

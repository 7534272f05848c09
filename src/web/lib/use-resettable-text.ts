import { useState } from 'react';

/**
 * The text of an input that starts from `value` and starts again from it whenever `value` changes (a search named
 * by the address after a link or the back button), while what the reader types in between stays theirs.
 */
export function useResettableText(value: string): [string, (text: string) => void] {
  const [text, setText] = useState(value);
  const [startedFrom, setStartedFrom] = useState(value);
  if (startedFrom !== value) {
    setStartedFrom(value);
    setText(value);
  }
  return [text, setText];
}

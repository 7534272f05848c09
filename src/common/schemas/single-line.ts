import { z } from './zod-config.js';

export const SINGLE_LINE_MESSAGE = 'must be one line, without line breaks or other control characters';

/**
 * Text that is shown or sent as one line (a name, an address, a number, a link). A line break, a tab or any other
 * control character is refused, not removed, and before trimming, so a pasted line break is not stored unseen.
 */
export const singleLine = (message?: string) =>
  z.string(message === undefined ? undefined : { error: message }).regex(/^\P{Cc}*$/u, SINGLE_LINE_MESSAGE);

import { z } from './zod-config.js';
import { singleLine } from './single-line.js';

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * An optional web address. People type `profiles.example/asha` as often as the full address, so one
 * without a scheme is taken as https; anything but http(s) is refused (no javascript: or mailto: link), and so is
 * a line break, which the URL parser would otherwise drop from the check but not from the stored text.
 */
export const webAddress = (message: string) =>
  singleLine(message)
    .trim()
    .max(500, 'must be at most 500 characters')
    .transform((value) => (value && !HAS_SCHEME.test(value) ? `https://${value}` : value))
    .pipe(z.union([z.literal(''), z.url({ protocol: /^https?$/, message })]));

import { z } from 'zod';

/**
 * Zod builds a faster parser for each object schema with `new Function`, after probing once whether it may. The
 * site's Content-Security-Policy forbids that in the browser (script-src 'self', no 'unsafe-eval'), and even the
 * probe, whose refusal Zod catches, is reported as a CSP violation. So in the browser Zod runs without it; the
 * server, where no CSP applies, keeps the compiled parsers. Every shared schema takes `z` from here, so the
 * setting is made before the first schema exists (docs/decisions/093-input-bounds.md).
 */
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };

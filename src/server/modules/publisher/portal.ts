import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../../../common/html.js';
import type { AppContext, Site } from '../../app-context.js';

/** One journal as the portal lists it: every value as the journal's own settings and pictures give it. */
export interface PortalEntry {
  name: string;
  issn: string;
  eissn: string;
  /** Where the journal answers; null for a journal without a configured origin or host (the catch-all journal). */
  address: string | null;
  /** The absolute address of its cover picture, served from the journal's own host; null without one. */
  cover: string | null;
}

/**
 * The portal is one small page read a few times a minute at most; the journals' names, numbers and pictures it
 * shows change seldom, so caches may keep it for a minute.
 */
const CACHE_CONTROL = 'public, max-age=60';

/** The security headers allow inline styles (style-src 'unsafe-inline'), so the page carries its few rules itself. */
const STYLE =
  'body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#fff}' +
  'main{max-width:48rem;margin:0 auto;padding:2rem 1rem}' +
  'h1{margin:0 0 1.5rem;font-size:1.75rem}' +
  'ul{list-style:none;margin:0;padding:0}' +
  'li{display:flow-root;padding:1rem 0;border-top:1px solid #ddd}' +
  'h2{margin:0 0 .5rem;font-size:1.25rem}' +
  'img{float:right;max-width:8rem;max-height:10rem;margin:0 0 .5rem 1rem}' +
  'dl{margin:0;display:grid;grid-template-columns:max-content 1fr;gap:0 .75rem}dt{font-weight:600}dd{margin:0}' +
  'a{color:#0645ad}';

/** The request's port (`:8080`), kept on a journal's address made from its host, as the alias redirect keeps it. */
const portOf = (host: string) => /:(\d+)$/.exec(host)?.[0] ?? '';

/**
 * A journal's address: its configured origin (SITE_URL for journal 1, its record's public address otherwise), else
 * its primary host with the protocol and port the portal was asked with, else none.
 */
export function journalAddress(site: Site, primaryHost: string | null, request: FastifyRequest): string | null {
  if (site.origin) return site.origin;
  return primaryHost ? `${request.protocol}://${primaryHost}${portOf(request.host)}` : null;
}

/** Every journal of the installation, ordered by id, read through each journal's own services. */
export async function portalEntries(
  ctx: Pick<AppContext, 'journals'>,
  request: FastifyRequest,
): Promise<PortalEntry[]> {
  return Promise.all(
    ctx.journals.all().map(async (site) => {
      const [settings, pictures] = await Promise.all([
        site.services.settings.getPublic(),
        site.services.sitePictures.get(),
      ]);
      const address = journalAddress(site, ctx.journals.primaryHost(site.journal.id), request);
      return {
        name: settings.websitename,
        issn: settings.issn,
        eissn: settings.journal_essn,
        address,
        // A picture's address is a path on the journal's host (`/assets/site/…`); the portal's host serves none.
        cover: address && pictures.cover ? `${address}${pictures.cover}` : null,
      };
    }),
  );
}

function entryHtml(entry: PortalEntry): string {
  const name = escapeHtml(entry.name);
  const title = entry.address ? `<a href="${escapeHtml(entry.address)}">${name}</a>` : name;
  const numbers = [
    entry.issn && `<dt>ISSN (print)</dt><dd>${escapeHtml(entry.issn)}</dd>`,
    entry.eissn && `<dt>E-ISSN</dt><dd>${escapeHtml(entry.eissn)}</dd>`,
  ].filter(Boolean);
  return (
    '<li>' +
    `<h2>${title}</h2>` +
    // The name beside it says what the picture is; a screen reader need not read it twice.
    (entry.cover ? `<img src="${escapeHtml(entry.cover)}" alt="">` : '') +
    (numbers.length ? `<dl>${numbers.join('')}</dl>` : '') +
    '</li>'
  );
}

/** The portal page: a complete HTML5 document, every value escaped. */
export function portalHtml(publisherName: string, entries: readonly PortalEntry[]): string {
  const name = escapeHtml(publisherName);
  const list = entries.length
    ? `<ul>${entries.map(entryHtml).join('')}</ul>`
    : '<p>No journal is published here yet.</p>';
  return (
    '<!doctype html>' +
    '<html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${name}</title><style>${STYLE}</style></head>` +
    `<body><main><h1>${name}</h1>${list}</main></body></html>`
  );
}

/**
 * Answers GET / at PUBLISHER_HOST: the list of every journal of the installation, the page each journal's
 * "journal list" link (`journal_list_url`) can point to.
 */
export async function answerPortal(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: Pick<AppContext, 'config' | 'journals'>,
): Promise<void> {
  const html = portalHtml(ctx.config.PUBLISHER_NAME, await portalEntries(ctx, request));
  void reply.code(200).type('text/html; charset=utf-8').header('cache-control', CACHE_CONTROL).send(html);
}

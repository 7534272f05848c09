import { FEED_PATH } from '../../common/constants.js';
import { escapeHtml } from '../../common/html.js';
import type { HeadData } from '../../web/lib/head.js';
import type { ClientAssets } from './client-assets.js';

function headTags(head: HeadData | null, origin: string): string {
  if (!head) return '';
  const tags = [`<title>${escapeHtml(head.title)}</title>`];
  if (head.description) tags.push(`<meta name="description" content="${escapeHtml(head.description)}">`);
  if (head.canonicalPath) tags.push(`<link rel="canonical" href="${escapeHtml(origin + head.canonicalPath)}">`);
  for (const meta of head.meta ?? []) {
    tags.push(`<meta name="${escapeHtml(meta.name)}" content="${escapeHtml(meta.content)}">`);
  }
  for (const { type, title, path } of head.alternates ?? []) {
    tags.push(
      `<link rel="alternate" type="${escapeHtml(type)}" title="${escapeHtml(title)}" href="${escapeHtml(origin + path)}">`,
    );
  }
  tags.push(...sharingTags(head, origin));
  // '<' is escaped so that no text in the data can close the script element.
  if (head.jsonLd)
    tags.push(`<script type="application/ld+json">${JSON.stringify(head.jsonLd).replace(/</g, '\\u003c')}</script>`);
  return tags.join('');
}

/** Open Graph and Twitter card tags, so that a shared link shows the page's title and summary. */
function sharingTags(head: HeadData, origin: string): string[] {
  const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}">`;
  const name = (tag: string, content: string) => `<meta name="${tag}" content="${escapeHtml(content)}">`;
  const tags = [
    property('og:type', head.ogType ?? 'website'),
    property('og:title', head.title),
    name('twitter:card', 'summary'),
  ];
  tags.push(name('twitter:title', head.title));
  if (head.siteName) tags.push(property('og:site_name', head.siteName));
  // Open Graph wants an absolute address; uploaded pictures are named by their path on the site.
  if (head.image) tags.push(property('og:image', /^https?:\/\//.test(head.image) ? head.image : origin + head.image));
  if (head.canonicalPath) tags.push(property('og:url', origin + head.canonicalPath));
  if (head.description)
    tags.push(property('og:description', head.description), name('twitter:description', head.description));
  return tags;
}

interface DocumentOptions {
  head: HeadData | null;
  origin: string;
  assets: ClientAssets;
  /** Public pages name the feed, so that feed readers and crawlers find it. */
  linkFeed?: boolean;
}

/** The HTML page around an app's markup: what comes before it and what comes after it. */
export function documentAround(options: DocumentOptions): { before: string; after: string } {
  const { assets } = options;
  const before = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    headTags(options.head, options.origin),
    options.linkFeed
      ? `<link rel="alternate" type="application/atom+xml" title="Latest articles" href="${escapeHtml(options.origin + FEED_PATH)}">`
      : '',
    '<link rel="icon" href="/logo.svg" type="image/svg+xml">',
    ...assets.styles.map((href) => `<link rel="stylesheet" href="${href}">`),
    ...assets.preloads.map((href) => `<link rel="modulepreload" href="${href}">`),
    ...assets.scripts.map((src) => `<script type="module" src="${src}"></script>`),
    '</head><body><div id="root">',
  ].join('');
  return { before, after: '</div></body></html>' };
}

/** The full HTML page of a client-only area (admin, work-log): the app renders into the empty root in the browser. */
export function emptyDocument(options: DocumentOptions): string {
  const { before, after } = documentAround(options);
  return before + after;
}

import { COLOURS, type Doc } from './pdf-document.js';

/** The site's logo (src/web/public/logo.svg, drawn on a 96-unit square) redrawn as vector paths. */
const LOGO_SIZE = 96;

/**
 * Draws the journal's emblem with its top-left corner at (x, y), `size` points wide: the logo staff uploaded (a PNG or
 * JPEG, fitted into the square), else the built-in one.
 */
export function drawEmblem(doc: Doc, x: number, y: number, size: number, logo: Buffer | null = null): void {
  if (logo) {
    doc.image(logo, x, y, { fit: [size, size], align: 'center', valign: 'center' });
    return;
  }
  doc
    .save()
    .translate(x, y)
    .scale(size / LOGO_SIZE);
  doc.circle(48, 48, 46).fill(COLOURS.navy);
  doc.circle(48, 48, 38).lineWidth(3).stroke(COLOURS.gold);
  doc.path('M26 32c8-3 15-3 22 2v34c-7-5-14-5-22-2z').fill('#ffffff');
  doc.path('M70 32c-8-3-15-3-22 2v34c7-5 14-5 22-2z').fill(COLOURS.cream);
  doc.moveTo(48, 34).lineTo(48, 68).lineWidth(2).stroke(COLOURS.navy);
  doc.restore();
}

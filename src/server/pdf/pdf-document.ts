import PDFDocument from 'pdfkit';
import type { FontName } from './font-files.js';
import { loadedFonts } from './fonts.js';

export type Doc = PDFKit.PDFDocument;

/** House colours of the generated documents, matching the site's logo. */
export const COLOURS = {
  navy: '#1d3a6e',
  gold: '#e0b04a',
  cream: '#f3e6c4',
  ink: '#1a1a1a',
  muted: '#555555',
  rule: '#c9c9c9',
} as const;

export interface DocumentOptions {
  title: string;
  author: string;
  layout?: 'portrait' | 'landscape';
  margin?: number;
}

/** An A4 document with the embedded Unicode fonts registered under their FONTS names. */
export function createDocument(options: DocumentOptions): Doc {
  const fonts = loadedFonts();
  const doc = new PDFDocument({
    // Without a font here pdfkit parses the Helvetica metrics for every document, unused.
    font: fonts.serif as unknown as string,
    size: 'A4',
    layout: options.layout ?? 'portrait',
    margin: options.margin ?? 56,
    info: { Title: options.title, Author: options.author, Creator: options.author },
  });
  for (const [name, font] of Object.entries(fonts)) {
    // pdfkit accepts a parsed fontkit font where its typings only name paths and buffers.
    doc.registerFont(name, font as unknown as Buffer);
  }
  return doc.font('serif' satisfies FontName);
}

/** The document's width between its left and right margins. */
export function contentWidth(doc: Doc): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

/** Adds a page when fewer than `height` points remain above the bottom margin. */
export function ensureSpace(doc: Doc, height: number): boolean {
  if (doc.y + height <= doc.page.height - doc.page.margins.bottom) return false;
  doc.addPage();
  return true;
}

/** A thin horizontal rule across the content width at the current position. */
export function rule(doc: Doc, colour: string = COLOURS.rule, width = 0.8): void {
  const y = doc.y;
  doc
    .save()
    .moveTo(doc.page.margins.left, y)
    .lineTo(doc.page.width - doc.page.margins.right, y)
    .lineWidth(width)
    .strokeColor(colour)
    .stroke()
    .restore();
}

/**
 * Runs `draw` with the bottom margin lifted, for footers and bands drawn below it: pdfkit would
 * otherwise start a new page for text that passes the margin.
 */
export function belowMargin(doc: Doc, draw: () => void): void {
  const { bottom } = doc.page.margins;
  doc.page.margins.bottom = 0;
  try {
    draw();
  } finally {
    doc.page.margins.bottom = bottom;
  }
}

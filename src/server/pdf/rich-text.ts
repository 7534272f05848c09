import { decodeHTML } from 'entities';
import type { FontName } from './font-files.js';
import type { Doc } from './pdf-document.js';

/** A stretch of title text set in one style. */
export interface TextRun {
  text: string;
  italic: boolean;
}

const TAG = /<(\/?)([a-z]+)[^>]*>/gi;
const ITALIC_TAGS = new Set(['i', 'em']);

/** Splits a sanitised title (only <i>/<em> kept) into plain and italic runs, entities decoded. */
export function titleRuns(html: string): TextRun[] {
  const runs: TextRun[] = [];
  let depth = 0;
  let last = 0;
  const push = (raw: string) => {
    const text = decodeHTML(raw).replace(/\s+/g, ' ');
    if (!text) return;
    const italic = depth > 0;
    const previous = runs[runs.length - 1];
    if (previous && previous.italic === italic) previous.text += text;
    else runs.push({ text, italic });
  };
  for (const match of html.matchAll(TAG)) {
    push(html.slice(last, match.index));
    last = match.index + match[0].length;
    if (ITALIC_TAGS.has(match[2]!.toLowerCase())) depth = Math.max(0, depth + (match[1] ? -1 : 1));
  }
  push(html.slice(last));
  if (runs.length > 0) {
    runs[0]!.text = runs[0]!.text.trimStart();
    runs[runs.length - 1]!.text = runs[runs.length - 1]!.text.trimEnd();
  }
  return runs.filter((run) => run.text);
}

export interface RunStyle {
  regular: FontName;
  italic: FontName;
  /** The largest size to try; the text shrinks in half-point steps until it fits maxHeight. */
  size: number;
  minSize?: number;
  width: number;
  maxHeight?: number;
  align?: 'left' | 'center';
  colour?: string;
  lineGap?: number;
}

/** A word is one or more pieces with no space between them, e.g. an italic name and its comma. */
type Word = TextRun[];

function wordsOf(runs: TextRun[]): Word[] {
  const words: Word[] = [];
  let startNew = true;
  for (const run of runs) {
    for (const part of run.text.split(/(\s+)/)) {
      if (!part) continue;
      if (/^\s+$/.test(part)) {
        startNew = true;
        continue;
      }
      if (startNew || words.length === 0) words.push([]);
      words[words.length - 1]!.push({ text: part, italic: run.italic });
      startNew = false;
    }
  }
  return words;
}

interface Layout {
  lines: { words: Word[]; width: number }[];
  lineHeight: number;
  widest: number;
}

/** Greedy line breaking of styled words at one size, measured with the real fonts. */
function layoutWords(doc: Doc, words: Word[], size: number, style: RunStyle): Layout {
  const pieceWidth = (piece: TextRun) =>
    doc
      .font(piece.italic ? style.italic : style.regular)
      .fontSize(size)
      .widthOfString(piece.text);
  const space = doc.font(style.regular).fontSize(size).widthOfString(' ');
  const lineHeight = doc.currentLineHeight(true) + (style.lineGap ?? 0);
  const lines: Layout['lines'] = [];
  let widest = 0;
  for (const word of words) {
    const width = word.reduce((sum, piece) => sum + pieceWidth(piece), 0);
    widest = Math.max(widest, width);
    const line = lines[lines.length - 1];
    if (line && line.width + space + width <= style.width) {
      line.words.push(word);
      line.width += space + width;
    } else {
      lines.push({ words: [word], width });
    }
  }
  return { lines, lineHeight, widest };
}

const fits = (layout: Layout, style: RunStyle) =>
  layout.widest <= style.width &&
  (style.maxHeight === undefined || layout.lines.length * layout.lineHeight <= style.maxHeight);

/** The largest size, in half-point steps, at which plain text in one font fits the box (never below minSize). */
export function fittedSize(doc: Doc, text: string, font: FontName, style: RunStyle): number {
  const words = wordsOf([{ text, italic: false }]);
  const oneFont = { ...style, regular: font, italic: font };
  let size = style.size;
  while (size > (style.minSize ?? style.size) && !fits(layoutWords(doc, words, size, oneFont), oneFont)) size -= 0.5;
  return size;
}

/** The height of runs written at the style's size (no shrinking). */
export function runsHeight(doc: Doc, runs: TextRun[], style: RunStyle): number {
  const layout = layoutWords(doc, wordsOf(runs), style.size, style);
  return layout.lines.length * layout.lineHeight;
}

/**
 * Writes runs as one wrapped paragraph at (x, y), switching to the italic font inside <i>/<em>, and
 * shrinking the size so that long titles stay inside their box. pdfkit's own `continued` text
 * misplaces mixed fonts in centred lines, so the lines are broken and placed here. Leaves doc.y
 * under the paragraph and returns the size used.
 */
export function writeRuns(doc: Doc, runs: TextRun[], x: number, y: number, style: RunStyle): number {
  const words = wordsOf(runs);
  let size = style.size;
  let layout = layoutWords(doc, words, size, style);
  while (size > (style.minSize ?? style.size) && !fits(layout, style)) {
    size -= 0.5;
    layout = layoutWords(doc, words, size, style);
  }
  const space = doc.font(style.regular).fontSize(size).widthOfString(' ');
  doc.fillColor(style.colour ?? '#000000');
  layout.lines.forEach((line, index) => {
    let cursor = style.align === 'center' ? x + (style.width - line.width) / 2 : x;
    const top = y + index * layout.lineHeight;
    for (const word of line.words) {
      for (const piece of word) {
        doc.font(piece.italic ? style.italic : style.regular).fontSize(size);
        doc.text(piece.text, cursor, top, { lineBreak: false });
        cursor += doc.widthOfString(piece.text);
      }
      cursor += space;
    }
  });
  doc.x = x;
  doc.y = y + layout.lines.length * layout.lineHeight;
  return size;
}

import { drawEmblem } from './emblem.js';
import { issnLine, type JournalInfo } from './journal-info.js';
import { belowMargin, COLOURS, contentWidth, rule, type Doc } from './pdf-document.js';
import { fittedSize } from './rich-text.js';

/** A double border (navy outside, gold inside) around the page. */
export function pageBorder(doc: Doc, inset = 18): void {
  const { width, height } = doc.page;
  doc.save();
  doc
    .rect(inset, inset, width - 2 * inset, height - 2 * inset)
    .lineWidth(3)
    .stroke(COLOURS.navy);
  doc
    .rect(inset + 7, inset + 7, width - 2 * inset - 14, height - 2 * inset - 14)
    .lineWidth(1)
    .stroke(COLOURS.gold);
  doc.restore();
}

/** Centred text across the content width, starting at y; returns the y below it. */
export function centred(
  doc: Doc,
  text: string,
  y: number,
  font: string,
  size: number,
  colour: string = COLOURS.ink,
): number {
  doc
    .font(font)
    .fontSize(size)
    .fillColor(colour)
    .text(text, doc.page.margins.left, y, { width: contentWidth(doc), align: 'center' });
  return doc.y;
}

/** The journal's name centred under its emblem and above the ISSN line: the head of certificates and cover pages. */
export function centredMasthead(doc: Doc, journal: JournalInfo, top: number, emblemSize: number): number {
  drawEmblem(doc, (doc.page.width - emblemSize) / 2, top, emblemSize, journal.logo);
  const width = contentWidth(doc);
  const size = fittedSize(doc, journal.name, 'serifBold', {
    regular: 'serifBold',
    italic: 'serifBold',
    size: 24,
    minSize: 14,
    width,
    maxHeight: 64,
  });
  const y = centred(doc, journal.name, top + emblemSize + 10, 'serifBold', size, COLOURS.navy);
  return centred(doc, issnLine(journal), y + 4, 'sans', 10, COLOURS.muted);
}

/**
 * The head of list documents (editorial board, table of contents): emblem and journal on the left,
 * the document's title centred below, then a rule. Leaves doc.y under the rule.
 */
export function letterhead(doc: Doc, journal: JournalInfo, heading: string): void {
  const { left, top } = doc.page.margins;
  const emblem = 52;
  drawEmblem(doc, left, top, emblem, journal.logo);
  const textX = left + emblem + 14;
  const width = contentWidth(doc) - emblem - 14;
  doc
    .font('serifBold')
    .fontSize(16)
    .fillColor(COLOURS.navy)
    .text(journal.name, textX, top + 4, { width });
  doc
    .font('sans')
    .fontSize(9)
    .fillColor(COLOURS.muted)
    .text(issnLine(journal), textX, doc.y + 2, { width });
  doc.y = Math.max(doc.y, top + emblem) + 14;
  centred(doc, heading, doc.y, 'serifBold', 17, COLOURS.ink);
  doc.y += 6;
  rule(doc, COLOURS.gold, 1.5);
  doc.y += 12;
}

/**
 * Writes `label(pageNumber)` in the bottom margin of the current page and of every page added later. */
export function pageFooters(doc: Doc, label: (page: number) => string): void {
  let page = 0;
  const write = () => {
    page += 1;
    const { x, y } = doc;
    const footY = doc.page.height - doc.page.margins.bottom / 2 - 4;
    belowMargin(doc, () =>
      doc
        .font('sans')
        .fontSize(8.5)
        .fillColor(COLOURS.muted)
        .text(label(page), doc.page.margins.left, footY, {
          width: contentWidth(doc),
          align: 'center',
          lineBreak: false,
        }),
    );
    doc.x = x;
    doc.y = y;
  };
  write();
  doc.on('pageAdded', write);
}

export interface Signatory {
  name: string;
  role: string;
  /** A picture of their signature (PNG or JPEG), drawn above the line they sign on. */
  signature?: Buffer | null;
}

/** How tall a signature picture may be drawn, above the signature line. */
const SIGNATURE_HEIGHT = 44;

/** The signatory's column: their signature picture if any, the line, then their name and role. */
function signatoryColumn(doc: Doc, signatory: Signatory, x: number, width: number, y: number): void {
  if (signatory.signature) {
    doc.image(signatory.signature, x + 24, y - 8 - SIGNATURE_HEIGHT, {
      fit: [width - 48, SIGNATURE_HEIGHT],
      align: 'center',
      valign: 'bottom',
    });
  }
  doc
    .save()
    .moveTo(x + 24, y - 4)
    .lineTo(x + width - 24, y - 4)
    .lineWidth(0.8)
    .stroke(COLOURS.ink)
    .restore();
  doc
    .font('serifBold')
    .fontSize(12)
    .fillColor(COLOURS.ink)
    .text(signatory.name, x, y + 2, { width, align: 'center' });
  if (signatory.role) {
    doc
      .font('sans')
      .fontSize(9)
      .fillColor(COLOURS.muted)
      .text(signatory.role, x, doc.y + 2, { width, align: 'center' });
  }
}

/**
 * Up to three labelled facts side by side from y (the foot of a certificate, the facts of a cover
 * page); a signatory takes the third column with a signature line above the name and role.
 */
export function factColumns(doc: Doc, facts: [string, string][], signatory: Signatory | null, y: number): void {
  const { left } = doc.page.margins;
  const column = contentWidth(doc) / 3;
  facts.forEach(([label, value], index) => {
    const x = left + index * column;
    doc
      .font('sans')
      .fontSize(9)
      .fillColor(COLOURS.muted)
      .text(label.toUpperCase(), x, y, { width: column, align: 'center' });
    doc
      .font('serifBold')
      .fontSize(12)
      .fillColor(COLOURS.ink)
      .text(value, x, doc.y + 3, { width: column, align: 'center' });
  });
  if (signatory) signatoryColumn(doc, signatory, left + 2 * column, column, y);
}

import type { JournalInfo } from './journal-info.js';
import { letterhead, pageFooters } from './page-parts.js';
import { COLOURS, contentWidth, createDocument, ensureSpace, type Doc } from './pdf-document.js';
import { runsHeight, titleRuns, writeRuns, type RunStyle } from './rich-text.js';

export interface IndexEntry {
  /** Sanitised title HTML; its italics are kept. */
  title: string;
  authors: string[];
  year: number;
  volume: number;
  issue: number;
  pagenumber: string;
  refnumber: string;
}

const NUMBER_WIDTH = 40;
const PAGES_WIDTH = 64;
const GAP = 10;
const PAD = 6;

function columns(doc: Doc) {
  const left = doc.page.margins.left;
  const title = contentWidth(doc) - NUMBER_WIDTH - PAGES_WIDTH - 2 * GAP;
  return {
    number: left,
    title: left + NUMBER_WIDTH + GAP,
    titleWidth: title,
    pages: left + NUMBER_WIDTH + title + 2 * GAP,
  };
}

function tableHeader(doc: Doc): void {
  const c = columns(doc);
  const y = doc.y;
  doc.rect(doc.page.margins.left, y, contentWidth(doc), 20).fill(COLOURS.navy);
  doc.font('sansBold').fontSize(9.5).fillColor('#ffffff');
  doc.text('S.No.', c.number + 4, y + 6, { width: NUMBER_WIDTH - 4, lineBreak: false });
  doc.text('Title and Authors', c.title, y + 6, { width: c.titleWidth, lineBreak: false });
  doc.text('Pages', c.pages, y + 6, { width: PAGES_WIDTH - 4, align: 'right', lineBreak: false });
  doc.y = y + 20 + PAD;
}

const titleStyle = (width: number): RunStyle => ({
  regular: 'serifBold',
  italic: 'serifBoldItalic',
  size: 10.5,
  width,
  colour: COLOURS.ink,
});

function rowHeight(doc: Doc, entry: IndexEntry, width: number): number {
  const title = runsHeight(doc, titleRuns(entry.title), titleStyle(width));
  const authors = doc.font('sans').fontSize(9).heightOfString(entry.authors.join(', '), { width });
  return title + authors + 3 * PAD;
}

function writeRow(doc: Doc, entry: IndexEntry, number: number): void {
  const c = columns(doc);
  if (ensureSpace(doc, rowHeight(doc, entry, c.titleWidth))) tableHeader(doc);
  const top = doc.y;
  doc
    .font('sans')
    .fontSize(9.5)
    .fillColor(COLOURS.muted)
    .text(String(number), c.number + 4, top, { width: NUMBER_WIDTH - 4 });
  doc
    .font('sans')
    .fontSize(9.5)
    .fillColor(COLOURS.ink)
    .text(entry.pagenumber, c.pages, top, { width: PAGES_WIDTH - 4, align: 'right' });
  writeRuns(doc, titleRuns(entry.title), c.title, top, titleStyle(c.titleWidth));
  doc
    .font('sans')
    .fontSize(9)
    .fillColor(COLOURS.navy)
    .text(entry.authors.join(', '), c.title, doc.y + 2, { width: c.titleWidth });
  doc.y += PAD;
  doc
    .save()
    .moveTo(doc.page.margins.left, doc.y)
    .lineTo(doc.page.margins.left + contentWidth(doc), doc.y)
    .lineWidth(0.5)
    .stroke(COLOURS.rule)
    .restore();
  doc.y += PAD;
}

const issueKey = (entry: IndexEntry) => `${entry.year}/${entry.volume}/${entry.issue}`;

/**
 * A table of contents of the given articles (already in issue and page order), with a heading for
 * each issue; rows never split across pages and the column headings repeat on every page.
 */
export function indexPage(journal: JournalInfo, entries: IndexEntry[]): Doc {
  const doc = createDocument({ title: `Table of Contents: ${journal.name}`, author: journal.name });
  pageFooters(doc, (page) => `${journal.name}  ·  Table of Contents  ·  Page ${page}`);
  letterhead(doc, journal, 'TABLE OF CONTENTS');
  let currentIssue = '';
  let number = 0;
  for (const entry of entries) {
    if (issueKey(entry) !== currentIssue) {
      currentIssue = issueKey(entry);
      number = 0;
      ensureSpace(doc, 110);
      doc.y += 4;
      doc
        .font('serifBold')
        .fontSize(13)
        .fillColor(COLOURS.navy)
        .text(`Volume ${entry.volume}, Issue ${entry.issue} (${entry.year})`, doc.page.margins.left, doc.y);
      doc.y += 6;
      tableHeader(doc);
    }
    number += 1;
    writeRow(doc, entry, number);
  }
  doc.end();
  return doc;
}

import { coverIssueHeading } from '../../common/archive-links.js';
import type { CoverPageVariant } from '../../common/constants.js';
import { affiliationNotes, type PrintedAuthor } from './affiliations.js';
import { drawEmblem } from './emblem.js';
import { contactLine, formatDate, issnLine, type JournalInfo } from './journal-info.js';
import { centred, centredMasthead, factColumns, pageBorder } from './page-parts.js';
import { belowMargin, COLOURS, contentWidth, createDocument, rule, type Doc } from './pdf-document.js';
import { fittedSize, titleRuns, writeRuns, type RunStyle } from './rich-text.js';

export interface CoverPage {
  journal: JournalInfo;
  variant: CoverPageVariant;
  /** Sanitised title HTML; its italics are kept. */
  title: string;
  authors: PrintedAuthor[];
  volume: number;
  issue: number;
  year: number;
  /** Months of the issue as stored ('mar-apr'); may be empty. */
  frequency: string;
  pagenumber: string;
  refnumber: string;
  publishdate: string;
}

const MARGIN = 56;

function articleFacts(data: CoverPage): [string, string][] {
  return [
    ['Pages', data.pagenumber],
    ['Reference No.', data.refnumber],
    ['Published', formatDate(data.publishdate)],
  ];
}

/** The article's title, authors and facts, from y down; `align` follows the variant. */
function articleBlock(doc: Doc, data: CoverPage, y: number, align: RunStyle['align'], titleBox: number): number {
  const width = contentWidth(doc);
  const left = doc.page.margins.left;
  doc.font('sans').fontSize(9.5).fillColor(COLOURS.gold).text('RESEARCH ARTICLE', left, y, { width, align });
  writeRuns(doc, titleRuns(data.title), left, doc.y + 8, {
    regular: 'serifBold',
    italic: 'serifBoldItalic',
    size: 22,
    minSize: 9,
    width,
    maxHeight: titleBox,
    align,
    colour: COLOURS.ink,
  });
  const { names, notes } = affiliationNotes(data.authors);
  const authorSize = fittedSize(doc, names, 'serif', {
    regular: 'serif',
    italic: 'serif',
    size: 14,
    minSize: 9,
    width,
    maxHeight: 80,
  });
  doc
    .font('serif')
    .fontSize(authorSize)
    .fillColor(COLOURS.navy)
    .text(names, left, doc.y + 14, { width, align });
  writeAffiliations(doc, notes, align);
  if (align === 'center') {
    factColumns(doc, articleFacts(data), null, doc.y + 28);
    return doc.y;
  }
  doc.y += 18;
  for (const [label, value] of articleFacts(data)) {
    doc
      .font('sansBold')
      .fontSize(10.5)
      .fillColor(COLOURS.muted)
      .text(`${label}: `, left, doc.y + 3, { width, continued: true });
    doc.font('sans').fillColor(COLOURS.ink).text(value);
  }
  return doc.y;
}

/** Where the authors work, one line each under their names, kept small enough that six of them fit. */
function writeAffiliations(doc: Doc, notes: string[], align: RunStyle['align']): void {
  if (notes.length === 0) return;
  const width = contentWidth(doc);
  const size = notes.length > 3 ? 8.5 : 9.5;
  doc.y += 4;
  for (const note of notes) {
    doc
      .font('serifItalic')
      .fontSize(size)
      .fillColor(COLOURS.muted)
      .text(note, doc.page.margins.left, doc.y + 1, { width, align, height: size * 2.6, ellipsis: true });
  }
}

/** Publisher, address and contact, centred in a band ending at `bottom`. */
function publisherBlock(doc: Doc, journal: JournalInfo, bottom: number, colour: string): void {
  const width = contentWidth(doc);
  const left = doc.page.margins.left;
  const lines: [string, string, number][] = [
    [journal.publisherName, 'sansBold', 11],
    [journal.publisherAddress, 'sans', 9.5],
    [contactLine(journal), 'sans', 9.5],
  ];
  const present = lines.filter(([text]) => text);
  const height = present.reduce(
    (sum, [text, font, size]) => sum + doc.font(font).fontSize(size).heightOfString(text, { width }) + 2,
    0,
  );
  doc.y = bottom - height;
  belowMargin(doc, () => {
    for (const [text, font, size] of present) {
      doc
        .font(font)
        .fontSize(size)
        .fillColor(colour)
        .text(text, left, doc.y + 2, { width, align: 'center' });
    }
  });
}

function classicCover(doc: Doc, data: CoverPage): void {
  pageBorder(doc);
  let y = centredMasthead(doc, data.journal, 60, 76);
  y = centred(doc, coverIssueHeading(data), y + 18, 'serifBold', 15, COLOURS.navy) + 14;
  doc.y = y;
  rule(doc, COLOURS.gold, 1.5);
  articleBlock(doc, data, y + 40, 'center', 220);
  const footTop = doc.page.height - 150;
  doc.y = footTop;
  rule(doc, COLOURS.gold, 1.5);
  publisherBlock(doc, data.journal, doc.page.height - 60, COLOURS.ink);
}

const BANNER_HEIGHT = 150;
const PANEL = '#f6f1e4';

/** What the banner cover says of the journal under the article: review, access and impact factor. */
function journalFacts(journal: JournalInfo): [string, string][] {
  return [
    ['Review', 'Peer reviewed'],
    ['Access', 'Open access'],
    ['Impact factor', journal.impactFactor || '—'],
  ];
}

function bannerCover(doc: Doc, data: CoverPage): void {
  const { width, height } = doc.page;
  const left = doc.page.margins.left;
  doc.rect(0, 0, width, BANNER_HEIGHT).fill(COLOURS.navy);
  doc.rect(0, BANNER_HEIGHT, width, 6).fill(COLOURS.gold);
  drawEmblem(doc, left, 34, 82, data.journal.logo);
  const textX = left + 100;
  const textWidth = width - textX - left;
  const size = fittedSize(doc, data.journal.name, 'serifBold', {
    regular: 'serifBold',
    italic: 'serifBold',
    size: 22,
    minSize: 13,
    width: textWidth,
    maxHeight: 60,
  });
  doc.font('serifBold').fontSize(size).fillColor('#ffffff').text(data.journal.name, textX, 40, { width: textWidth });
  doc
    .font('sans')
    .fontSize(9.5)
    .fillColor(COLOURS.cream)
    .text(issnLine(data.journal), textX, doc.y + 6, { width: textWidth });

  doc
    .font('serifBold')
    .fontSize(16)
    .fillColor(COLOURS.navy)
    .text(coverIssueHeading(data), left, BANNER_HEIGHT + 40, { width: contentWidth(doc) });
  doc.y += 6;
  rule(doc, COLOURS.rule);

  const footHeight = 110;
  // The article sits in a panel reaching down to the journal's facts, so the page reads as full, not half empty.
  const panelTop = doc.y + 24;
  const panelBottom = height - footHeight - 36;
  doc.rect(left - 16, panelTop, contentWidth(doc) + 32, panelBottom - panelTop).fill(PANEL);
  doc.rect(left - 16, panelTop, 5, panelBottom - panelTop).fill(COLOURS.gold);
  articleBlock(doc, data, panelTop + 36, 'left', 150);
  doc.y = panelBottom - 96;
  rule(doc, COLOURS.gold, 1.2);
  factColumns(doc, journalFacts(data.journal), null, panelBottom - 72);

  doc.rect(0, height - footHeight, width, footHeight).fill(COLOURS.navy);
  publisherBlock(doc, data.journal, height - 30, '#ffffff');
}

/** The article's cover page (portrait A4, one page) in the variant chosen in the settings. */
export function coverPage(data: CoverPage): Doc {
  const doc = createDocument({ title: `Cover page ${data.refnumber}`, author: data.journal.name, margin: MARGIN });
  if (data.variant === 'banner') bannerCover(doc, data);
  else classicCover(doc, data);
  doc.end();
  return doc;
}

import type { EditorCategory } from '../../common/constants.js';
import { formatDate, issueLabel, type JournalInfo } from './journal-info.js';
import { factColumns, centred, centredMasthead, pageBorder, type Signatory } from './page-parts.js';
import { COLOURS, contentWidth, createDocument, type Doc } from './pdf-document.js';
import { fittedSize, titleRuns, writeRuns } from './rich-text.js';

export interface PublicationCertificate {
  journal: JournalInfo;
  author: string;
  /** Sanitised title HTML; its italics are kept. */
  title: string;
  volume: number;
  issue: number;
  year: number;
  /** The certificate date (the article's publishdate). */
  date: string;
  refnumber: string;
  /** The author's affiliation and country as the article gives them; '' for none. */
  affiliation: string;
  signatory: Signatory | null;
}

export interface MembershipCertificate {
  journal: JournalInfo;
  name: string;
  category: EditorCategory;
  /** Plain text: designation and affiliation. */
  post: string;
  affiliation: string;
  date: string;
  signatory: Signatory | null;
}

/** How one member of each editorial group is named on a certificate. */
const ROLE_NAMES: Record<EditorCategory, string> = {
  'chief editor': 'Editor-in-Chief',
  'associate editor': 'Associate Editor',
  'assistant editor': 'Assistant Editor',
};

const MARGIN = 64;

/** Border, emblem, journal, ISSN line and heading; returns the y below the heading. */
function certificateHead(doc: Doc, journal: JournalInfo, heading: string): number {
  pageBorder(doc);
  const y = centredMasthead(doc, journal, 40, 58);
  const size = fittedSize(doc, heading, 'serifBold', {
    regular: 'serifBold',
    italic: 'serifBold',
    size: 26,
    minSize: 16,
    width: contentWidth(doc),
    maxHeight: 34,
  });
  return centred(doc, heading, y + 14, 'serifBold', size, COLOURS.gold) + 10;
}

/** The recipient's name, large, between two lines of wording. */
function recipient(doc: Doc, before: string, name: string, y: number): number {
  const below = centred(doc, before, y, 'serifItalic', 13, COLOURS.muted);
  const size = fittedSize(doc, name, 'serifBold', {
    regular: 'serifBold',
    italic: 'serifBold',
    size: 24,
    minSize: 14,
    width: contentWidth(doc),
    maxHeight: 32,
  });
  return centred(doc, name, below + 6, 'serifBold', size, COLOURS.navy) + 6;
}

const FOOT_Y = 470;

/** A certificate of publication for one author of an article (landscape A4, one page). */
export function publicationCertificate(data: PublicationCertificate): Doc {
  const doc = createDocument({
    title: `Certificate of Publication ${data.refnumber}`,
    author: data.journal.name,
    layout: 'landscape',
    margin: MARGIN,
  });
  let y = certificateHead(doc, data.journal, 'CERTIFICATE OF PUBLICATION');
  y = recipient(doc, 'This is to certify that', data.author, y);
  if (data.affiliation) y = centred(doc, data.affiliation, y - 2, 'serifItalic', 12, COLOURS.muted) + 8;
  y = centred(doc, 'has published the research paper entitled', y, 'serif', 13, COLOURS.ink) + 8;
  writeRuns(doc, titleRuns(data.title), MARGIN, y, {
    regular: 'serifBold',
    italic: 'serifBoldItalic',
    size: 16,
    minSize: 8,
    width: contentWidth(doc),
    // A signature picture stands above the foot: the title and the line below it keep clear of it.
    maxHeight: FOOT_Y - (data.signatory?.signature ? 120 : 70) - y,
    align: 'center',
    colour: COLOURS.ink,
  });
  centred(doc, `in ${data.journal.name}, ${issueLabel(data)}.`, doc.y + 10, 'serif', 13, COLOURS.ink);
  factColumns(
    doc,
    [
      ['Date', formatDate(data.date)],
      ['Reference No.', data.refnumber],
    ],
    data.signatory,
    FOOT_Y,
  );
  doc.end();
  return doc;
}

/** A certificate of editorial board membership for one editor (landscape A4, one page). */
export function membershipCertificate(data: MembershipCertificate): Doc {
  const doc = createDocument({
    title: `Certificate of Editorial Board Membership: ${data.name}`,
    author: data.journal.name,
    layout: 'landscape',
    margin: MARGIN,
  });
  let y = certificateHead(doc, data.journal, 'CERTIFICATE OF EDITORIAL BOARD MEMBERSHIP');
  y = recipient(doc, 'This is to certify that', data.name, y);
  const position = [data.post, data.affiliation].filter(Boolean).join(', ');
  if (position) y = centred(doc, position, y, 'serifItalic', 12, COLOURS.muted) + 10;
  y = centred(doc, 'serves on the Editorial Board of', y, 'serif', 13, COLOURS.ink) + 4;
  y = centred(doc, data.journal.name, y, 'serifBold', 15, COLOURS.ink) + 4;
  centred(
    doc,
    `as ${ROLE_NAMES[data.category]}, and contributes to the peer review and editorial work of the journal.`,
    y,
    'serif',
    13,
    COLOURS.ink,
  );
  factColumns(
    doc,
    [
      ['Date', formatDate(data.date)],
      ['Role', ROLE_NAMES[data.category]],
    ],
    data.signatory,
    FOOT_Y,
  );
  doc.end();
  return doc;
}

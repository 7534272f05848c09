import { EDITOR_CATEGORIES, EDITOR_GROUP_TITLES, type EditorCategory } from '../../common/constants.js';
import type { JournalInfo } from './journal-info.js';
import { letterhead, pageFooters } from './page-parts.js';
import { COLOURS, contentWidth, createDocument, ensureSpace, rule, type Doc } from './pdf-document.js';

export interface BoardMember {
  name: string;
  category: EditorCategory;
  degree: string;
  /** Plain text of the designation. */
  post: string;
  affiliation: string;
  country: string;
  /** Shown only when the site shows editors' contact details. */
  contacts: string[];
}

function memberLines(member: BoardMember): [string, string, number, string][] {
  const lines: [string, string, number, string][] = [[member.name, 'serifBold', 11.5, COLOURS.ink]];
  const role = [member.post, member.degree].filter(Boolean).join(' · ');
  if (role) lines.push([role, 'serifItalic', 9.5, COLOURS.muted]);
  // Affiliations often end with the country already.
  const country = member.affiliation.includes(member.country) ? '' : member.country;
  const place = [member.affiliation, country].filter(Boolean).join(', ');
  if (place) lines.push([place, 'serif', 9.5, COLOURS.ink]);
  if (member.contacts.length > 0) lines.push([member.contacts.join('  |  '), 'sans', 9, COLOURS.navy]);
  return lines;
}

/** One editor, kept together on a page. */
function writeMember(doc: Doc, member: BoardMember): void {
  const width = contentWidth(doc);
  const left = doc.page.margins.left;
  const lines = memberLines(member);
  const height = lines.reduce(
    (sum, [text, font, size]) => sum + doc.font(font).fontSize(size).heightOfString(text, { width }) + 1,
    0,
  );
  ensureSpace(doc, height + 7);
  for (const [text, font, size, colour] of lines) {
    doc
      .font(font)
      .fontSize(size)
      .fillColor(colour)
      .text(text, left, doc.y + 1, { width });
  }
  doc.y += 7;
}

/** The enabled editors grouped as on /board (empty groups left out), members in the given order. */
export function editorialBoard(journal: JournalInfo, members: BoardMember[]): Doc {
  const doc = createDocument({ title: `Editorial Board: ${journal.name}`, author: journal.name });
  pageFooters(doc, (page) => `${journal.name}  ·  Editorial Board  ·  Page ${page}`);
  letterhead(doc, journal, 'EDITORIAL BOARD');
  for (const category of EDITOR_CATEGORIES) {
    const group = members.filter((member) => member.category === category);
    if (group.length === 0) continue;
    ensureSpace(doc, 90);
    doc
      .font('serifBold')
      .fontSize(13.5)
      .fillColor(COLOURS.navy)
      .text(EDITOR_GROUP_TITLES[category], doc.page.margins.left, doc.y + 4);
    doc.y += 2;
    rule(doc, COLOURS.gold, 1);
    doc.y += 6;
    for (const member of group) writeMember(doc, member);
  }
  if (members.length === 0) {
    doc
      .font('serifItalic')
      .fontSize(12)
      .fillColor(COLOURS.muted)
      .text('The editorial board has not been announced yet.');
  }
  doc.end();
  return doc;
}

import PDFDocument from 'pdfkit';
import { FONTS } from '../pdf/font-files.js';
import { toPlainText } from '../storage/sanitize.js';

/**
 * A small, real article PDF for the demo journal: title, authors and abstract, and one page for every page of
 * the article's range, each numbered as the journal numbers it, so the stated pages fit the file.
 */
export function demoArticlePdf(article: {
  title: string;
  authorname: string;
  abstract: string;
  journal: string;
  citation: string;
  firstPage: number;
  lastPage: number;
}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 64,
    info: { Title: toPlainText(article.title), Author: article.authorname },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc
    .registerFont('serif', FONTS.serif)
    .registerFont('bold', FONTS.serifBold)
    .registerFont('italic', FONTS.serifItalic);
  doc.font('italic').fontSize(9).fillColor('#555').text(`${article.journal} · ${article.citation}`);
  doc.moveDown(2).font('bold').fontSize(17).fillColor('#111').text(toPlainText(article.title), { align: 'center' });
  doc.moveDown().font('serif').fontSize(11).text(article.authorname, { align: 'center' });
  doc.moveDown(2).font('bold').fontSize(12).text('Abstract');
  doc.moveDown(0.5).font('serif').fontSize(10.5).text(toPlainText(article.abstract), { align: 'justify' });
  for (let page = article.firstPage; page <= article.lastPage; page++) {
    if (page > article.firstPage) doc.addPage().font('italic').fontSize(9).fillColor('#555').text(article.journal);
    doc
      .font('serif')
      .fontSize(9)
      .fillColor('#555')
      .text(String(page), 64, doc.page.height - 48, { align: 'center', lineBreak: false });
  }
  doc.end();
  return done;
}

import PDFDocument from 'pdfkit';
import { FONTS } from '../pdf/fonts.js';
import { toPlainText } from '../storage/sanitize.js';

/** A small, real article PDF for the demo journal: title, authors and abstract on one page. */
export function demoArticlePdf(article: {
  title: string;
  authorname: string;
  abstract: string;
  journal: string;
  citation: string;
}): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 64, info: { Title: toPlainText(article.title), Author: article.authorname } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.registerFont('serif', FONTS.serif).registerFont('bold', FONTS.serifBold).registerFont('italic', FONTS.serifItalic);
  doc.font('italic').fontSize(9).fillColor('#555').text(`${article.journal} · ${article.citation}`);
  doc.moveDown(2).font('bold').fontSize(17).fillColor('#111').text(toPlainText(article.title), { align: 'center' });
  doc.moveDown().font('serif').fontSize(11).text(article.authorname, { align: 'center' });
  doc.moveDown(2).font('bold').fontSize(12).text('Abstract');
  doc.moveDown(0.5).font('serif').fontSize(10.5).text(toPlainText(article.abstract), { align: 'justify' });
  doc.end();
  return done;
}

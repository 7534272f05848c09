// Every document the PDF service draws. The service imports this module on its first document
// (src/server/modules/pdf/pdf.service.ts), so pdfkit and fontkit load then, not with the server.
export { membershipCertificate, publicationCertificate } from './certificate.js';
export { coverPage } from './cover-page.js';
export { editorialBoard } from './editorial-board.js';
export { indexPage } from './index-page.js';

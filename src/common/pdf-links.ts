/**
 * Addresses of the PDF calls (specification: Calls made); kept apart from the schemas so public pages do not load
 * Zod.
 */

const encode = encodeURIComponent;

export const pdfUrls = {
  certificate: (refno: string, author: string) => `/api/pdf/certificate/${encode(refno)}/${encode(author)}`,
  coverPage: (refno: string) => `/api/pdf/coverpage/${encode(refno)}`,
  editorialBoard: '/api/pdf/editorialboard',
  indexPage: '/api/pdf/indexpage',
  bulkCertificates: '/api/pdf/bulkcertificates',
  editorsCertificates: '/api/pdf/editorscertificate',
} as const;

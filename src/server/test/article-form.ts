/** Fixtures for the article forms of the API (POST /api/admin/archives/ and POST /api/archives/{id}). */

export interface IssueNumbers {
  year: number;
  volume: number;
  issue: number;
}

/** The fields of a valid article numbered `n`: its reference number, pages and transaction id follow from n. */
export function articleFields(n: number, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    refnumber: String(7000 + n),
    title: `Soil study number ${n}`,
    authorname: 'Asha Rao',
    abstract: `<p>Abstract ${n}</p>`,
    keywords: 'soil',
    subject: 'Microbiology',
    country: 'India',
    email: 'asha@uni.example',
    mobile: '9876543210',
    pagenumber: `${n * 10 + 1}-${n * 10 + 9}`,
    txnid: `TXN-${n}`,
    ptype: 'paid',
    publishdate: '2026-03-10',
    ...overrides,
  };
}

/** The issue fields of the add form. */
export const issueFields = ({ year, volume, issue }: IssueNumbers): Record<string, string> => ({
  year: String(year),
  volume: String(volume),
  issue: String(issue),
});

/** A small file that passes the server's PDF check. */
export const testPdf = (label: string): Buffer => Buffer.from(`%PDF-1.4\n% ${label}\n%%EOF\n`);

/** A multipart form of `fields`, with `pdf` as its pdfFile when given. */
export function multipartForm(fields: Record<string, string>, pdf?: Buffer): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (pdf) form.append('pdfFile', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'paper.pdf');
  return form;
}

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

const stream = (data: Buffer) =>
  Buffer.concat([Buffer.from(`<< /Length ${data.length} >>\nstream\n`), data, Buffer.from('\nendstream')]);

/** A PDF file of `objects`, numbered from 1 (the first is the catalog), with the cross-reference table readers use. */
function pdfOf(objects: Buffer[]): Buffer {
  const parts = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((body, i) => {
    const object = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    offsets.push(length);
    parts.push(object);
    length += object.length;
  });
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  const size = objects.length + 1;
  const trailer = `trailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(`xref\n0 ${size}\n0000000000 65535 f \n${entries}${trailer}`));
  return Buffer.concat(parts);
}

/**
 * A valid one-page PDF that shows `label` (so two labels make two different files); `filler` goes into a stream
 * of its own, to give the file a size or random content. The server parses every PDF it is sent.
 */
export function testPdf(label: string, filler: Buffer = Buffer.alloc(0)): Buffer {
  const text = `BT /F1 12 Tf 72 770 Td (${label.replace(/[\\()]/g, '\\$&')}) Tj ET`;
  return pdfOf([
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    ),
    stream(Buffer.from(text, 'latin1')),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
    stream(filler),
  ]);
}

/** A multipart form of `fields`, with `pdf` as its pdfFile when given. */
export function multipartForm(fields: Record<string, string>, pdf?: Buffer): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (pdf) form.append('pdfFile', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'paper.pdf');
  return form;
}

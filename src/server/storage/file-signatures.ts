/** Upload checks by content, not by name or declared type (docs/security.md, Input). */

export const isPdf = (data: Buffer) => data.subarray(0, 5).toString('latin1') === '%PDF-';

const IMAGE_SIGNATURES: { extension: string; matches: (data: Buffer) => boolean }[] = [
  {
    extension: 'png',
    matches: (d) => d.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { extension: 'jpg', matches: (d) => d[0] === 0xff && d[1] === 0xd8 && d[2] === 0xff },
  { extension: 'gif', matches: (d) => ['GIF87a', 'GIF89a'].includes(d.subarray(0, 6).toString('latin1')) },
  {
    extension: 'webp',
    matches: (d) => d.subarray(0, 4).toString('latin1') === 'RIFF' && d.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** The file extension of a PNG, JPEG, GIF or WebP image, or null for anything else. */
export function imageExtension(data: Buffer): string | null {
  return IMAGE_SIGNATURES.find((signature) => signature.matches(data))?.extension ?? null;
}

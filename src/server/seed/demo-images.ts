import zlib from 'node:zlib';
import { FONTS } from '../pdf/font-files.js';
import { loadSharp } from '../storage/file-signatures.js';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A portrait placeholder (head and shoulders on a coloured ground) as a real PNG, for demo editors. */
export function portraitPng(hue: [number, number, number], size = 160): Buffer {
  const rows: Buffer[] = [];
  const cx = size / 2;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const inHead = (x - cx) ** 2 + (y - size * 0.38) ** 2 < (size * 0.19) ** 2;
      const inBody = (x - cx) ** 2 / (size * 0.36) ** 2 + (y - size * 0.98) ** 2 / (size * 0.4) ** 2 < 1;
      const shade = inHead || inBody ? [245, 245, 245] : hue.map((c) => Math.round(c * (0.8 + (0.2 * y) / size)));
      row.set(shade, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A simple wordmark logo for a demo indexing entry, as a PNG like the logos staff upload (the site takes no SVG). The
 * name is set in the bundled DejaVu font, so it looks the same on a machine without fonts of its own.
 */
export async function wordmarkPng(title: string, colour: string): Promise<Buffer> {
  const frame = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80" viewBox="0 0 240 80">` +
      `<rect x="1.5" y="1.5" width="237" height="77" rx="8" fill="#fff" stroke="${colour}" stroke-width="3"/>` +
      `<circle cx="36" cy="40" r="18" fill="${colour}"/></svg>`,
  );
  const name = title.replace(/[<>&"]/g, '');
  const sharp = await loadSharp();
  const label = sharp({
    text: {
      text: `<span foreground="${colour}">${name}</span>`,
      fontfile: FONTS.sansBold,
      font: 'DejaVu Sans Bold 14',
      rgba: true,
      dpi: 96,
    },
  });
  const { height = 0 } = await label.metadata();
  const labelPng = await label.png().toBuffer();
  return sharp(frame)
    .composite([{ input: labelPng, left: 64, top: Math.round(40 - height / 2) }])
    .png()
    .toBuffer();
}

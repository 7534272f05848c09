import fs from 'node:fs';
import * as fontkit from 'fontkit';
import { FONTS, type FontName } from './font-files.js';

let parsed: Record<FontName, fontkit.Font> | null = null;

/**
 * The fonts parsed once per process and shared by every document: parsing a TTF costs far more than
 * drawing a certificate, and pdfkit builds its own subset per document from a shared fontkit font.
 */
export function loadedFonts(): Record<FontName, fontkit.Font> {
  parsed ??= Object.fromEntries(
    Object.entries(FONTS).map(([name, file]) => [name, fontkit.create(fs.readFileSync(file)) as fontkit.Font]),
  ) as Record<FontName, fontkit.Font>;
  return parsed;
}

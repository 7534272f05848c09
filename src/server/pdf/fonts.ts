import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

/** Embedded Unicode fonts, so names such as 'Zoë Ørsted' print as written. */
export const FONTS = {
  serif: path.join(fontDir, 'DejaVuSerif.ttf'),
  serifBold: path.join(fontDir, 'DejaVuSerif-Bold.ttf'),
  serifItalic: path.join(fontDir, 'DejaVuSerif-Italic.ttf'),
  serifBoldItalic: path.join(fontDir, 'DejaVuSerif-BoldItalic.ttf'),
  sans: path.join(fontDir, 'DejaVuSans.ttf'),
  sansBold: path.join(fontDir, 'DejaVuSans-Bold.ttf'),
} as const;

export type FontName = keyof typeof FONTS;
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

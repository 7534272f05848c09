import { createRequire } from 'node:module';
import path from 'node:path';

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

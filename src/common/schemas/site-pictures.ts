import { z } from './zod-config.js';

/** The pictures of the site's frame that staff upload in the settings (issue 18). */
export const SITE_PICTURES = {
  logo: { label: 'Logo', builtIn: '/logo.svg' },
  header: { label: 'Header image', builtIn: '/header.svg' },
  cover: { label: 'Home cover picture', builtIn: null },
  /** The certificate signatory's signature, drawn above their name (decision 127). */
  signature: { label: 'Signature on certificates', builtIn: null },
} as const;
export type SitePictureKind = keyof typeof SITE_PICTURES;
export const SITE_PICTURE_KINDS = Object.keys(SITE_PICTURES) as SitePictureKind[];

export const sitePictureParams = z.object({
  kind: z.enum(SITE_PICTURE_KINDS, { message: `must be one of ${SITE_PICTURE_KINDS.join(', ')}` }),
});

/** The address of each picture: the uploaded one, else the built-in one (none for the cover picture). */
export const sitePicturesSchema = z.object({
  logo: z.string(),
  header: z.string(),
  cover: z.string().nullable(),
  signature: z.string().nullable(),
});
export type SitePictures = z.infer<typeof sitePicturesSchema>;

export const SITE_PICTURE_SAVED_MESSAGE = 'Picture saved';
export const SITE_PICTURE_RESET_MESSAGE = 'Picture reset to the built-in one';

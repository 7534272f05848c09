import { z } from './zod-config.js';

/** The pages of fixed text that staff edit (issue 18): their address is their slug. */
export const CONTENT_PAGES = {
  instructions: 'Instructions to Authors',
  about: 'About the Journal',
  contact: 'Contact',
  'privacy-policy': 'Privacy Policy',
  'terms-and-conditions': 'Terms and Conditions',
} as const;
export type ContentPageSlug = keyof typeof CONTENT_PAGES;
export const CONTENT_PAGE_SLUGS = Object.keys(CONTENT_PAGES) as ContentPageSlug[];

export const contentPageParams = z.object({
  slug: z.enum(CONTENT_PAGE_SLUGS, { message: `must be one of ${CONTENT_PAGE_SLUGS.join(', ')}` }),
});

export const MAX_PAGE_CONTENT = 200_000;

/** PUT /api/admin/pages/{slug}: the page's HTML, sanitised by the server. */
export const contentPageInputSchema = z.object({
  content: z
    .string()
    .max(MAX_PAGE_CONTENT, `must be at most ${MAX_PAGE_CONTENT} characters`)
    .refine((html) => html.replace(/<[^>]*>/g, '').trim() !== '', 'Page text is required'),
});
export type ContentPageInput = z.infer<typeof contentPageInputSchema>;

export const contentPageSchema = z.object({
  slug: z.enum(CONTENT_PAGE_SLUGS),
  title: z.string(),
  content: z.string(),
  updated_at: z.string(),
});
export type ContentPage = z.infer<typeof contentPageSchema>;

export const PAGE_UPDATED_MESSAGE = 'Page updated successfully';

import { z } from './zod-config.js';
import { EDITOR_CATEGORIES } from '../constants.js';

/** An editorial-board member as GET /api/editors/ answers it (post is sanitised HTML). */
export const editorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.enum(EDITOR_CATEGORIES),
  post: z.string(),
  degree: z.string(),
  content: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string(),
  editor_website: z.string(),
  picture: z.string().nullable(),
  status: z.string(),
  is_pinned: z.boolean(),
  creation: z.string(),
  updated_at: z.string(),
});
export type Editor = z.infer<typeof editorSchema>;

import { z } from './zod-config.js';
import { EDITOR_CATEGORIES, EDITOR_STATUSES } from '../constants.js';
import { recordId } from './record-id.js';
import { webAddress } from './web-address.js';

export const EDITOR_CREATED_MESSAGE = 'Editor created successfully';
export const EDITOR_UPDATED_MESSAGE = 'Editor updated successfully';
export const EDITORS_SORTED_MESSAGE = 'List Sorted!';
export const IMAGE_ONLY_MESSAGE = 'The picture must be a PNG, JPEG, GIF or WebP image.';
export const IMAGE_UNREADABLE_MESSAGE = 'The picture could not be read: the file is damaged or incomplete.';

const required = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
const optional = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).default('');

/** Fields of POST /api/editors and POST /api/editors/{id} (multipart, with an optional imgFile). */
export const editorInputSchema = z.object({
  name: required('Name', 200),
  content: required('Affiliation', 2000),
  category: z.enum(EDITOR_CATEGORIES, { message: 'Category is required' }),
  post: required('Post', 1000),
  degree: optional('Degree', 200),
  email: z.union([z.literal(''), z.string().trim().max(200).email('Email must be an email address')]).default(''),
  phone: optional('Phone', 40),
  country: optional('Country', 100),
  editor_website: webAddress('Website must be a web address').default(''),
  status: z.enum(EDITOR_STATUSES, { message: 'Status must be enabled or disabled' }).default('enabled'),
});
export type EditorInput = z.infer<typeof editorInputSchema>;

/** POST /api/editors/{id} with only a status: the switch of the editors list. */
export const editorStatusSchema = z.object({
  status: z.enum(EDITOR_STATUSES, { message: 'Status must be enabled or disabled' }),
});

/** POST /api/editors/pin: pin or unpin the selected editors. */
export const editorPinSchema = z.object({
  ids: z
    .array(recordId(), { message: 'ids must be a list of editor ids' })
    .min(1, 'Select at least one editor')
    .max(1000, 'At most 1000 editors at once'),
  pinned: z.boolean({ message: 'pinned must be true or false' }),
});

import { z } from './zod-config.js';
import { parseOrcid } from '../authors.js';
import { MAX_AUTHORS } from '../constants.js';

/** The structured authors of an article as the forms and the API take them (decision 100). */
export const ORCID_MESSAGE = 'ORCID iD must be like 0000-0002-1825-0097, with a correct check digit';

const text = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).default('');

export const authorSchema = z.object({
  given_name: text('Given name', 200),
  family_name: z
    .string({ message: 'Family name is required' })
    .trim()
    .min(1, 'Family name is required')
    .max(200, 'Family name must be at most 200 characters'),
  affiliation: text('Affiliation', 500),
  country: text('Country', 100),
  orcid: z
    .string()
    .default('')
    .refine((value) => value.trim() === '' || parseOrcid(value) !== null, ORCID_MESSAGE)
    .transform((value) => (value.trim() === '' ? '' : parseOrcid(value)!)),
  email: z.union([z.literal(''), z.string().trim().max(200).email('Email must be an email address')]).default(''),
  corresponding: z.boolean().default(false),
});

/** The authors of an article in order: one to MAX_AUTHORS of them, exactly one corresponding (the first by default). */
export const authorsSchema = z
  .array(authorSchema, { message: 'Authors must be a list' })
  .min(1, 'At least one author is required')
  .max(MAX_AUTHORS, `At most ${MAX_AUTHORS} authors`)
  .refine(
    (authors) => authors.filter((author) => author.corresponding).length <= 1,
    'Only one author can be the corresponding author',
  )
  .transform((authors) =>
    authors.some((author) => author.corresponding)
      ? authors
      : authors.map((author, index) => ({ ...author, corresponding: index === 0 })),
  );

/** An author as public pages and the API show one: without the email, which stays with the staff. */
export const publicAuthorSchema = z.object({
  given_name: z.string(),
  family_name: z.string(),
  affiliation: z.string(),
  country: z.string(),
  orcid: z.string(),
  corresponding: z.boolean(),
});
export const authorRecordSchema = publicAuthorSchema.extend({ email: z.string() });

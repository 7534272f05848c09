import { z } from 'zod';

/** An indexing service the journal is listed in, as GET /api/indexing/ answers it. */
export const indexingEntrySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  link: z.string(),
  image: z.string(),
  sortnumber: z.number().int(),
  status: z.string(),
});
export type IndexingEntry = z.infer<typeof indexingEntrySchema>;

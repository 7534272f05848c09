import { z } from './zod-config.js';

/** Every refusal and failure of the API: a machine-readable code and a message a person can read. */
export const apiErrorSchema = z
  .object({
    error: z.string(),
    message: z.string(),
    /** A refused token also carries its status (401), as the browser client expects it. */
    status: z.number().int().optional(),
  })
  .describe('Refused or failed: {error, message}');
export type ApiError = z.infer<typeof apiErrorSchema>;

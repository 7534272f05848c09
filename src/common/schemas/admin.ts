import { z } from './zod-config.js';

/** GET /api/admin/: what the dashboard counts. */
export const dashboardCountsSchema = z.object({
  archives: z.number().int(),
  editors: z.number().int(),
});

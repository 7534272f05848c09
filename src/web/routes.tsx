import type { RouteObject } from 'react-router';
import { adminRoutes } from './routes/admin/admin-routes.js';
import { publicRoutes } from './routes/public/public-routes.js';
import { worklogRoutes } from './routes/worklog/worklog-routes.js';

/** Path prefixes rendered only in the browser (admin and work-log areas). */
export const CLIENT_ONLY_PREFIXES = ['/admin', '/webdata'];

export const routes: RouteObject[] = [publicRoutes, ...worklogRoutes, ...adminRoutes];

import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../lib/head.js';
import { rootLoader } from '../../lib/root-data.js';
import { ErrorPage } from '../error-page.js';
import { DownloadPage, downloadHead, downloadLoader } from './download-page.js';
import { HomePage, homeHead, homeLoader } from './home-page.js';
import { NotFoundPage, notFoundHead } from './not-found-page.js';
import { PublicLayout } from './public-layout.js';
import { readingRoutes } from './reading-routes.js';

/** The public site: server-rendered and hydrated. */
export const publicRoutes: RouteObject = {
  id: 'root',
  path: '/',
  element: <PublicLayout />,
  errorElement: <ErrorPage />,
  loader: rootLoader,
  // Settings and indexing change rarely; reload them only on a full page load.
  shouldRevalidate: () => false,
  children: [
    { index: true, loader: homeLoader, element: <HomePage />, handle: { head: homeHead } satisfies RouteHandle },
    ...readingRoutes,
    {
      path: 'pdf',
      loader: downloadLoader,
      element: <DownloadPage />,
      handle: { head: downloadHead } satisfies RouteHandle,
    },
    { path: '*', element: <NotFoundPage />, handle: { head: notFoundHead, status: 404 } satisfies RouteHandle },
  ],
};

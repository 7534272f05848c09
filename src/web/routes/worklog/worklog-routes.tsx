import type { RouteObject } from 'react-router';
import { ErrorPage } from '../error-page.js';

const loading = <p className="worklog-loading">Loading...</p>;

const listPage = () =>
  import('./worklog-list-page.js').then((m) => ({ Component: m.WorklogListPage, loader: m.worklogListLoader }));

/**
 * The staff work-log (specification: Work-log area). Client-only and lazy, so none of it weighs on the public bundle.
 * Literal paths (login, addentris) outrank the :filterType parameter.
 */
export const worklogRoutes: RouteObject[] = [
  {
    path: '/webdata/login',
    errorElement: <ErrorPage />,
    hydrateFallbackElement: loading,
    lazy: () =>
      import('./worklog-login-page.js').then((m) => ({ Component: m.WorklogLoginPage, loader: m.worklogLoginLoader })),
  },
  {
    path: '/webdata',
    errorElement: <ErrorPage />,
    hydrateFallbackElement: loading,
    lazy: () =>
      import('./worklog-shell.js').then((m) => ({
        Component: m.WorklogShell,
        loader: m.worklogShellLoader,
        shouldRevalidate: m.worklogShellShouldRevalidate,
      })),
    children: [
      { index: true, errorElement: <ErrorPage />, lazy: listPage },
      {
        path: 'addentris',
        errorElement: <ErrorPage />,
        lazy: () =>
          import('./worklog-add-page.js').then((m) => ({ Component: m.WorklogAddPage, loader: m.worklogAddLoader })),
      },
      { path: ':filterType', errorElement: <ErrorPage />, lazy: listPage },
    ],
  },
];

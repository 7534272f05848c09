import type { RouteObject } from 'react-router';
import { ErrorPage } from '../error-page.js';

const loading = <p className="admin-loading">Loading...</p>;

/** A child page: lazy, with the error screen (specification: Public layout). */
const page = (
  path: string | undefined,
  load: () => Promise<Omit<RouteObject, 'path' | 'index' | 'children'>>,
): RouteObject => ({
  ...(path === undefined ? { index: true } : { path }),
  errorElement: <ErrorPage />,
  lazy: load as RouteObject['lazy'],
});

/**
 * The admin area (specification: Admin area): client-only and lazy, so none of it weighs on the public bundle.
 * Literal paths (add, not-found) outrank parameters.
 */
export const adminRoutes: RouteObject[] = [
  {
    path: '/admin/login',
    errorElement: <ErrorPage />,
    hydrateFallbackElement: loading,
    lazy: () => import('./admin-login-page.js').then((m) => ({ Component: m.AdminLoginPage })),
  },
  {
    path: '/admin/forgot-password',
    errorElement: <ErrorPage />,
    hydrateFallbackElement: loading,
    lazy: () => import('./password-reset-pages.js').then((m) => ({ Component: m.ForgotPasswordPage })),
  },
  {
    path: '/admin/reset-password',
    errorElement: <ErrorPage />,
    hydrateFallbackElement: loading,
    lazy: () => import('./password-reset-pages.js').then((m) => ({ Component: m.ResetPasswordPage })),
  },
  {
    path: '/admin',
    errorElement: <ErrorPage />,
    hydrateFallbackElement: loading,
    lazy: () =>
      import('./admin-shell.js').then((m) => ({
        Component: m.AdminShell,
        loader: m.adminShellLoader,
        shouldRevalidate: m.adminShellShouldRevalidate,
      })),
    children: [
      page(undefined, () =>
        import('./dashboard-page.js').then((m) => ({ Component: m.DashboardPage, loader: m.dashboardLoader })),
      ),
      page('archives', () =>
        import('./issues-page.js').then((m) => ({ Component: m.IssuesPage, loader: m.issuesLoader })),
      ),
      page('archives/add/:year/:volume/:issue', () =>
        import('./article-add-page.js').then((m) => ({ Component: m.ArticleAddPage, loader: m.articleAddLoader })),
      ),
      page('archives/:year/:volume/:issue', () =>
        import('./issue-articles-page.js').then((m) => ({
          Component: m.IssueArticlesPage,
          loader: m.issueArticlesLoader,
        })),
      ),
      page('archives/:year/:volume/:issue/preview', () =>
        import('./issue-preview-page.js').then((m) => ({
          Component: m.IssuePreviewPage,
          loader: m.issuePreviewLoader,
        })),
      ),
      page('archives/:id/preview', () =>
        import('./article-preview-page.js').then((m) => ({
          Component: m.ArticlePreviewPage,
          loader: m.articlePreviewLoader,
        })),
      ),
      page('archives/:id', () =>
        import('./article-edit-page.js').then((m) => ({ Component: m.ArticleEditPage, loader: m.articleEditLoader })),
      ),
      page('editors', () =>
        import('./editors-page.js').then((m) => ({ Component: m.EditorsPage, loader: m.editorsLoader })),
      ),
      page('editors/add', () => import('./editor-form-page.js').then((m) => ({ Component: m.EditorFormPage }))),
      page('editors/:id', () =>
        import('./editor-form-page.js').then((m) => ({ Component: m.EditorFormPage, loader: m.editorLoader })),
      ),
      page('settings', () =>
        import('./settings-page.js').then((m) => ({ Component: m.SettingsPage, loader: m.settingsLoader })),
      ),
      page('indexing', () =>
        import('./indexing-page.js').then((m) => ({ Component: m.IndexingPage, loader: m.indexingLoader })),
      ),
      page('indexing/add', () => import('./indexing-form-page.js').then((m) => ({ Component: m.IndexingFormPage }))),
      page('indexing/:id', () =>
        import('./indexing-form-page.js').then((m) => ({
          Component: m.IndexingFormPage,
          loader: m.indexingEntryLoader,
        })),
      ),
      page('pages', () =>
        import('./content-pages-page.js').then((m) => ({
          Component: m.ContentPagesPage,
          loader: m.contentPagesLoader,
        })),
      ),
      page('pages/:slug', () =>
        import('./content-pages-page.js').then((m) => ({
          Component: m.ContentPagesPage,
          loader: m.contentPagesLoader,
        })),
      ),
      page('users', () => import('./users-page.js').then((m) => ({ Component: m.UsersPage, loader: m.usersLoader }))),
      page('journals', () =>
        import('./journals-page.js').then((m) => ({ Component: m.JournalsPage, loader: m.journalsLoader })),
      ),
      page('account/:id', () =>
        import('./account-page.js').then((m) => ({ Component: m.AccountPage, loader: m.accountLoader })),
      ),
      page('activity', () =>
        import('./activity-page.js').then((m) => ({ Component: m.ActivityPage, loader: m.activityLoader })),
      ),
      page('statistics', () =>
        import('./statistics-page.js').then((m) => ({ Component: m.StatisticsPage, loader: m.statisticsLoader })),
      ),
      page('import', () =>
        import('./import-page.js').then((m) => ({ Component: m.ImportPage, loader: m.importLoader })),
      ),
      page('search', () =>
        import('./search-page.js').then((m) => ({ Component: m.SearchPage, loader: m.searchLoader })),
      ),
      page('not-found', () => import('./admin-not-found-page.js').then((m) => ({ Component: m.AdminNotFoundPage }))),
      page('*', () => import('./admin-not-found-page.js').then((m) => ({ Component: m.AdminNotFoundPage }))),
    ],
  },
];

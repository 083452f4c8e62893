import { Navigate, type RouteObject } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { RouteErrorPage } from '../components/RouteErrorPage';

/**
 * Every page is its own chunk: the landing page (/) downloads neither the store nor the
 * signed-in shell, and the login page does not download the shell.
 */
export const routes: RouteObject[] = [
  {
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('../features/landing/components/LandingPage')).LandingPage,
        }),
      },
      {
        lazy: async () => ({ Component: (await import('./AppProviders')).AppProviders }),
        children: [
          {
            path: 'login',
            lazy: async () => ({
              Component: (await import('../features/auth/components/LoginPage')).LoginPage,
            }),
          },
          {
            lazy: async () => {
              const [layout, loader] = await Promise.all([
                import('../features/layout/components/ProtectedLayout'),
                import('../features/auth/loaders/sessionLoader'),
              ]);
              return { Component: layout.ProtectedLayout, loader: loader.sessionLoader };
            },
            children: [
              {
                path: 'dashboard',
                lazy: async () => ({
                  Component: (await import('../features/dashboard/components/DashboardPage'))
                    .DashboardPage,
                }),
              },
              {
                path: 'project/create',
                lazy: async () => ({
                  Component: (await import('../features/projects/components/CreateProjectPage'))
                    .CreateProjectPage,
                }),
              },
              {
                path: 'admin/users',
                lazy: async () => ({
                  Component: (await import('../features/admin/components/AdminUsersPage'))
                    .AdminUsersPage,
                }),
              },
              {
                path: 'project/:id',
                children: [
                  { index: true, element: <Navigate to="deal-details" replace /> },
                  {
                    path: 'deal-details',
                    lazy: async () => ({
                      Component: (
                        await import('../features/deal-details/components/DealDetailsPage')
                      ).DealDetailsPage,
                    }),
                  },
                  {
                    path: 'documents',
                    lazy: async () => ({
                      Component: (await import('../features/documents/components/DocumentsPage'))
                        .DocumentsPage,
                    }),
                  },
                  {
                    path: 'chat',
                    lazy: async () => ({
                      Component: (await import('../features/chat/components/ChatPage')).ChatPage,
                    }),
                  },
                  {
                    path: 'clauses',
                    lazy: async () => {
                      const [page, loader] = await Promise.all([
                        import('../features/clause-review/components/ClauseReviewPage'),
                        import('../features/clause-review/loaders/clauseReviewLoader'),
                      ]);
                      return {
                        Component: page.ClauseReviewPage,
                        loader: loader.clauseReviewLoader,
                        shouldRevalidate: loader.shouldRefreshClauseReview,
                      };
                    },
                  },
                  {
                    path: 'reviews',
                    children: [
                      {
                        index: true,
                        lazy: async () => ({
                          Component: (await import('../features/reviews/components/ReviewsPage'))
                            .ReviewsPage,
                        }),
                      },
                      {
                        path: 'new',
                        lazy: async () => ({
                          Component: (
                            await import('../features/reviews/components/ReviewBuilderPage')
                          ).ReviewBuilderPage,
                        }),
                      },
                      {
                        path: ':reviewId',
                        lazy: async () => ({
                          Component: (await import('../features/reviews/components/ReviewGridPage'))
                            .ReviewGridPage,
                        }),
                      },
                    ],
                  },
                  {
                    path: 'activity',
                    lazy: async () => ({
                      Component: (await import('../features/activity/components/ActivityPage'))
                        .ActivityPage,
                    }),
                  },
                  {
                    path: 'settings',
                    lazy: async () => ({
                      Component: (
                        await import('../features/settings/components/ProjectSettingsPage')
                      ).ProjectSettingsPage,
                    }),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        path: '*',
        lazy: async () => ({
          Component: (await import('../components/NotFoundPage')).NotFoundPage,
        }),
      },
    ],
  },
];

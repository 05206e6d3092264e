import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import { ProjectListPage } from '../features/projects/project-list-page.js';
import { AppLayout } from './layout/app-layout.js';
import { NAV_ITEMS } from './navigation.js';
import { ComingSoonPage } from './pages/coming-soon-page.js';
import { NotFoundPage } from './pages/not-found-page.js';
import { RouteErrorPage } from './pages/route-error-page.js';

/** The route table: the shell at `/`, screens as children (errors render inside the shell). */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <Navigate to="/projects" replace /> },
          { path: 'projects', element: <ProjectListPage /> },
          ...NAV_ITEMS.filter((item) => !item.built).map((item) => ({
            path: item.path.slice(1),
            element: <ComingSoonPage item={item} />,
          })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/** A hash router (Electron loads the app from `file://`, where path routing cannot work). */
export function createAppRouter() {
  return createHashRouter(routes);
}

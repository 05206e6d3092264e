import { Suspense, type ReactNode } from 'react';
import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import { AdminGuard } from '../features/admin/admin-guard.js';
import { FirstRunGate } from './first-run-gate.js';
import { lazyPage } from './lazy-page.js';
import { AppLayout } from './layout/app-layout.js';
import { NAV_ITEMS } from './navigation.js';
import { ComingSoonPage } from './pages/coming-soon-page.js';
import { NotFoundPage } from './pages/not-found-page.js';
import { RouteErrorPage } from './pages/route-error-page.js';
import { RouteSkeleton } from './pages/route-skeleton.js';

/** A lazily loaded screen with the route skeleton while its chunk loads. */
function screen(element: ReactNode) {
  return <Suspense fallback={<RouteSkeleton />}>{element}</Suspense>;
}

const AlertListPage = lazyPage(() => import('../features/alerts/alert-list-page.js'), 'AlertListPage');
const AlertsIndexPage = lazyPage(() => import('../features/alerts/alerts-index-page.js'), 'AlertsIndexPage');
const AlertsLayout = lazyPage(() => import('../features/alerts/alerts-layout.js'), 'AlertsLayout');
const IntegrationsPage = lazyPage(
  () => import('../features/alerts/integrations-page.js'),
  'IntegrationsPage',
);
const ProjectAlertsRedirect = lazyPage(
  () => import('../features/alerts/project-alerts-redirect.js'),
  'ProjectAlertsRedirect',
);
const AuditEventsPage = lazyPage(
  () => import('../features/audit-events/audit-events-page.js'),
  'AuditEventsPage',
);
const CiVariablesPage = lazyPage(
  () => import('../features/admin/ci-variables/ci-variables-page.js'),
  'CiVariablesPage',
);
const ClustersPage = lazyPage(() => import('../features/admin/clusters/clusters-page.js'), 'ClustersPage');
const PlanLimitsPage = lazyPage(
  () => import('../features/admin/plan-limits/plan-limits-page.js'),
  'PlanLimitsPage',
);
const SecurityPage = lazyPage(
  () => import('../features/admin/instance-settings/security-page.js'),
  'SecurityPage',
);
const FleetPage = lazyPage(() => import('../features/fleet/fleet-page.js'), 'FleetPage');
const DriftPage = lazyPage(() => import('../features/drift/drift-page.js'), 'DriftPage');
const GroupsPage = lazyPage(() => import('../features/admin/groups/groups-page.js'), 'GroupsPage');
const AdminOverviewPage = lazyPage(
  () => import('../features/admin/overview/admin-overview-page.js'),
  'AdminOverviewPage',
);
const AdminProjectsPage = lazyPage(
  () => import('../features/admin/projects/admin-projects-page.js'),
  'AdminProjectsPage',
);
const UsersPage = lazyPage(() => import('../features/admin/users/users-page.js'), 'UsersPage');
const RunnersPage = lazyPage(() => import('../features/admin/runners/runners-page.js'), 'RunnersPage');
const StorageMovesPage = lazyPage(
  () => import('../features/admin/storage-moves/storage-moves-page.js'),
  'StorageMovesPage',
);
const EnvironmentListPage = lazyPage(
  () => import('../features/environments/environment-list-page.js'),
  'EnvironmentListPage',
);
const EnvironmentPage = lazyPage(
  () => import('../features/environments/environment-page.js'),
  'EnvironmentPage',
);
const JobPage = lazyPage(() => import('../features/pipelines/job-page.js'), 'JobPage');
const PipelineListPage = lazyPage(
  () => import('../features/pipelines/pipeline-list-page.js'),
  'PipelineListPage',
);
const PipelinePage = lazyPage(() => import('../features/pipelines/pipeline-page.js'), 'PipelinePage');
const PipelinesIndexPage = lazyPage(
  () => import('../features/pipelines/pipelines-index-page.js'),
  'PipelinesIndexPage',
);
const PipelinesLayout = lazyPage(
  () => import('../features/pipelines/pipelines-layout.js'),
  'PipelinesLayout',
);
const RunPipelinePage = lazyPage(
  () => import('../features/pipelines/run-pipeline-page.js'),
  'RunPipelinePage',
);
const LabelsPage = lazyPage(() => import('../features/merge-requests/labels-page.js'), 'LabelsPage');
const MergeRequestListPage = lazyPage(
  () => import('../features/merge-requests/merge-request-list-page.js'),
  'MergeRequestListPage',
);
const MergeRequestPage = lazyPage(
  () => import('../features/merge-requests/merge-request-page.js'),
  'MergeRequestPage',
);
const MergeRequestsIndexPage = lazyPage(
  () => import('../features/merge-requests/merge-requests-index-page.js'),
  'MergeRequestsIndexPage',
);
const ProjectListPage = lazyPage(
  () => import('../features/projects/project-list-page.js'),
  'ProjectListPage',
);
const ProjectSettingsPage = lazyPage(
  () => import('../features/projects/project-settings-page.js'),
  'ProjectSettingsPage',
);
const BlamePage = lazyPage(() => import('../features/repository/blame-page.js'), 'BlamePage');
const BranchesPage = lazyPage(() => import('../features/repository/branches-page.js'), 'BranchesPage');
const CommitPage = lazyPage(() => import('../features/repository/commit-page.js'), 'CommitPage');
const CommitsPage = lazyPage(() => import('../features/repository/commits-page.js'), 'CommitsPage');
const FileEditorPage = lazyPage(() => import('../features/repository/file-editor-page.js'), 'FileEditorPage');
const FileTreePage = lazyPage(() => import('../features/repository/file-tree-page.js'), 'FileTreePage');
const FileViewPage = lazyPage(() => import('../features/repository/file-view-page.js'), 'FileViewPage');
const ProtectedBranchesPage = lazyPage(
  () => import('../features/repository/protected-branches-page.js'),
  'ProtectedBranchesPage',
);
const RawFilePage = lazyPage(() => import('../features/repository/raw-file-page.js'), 'RawFilePage');
const RepositoryIndexPage = lazyPage(
  () => import('../features/repository/repository-index-page.js'),
  'RepositoryIndexPage',
);
const RepositoryLayout = lazyPage(
  () => import('../features/repository/repository-layout.js'),
  'RepositoryLayout',
);
const TagsPage = lazyPage(() => import('../features/repository/tags-page.js'), 'TagsPage');
const TodosPage = lazyPage(() => import('../features/todos/todos-page.js'), 'TodosPage');
const InboxPage = lazyPage(() => import('../features/inbox/inbox-page.js'), 'InboxPage');

/**
 * The route table: the shell at `/` (behind the first-run welcome screen), screens as children (errors
 * render inside the shell).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <FirstRunGate>
        <AppLayout />
      </FirstRunGate>
    ),
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <Navigate to="/projects" replace /> },
          { path: 'projects', element: screen(<ProjectListPage />) },
          { path: 'todos', element: screen(<TodosPage />) },
          { path: 'inbox', element: screen(<InboxPage />) },
          { path: 'projects/:projectId/settings', element: screen(<ProjectSettingsPage />) },
          { path: 'repository', element: screen(<RepositoryIndexPage />) },
          {
            path: 'repository/:projectId',
            element: screen(<RepositoryLayout />),
            children: [
              { index: true, element: <Navigate to="tree" replace /> },
              { path: 'tree/*', element: screen(<FileTreePage />) },
              { path: 'blob/*', element: screen(<FileViewPage />) },
              { path: 'blame/*', element: screen(<BlamePage />) },
              { path: 'raw/*', element: screen(<RawFilePage />) },
              { path: 'edit/*', element: screen(<FileEditorPage mode="edit" />) },
              { path: 'new/*', element: screen(<FileEditorPage mode="new" />) },
              { path: 'commits', element: screen(<CommitsPage />) },
              { path: 'commit/:sha', element: screen(<CommitPage />) },
              { path: 'branches', element: screen(<BranchesPage />) },
              { path: 'tags', element: screen(<TagsPage />) },
              { path: 'protected-branches', element: screen(<ProtectedBranchesPage />) },
            ],
          },
          { path: 'pipelines', element: screen(<PipelinesIndexPage />) },
          {
            path: 'pipelines/:projectId',
            element: screen(<PipelinesLayout />),
            children: [
              { index: true, element: screen(<PipelineListPage />) },
              { path: 'new', element: screen(<RunPipelinePage />) },
              { path: 'jobs/:jobId', element: screen(<JobPage />) },
              { path: 'environments', element: screen(<EnvironmentListPage />) },
              { path: 'environments/:environmentId', element: screen(<EnvironmentPage />) },
              { path: ':pipelineId', element: screen(<PipelinePage />) },
            ],
          },
          { path: 'merge-requests', element: screen(<MergeRequestsIndexPage />) },
          { path: 'merge-requests/:projectId', element: screen(<MergeRequestListPage />) },
          { path: 'merge-requests/:projectId/labels', element: screen(<LabelsPage />) },
          { path: 'merge-requests/:projectId/:iid/:tab?', element: screen(<MergeRequestPage />) },
          { path: 'alerts', element: screen(<AlertsIndexPage />) },
          {
            path: 'alerts/:projectId',
            element: screen(<AlertsLayout />),
            children: [
              { index: true, element: screen(<AlertListPage />) },
              { path: 'integrations', element: screen(<IntegrationsPage />) },
            ],
          },
          { path: 'projects/:projectId/alerts', element: screen(<ProjectAlertsRedirect />) },
          { path: 'fleet', element: screen(<FleetPage />) },
          { path: 'fleet/drift', element: screen(<DriftPage />) },
          { path: 'admin', element: <Navigate to="/admin/overview" replace /> },
          {
            path: 'admin/overview',
            element: <AdminGuard>{screen(<AdminOverviewPage />)}</AdminGuard>,
          },
          {
            path: 'admin/users',
            element: <AdminGuard>{screen(<UsersPage />)}</AdminGuard>,
          },
          {
            path: 'admin/projects',
            element: <AdminGuard>{screen(<AdminProjectsPage />)}</AdminGuard>,
          },
          {
            path: 'admin/groups',
            element: <AdminGuard>{screen(<GroupsPage />)}</AdminGuard>,
          },
          {
            path: 'admin/clusters',
            element: <AdminGuard>{screen(<ClustersPage />)}</AdminGuard>,
          },
          {
            path: 'admin/runners',
            element: <AdminGuard>{screen(<RunnersPage />)}</AdminGuard>,
          },
          {
            path: 'admin/ci-variables',
            element: <AdminGuard>{screen(<CiVariablesPage />)}</AdminGuard>,
          },
          {
            path: 'admin/storage-moves',
            element: <AdminGuard>{screen(<StorageMovesPage />)}</AdminGuard>,
          },
          {
            path: 'admin/plan-limits',
            element: <AdminGuard>{screen(<PlanLimitsPage />)}</AdminGuard>,
          },
          {
            path: 'admin/security',
            element: <AdminGuard>{screen(<SecurityPage />)}</AdminGuard>,
          },
          {
            path: 'admin/audit-events',
            // The screen says first when the instance lacks audit events (GitLab CE), then checks admin.
            element: screen(<AuditEventsPage />),
          },
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

/**
 * Starts loading the code of the screen the app opens at `pathname` (a router path such as `/` or
 * `/projects`) when it is the launch screen, the projects list; other paths load on first visit.
 * Called at boot, so the chunk arrives while the host is still starting instead of after the shell's
 * first render. A failed load is left to the route (it retries on render and shows the error page).
 */
export function preloadLaunchScreen(pathname: string): void {
  if (pathname === '/' || pathname === '/projects') void ProjectListPage.preload().catch(() => undefined);
}

/** A hash router (Electron loads the app from `file://`, where path routing cannot work). */
export function createAppRouter() {
  return createHashRouter(routes);
}

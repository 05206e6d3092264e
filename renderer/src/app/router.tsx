import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import { AdminGuard } from '../features/admin/admin-guard.js';
import { AlertListPage } from '../features/alerts/alert-list-page.js';
import { AlertsIndexPage } from '../features/alerts/alerts-index-page.js';
import { AlertsLayout } from '../features/alerts/alerts-layout.js';
import { IntegrationsPage } from '../features/alerts/integrations-page.js';
import { ProjectAlertsRedirect } from '../features/alerts/project-alerts-redirect.js';
import { AuditEventsPage } from '../features/audit-events/audit-events-page.js';
import { CiVariablesPage } from '../features/admin/ci-variables/ci-variables-page.js';
import { ClustersPage } from '../features/admin/clusters/clusters-page.js';
import { PlanLimitsPage } from '../features/admin/plan-limits/plan-limits-page.js';
import { SecurityPage } from '../features/admin/instance-settings/security-page.js';
import { StorageMovesPage } from '../features/admin/storage-moves/storage-moves-page.js';
import { EnvironmentListPage } from '../features/environments/environment-list-page.js';
import { EnvironmentPage } from '../features/environments/environment-page.js';
import { JobPage } from '../features/pipelines/job-page.js';
import { PipelineListPage } from '../features/pipelines/pipeline-list-page.js';
import { PipelinePage } from '../features/pipelines/pipeline-page.js';
import { PipelinesIndexPage } from '../features/pipelines/pipelines-index-page.js';
import { PipelinesLayout } from '../features/pipelines/pipelines-layout.js';
import { RunPipelinePage } from '../features/pipelines/run-pipeline-page.js';
import { LabelsPage } from '../features/merge-requests/labels-page.js';
import { MergeRequestListPage } from '../features/merge-requests/merge-request-list-page.js';
import { MergeRequestPage } from '../features/merge-requests/merge-request-page.js';
import { MergeRequestsIndexPage } from '../features/merge-requests/merge-requests-index-page.js';
import { ProjectListPage } from '../features/projects/project-list-page.js';
import { ProjectSettingsPage } from '../features/projects/project-settings-page.js';
import { BlamePage } from '../features/repository/blame-page.js';
import { BranchesPage } from '../features/repository/branches-page.js';
import { CommitPage } from '../features/repository/commit-page.js';
import { CommitsPage } from '../features/repository/commits-page.js';
import { FileEditorPage } from '../features/repository/file-editor-page.js';
import { FileTreePage } from '../features/repository/file-tree-page.js';
import { FileViewPage } from '../features/repository/file-view-page.js';
import { ProtectedBranchesPage } from '../features/repository/protected-branches-page.js';
import { RawFilePage } from '../features/repository/raw-file-page.js';
import { RepositoryIndexPage } from '../features/repository/repository-index-page.js';
import { RepositoryLayout } from '../features/repository/repository-layout.js';
import { TagsPage } from '../features/repository/tags-page.js';
import { FirstRunGate } from './first-run-gate.js';
import { AppLayout } from './layout/app-layout.js';
import { NAV_ITEMS } from './navigation.js';
import { ComingSoonPage } from './pages/coming-soon-page.js';
import { NotFoundPage } from './pages/not-found-page.js';
import { RouteErrorPage } from './pages/route-error-page.js';

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
          { path: 'projects', element: <ProjectListPage /> },
          { path: 'projects/:projectId/settings', element: <ProjectSettingsPage /> },
          { path: 'repository', element: <RepositoryIndexPage /> },
          {
            path: 'repository/:projectId',
            element: <RepositoryLayout />,
            children: [
              { index: true, element: <Navigate to="tree" replace /> },
              { path: 'tree/*', element: <FileTreePage /> },
              { path: 'blob/*', element: <FileViewPage /> },
              { path: 'blame/*', element: <BlamePage /> },
              { path: 'raw/*', element: <RawFilePage /> },
              { path: 'edit/*', element: <FileEditorPage mode="edit" /> },
              { path: 'new/*', element: <FileEditorPage mode="new" /> },
              { path: 'commits', element: <CommitsPage /> },
              { path: 'commit/:sha', element: <CommitPage /> },
              { path: 'branches', element: <BranchesPage /> },
              { path: 'tags', element: <TagsPage /> },
              { path: 'protected-branches', element: <ProtectedBranchesPage /> },
            ],
          },
          { path: 'pipelines', element: <PipelinesIndexPage /> },
          {
            path: 'pipelines/:projectId',
            element: <PipelinesLayout />,
            children: [
              { index: true, element: <PipelineListPage /> },
              { path: 'new', element: <RunPipelinePage /> },
              { path: 'jobs/:jobId', element: <JobPage /> },
              { path: 'environments', element: <EnvironmentListPage /> },
              { path: 'environments/:environmentId', element: <EnvironmentPage /> },
              { path: ':pipelineId', element: <PipelinePage /> },
            ],
          },
          { path: 'merge-requests', element: <MergeRequestsIndexPage /> },
          { path: 'merge-requests/:projectId', element: <MergeRequestListPage /> },
          { path: 'merge-requests/:projectId/labels', element: <LabelsPage /> },
          { path: 'merge-requests/:projectId/:iid/:tab?', element: <MergeRequestPage /> },
          { path: 'alerts', element: <AlertsIndexPage /> },
          {
            path: 'alerts/:projectId',
            element: <AlertsLayout />,
            children: [
              { index: true, element: <AlertListPage /> },
              { path: 'integrations', element: <IntegrationsPage /> },
            ],
          },
          { path: 'projects/:projectId/alerts', element: <ProjectAlertsRedirect /> },
          {
            path: 'admin/clusters',
            element: (
              <AdminGuard>
                <ClustersPage />
              </AdminGuard>
            ),
          },
          {
            path: 'admin/ci-variables',
            element: (
              <AdminGuard>
                <CiVariablesPage />
              </AdminGuard>
            ),
          },
          {
            path: 'admin/storage-moves',
            element: (
              <AdminGuard>
                <StorageMovesPage />
              </AdminGuard>
            ),
          },
          {
            path: 'admin/plan-limits',
            element: (
              <AdminGuard>
                <PlanLimitsPage />
              </AdminGuard>
            ),
          },
          {
            path: 'admin/security',
            element: (
              <AdminGuard>
                <SecurityPage />
              </AdminGuard>
            ),
          },
          {
            path: 'admin/audit-events',
            element: (
              <AdminGuard>
                <AuditEventsPage />
              </AdminGuard>
            ),
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

/** A hash router (Electron loads the app from `file://`, where path routing cannot work). */
export function createAppRouter() {
  return createHashRouter(routes);
}

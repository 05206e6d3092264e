import { Navigate, useParams } from 'react-router';

/** `/projects/:projectId/alerts` (GitLab's shape of the address) goes to `/alerts/:projectId`. */
export function ProjectAlertsRedirect() {
  const { projectId = '' } = useParams();
  return <Navigate to={`/alerts/${encodeURIComponent(projectId)}`} replace />;
}

/** The `/api/v4` route tree: one plugin per API area. */
import type { FastifyInstance } from 'fastify';
import { adminCiVariablesRoutes } from './admin-ci-variables.js';
import { adminClustersRoutes } from './admin-clusters.js';
import { alertManagementRoutes } from './alert-management.js';
import { applicationSettingsRoutes } from './application-settings.js';
import { auditEventsRoutes } from './audit-events.js';
import { branchesRoutes } from './branches.js';
import { deploymentsRoutes } from './deployments.js';
import { environmentsRoutes } from './environments.js';
import { groupsRoutes } from './groups.js';
import { jobsRoutes } from './jobs.js';
import { jobSandboxRoutes } from './job-sandbox.js';
import { issuesRoutes } from './issues.js';
import { labelsRoutes } from './labels.js';
import { membersRoutes } from './members.js';
import { mergeRequestDiffsRoutes } from './merge-request-diffs.js';
import { mergeRequestMergesRoutes } from './merge-request-merges.js';
import { mergeRequestPipelinesRoutes } from './merge-request-pipelines.js';
import { mergeRequestNotesRoutes } from './merge-request-notes.js';
import { mergeRequestApprovalsRoutes } from './merge-request-approvals.js';
import { mergeRequestResourceEventsRoutes } from './merge-request-resource-events.js';
import { mergeRequestSocialRoutes } from './merge-request-social.js';
import { mergeRequestsRoutes } from './merge-requests.js';
import { namespacesRoutes } from './namespaces.js';
import { personalAccessTokensRoutes } from './personal-access-tokens.js';
import { pipelinesRoutes } from './pipelines.js';
import { planLimitsRoutes } from './plan-limits.js';
import { projectsRoutes } from './projects.js';
import { protectedBranchesRoutes } from './protected-branches.js';
import { releasesRoutes } from './releases.js';
import { repositoryArchiveRoutes } from './repository-archive.js';
import { repositoryBlobsRoutes } from './repository-blobs.js';
import { repositoryCommitsRoutes } from './repository-commits.js';
import { repositoryFilesRoutes } from './repository-files.js';
import { repositoryTreeRoutes } from './repository-tree.js';
import { storageMovesRoutes } from './storage-moves.js';
import { tagsRoutes } from './tags.js';
import { usersRoutes } from './users.js';
import { versionRoutes } from './version.js';

export interface ApiRoutesOptions {
  /** Largest alert payload in bytes (test alerts; see `CoreOptions.alertPayloadLimit`). */
  alertPayloadLimit: number;
}

export async function apiRoutes(app: FastifyInstance, opts: ApiRoutesOptions): Promise<void> {
  await app.register(versionRoutes);
  await app.register(usersRoutes);
  await app.register(personalAccessTokensRoutes);
  await app.register(groupsRoutes);
  await app.register(projectsRoutes);
  await app.register(membersRoutes);
  await app.register(namespacesRoutes);
  await app.register(branchesRoutes);
  await app.register(tagsRoutes);
  await app.register(releasesRoutes);
  await app.register(protectedBranchesRoutes);
  await app.register(adminClustersRoutes);
  await app.register(adminCiVariablesRoutes);
  await app.register(planLimitsRoutes);
  await app.register(applicationSettingsRoutes);
  await app.register(storageMovesRoutes);
  await app.register(auditEventsRoutes);
  await app.register(alertManagementRoutes, { payloadLimit: opts.alertPayloadLimit });
  await app.register(repositoryFilesRoutes);
  await app.register(repositoryTreeRoutes);
  await app.register(repositoryCommitsRoutes);
  await app.register(repositoryBlobsRoutes);
  await app.register(repositoryArchiveRoutes);
  await app.register(pipelinesRoutes);
  await app.register(jobsRoutes);
  await app.register(jobSandboxRoutes);
  await app.register(environmentsRoutes);
  await app.register(deploymentsRoutes);
  await app.register(labelsRoutes);
  await app.register(issuesRoutes);
  await app.register(mergeRequestsRoutes);
  await app.register(mergeRequestMergesRoutes);
  await app.register(mergeRequestDiffsRoutes);
  await app.register(mergeRequestPipelinesRoutes);
  await app.register(mergeRequestNotesRoutes);
  await app.register(mergeRequestApprovalsRoutes);
  await app.register(mergeRequestResourceEventsRoutes);
  await app.register(mergeRequestSocialRoutes);
}

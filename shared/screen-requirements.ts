/**
 * What each screen needs of the instance, in one table (issue 26): the features (shared/instance-capabilities.ts
 * `FeatureId`) without which the whole screen is not available, and those that only a part of the screen
 * needs (the screen works without them, with that part replaced by an honest "not available"). Pure: no
 * Node or DOM imports. Screens may read it later; today it feeds the per-screen compatibility table of
 * docs/administrators/gitlab-versions.md (scripts/capability-table.ts), which is generated from this table
 * and {@link decideFeature}, so the documentation cannot drift from the decisions.
 */
import {
  decideFeature,
  FEATURE_REQUIREMENTS,
  type FeatureAvailability,
  type FeatureId,
  type InstanceCapabilities,
} from './instance-capabilities.js';

/** One screen (a route of renderer/src/app/router.tsx, or a group of routes that share their needs). */
export interface ScreenRequirement {
  /** Stable id (`merge-request`). */
  id: string;
  /** The screen's name as the navbar and the docs say it ("Merge request review"). */
  title: string;
  /** The route(s), as the hash router has them (`/merge-requests/:projectId/:iid`). */
  route: string;
  /** Without any of these the whole screen is not available. */
  needs: FeatureId[];
  /** Parts of the screen that need these; the rest of the screen works without them. */
  parts: FeatureId[];
}

/** Every screen that depends on the instance, in navbar order (renderer/src/app/navigation.ts). */
export const SCREEN_REQUIREMENTS: readonly ScreenRequirement[] = Object.freeze([
  { id: 'projects', title: 'Projects', route: '/projects', needs: [], parts: ['import-local-path'] },
  {
    id: 'repository',
    title: 'Repository (files, commits, branches)',
    route: '/repository/:projectId/…',
    needs: [],
    parts: ['protected-branch-role-edit'],
  },
  {
    id: 'repository-tags',
    title: 'Tags and release notes',
    route: '/repository/:projectId/tags',
    needs: [],
    parts: ['releases-api'],
  },
  {
    id: 'merge-request-list',
    title: 'Merge requests',
    route: '/merge-requests/:projectId',
    needs: [],
    parts: ['merge-detailed-status'],
  },
  {
    id: 'merge-request',
    title: 'Merge request review',
    route: '/merge-requests/:projectId/:iid',
    needs: [],
    parts: ['merge-detailed-status', 'merge-request-diffs', 'merge-request-draft-notes', 'auto-merge'],
  },
  {
    id: 'pipeline-list',
    title: 'Pipelines',
    route: '/pipelines/:projectId',
    needs: [],
    parts: ['job-sandbox'],
  },
  {
    id: 'pipeline',
    title: 'Pipeline and job pages',
    route: '/pipelines/:projectId/:pipelineId, /pipelines/:projectId/jobs/:jobId',
    needs: [],
    parts: ['job-sandbox'],
  },
  {
    id: 'environments',
    title: 'Environments',
    route: '/pipelines/:projectId/environments',
    needs: [],
    parts: [],
  },
  { id: 'alerts', title: 'Alerts', route: '/alerts/:projectId', needs: ['alerts'], parts: [] },
  { id: 'todos', title: 'To-do list', route: '/todos', needs: [], parts: [] },
  {
    id: 'admin-overview',
    title: 'Admin: Overview',
    route: '/admin/overview',
    needs: ['admin-area'],
    parts: ['application-statistics', 'shard-usage'],
  },
  {
    id: 'admin-users',
    title: 'Admin: Users',
    route: '/admin/users',
    needs: ['admin-area'],
    parts: ['audit-events'],
  },
  {
    id: 'admin-groups',
    title: 'Admin: Groups and members',
    route: '/admin/groups',
    needs: ['admin-area'],
    parts: [],
  },
  {
    id: 'admin-projects',
    title: 'Admin: Projects',
    route: '/admin/projects',
    needs: ['admin-area'],
    parts: [],
  },
  {
    id: 'admin-clusters',
    title: 'Admin: Clusters',
    route: '/admin/clusters',
    needs: ['admin-area', 'instance-clusters'],
    parts: [],
  },
  {
    id: 'admin-runners',
    title: 'Admin: Runners',
    route: '/admin/runners',
    needs: ['admin-area', 'runners'],
    parts: ['instance-jobs'],
  },
  {
    id: 'admin-ci-variables',
    title: 'Admin: CI/CD variables',
    route: '/admin/ci-variables',
    needs: ['admin-area'],
    parts: [],
  },
  {
    id: 'admin-storage-moves',
    title: 'Admin: Storage moves',
    route: '/admin/storage-moves',
    needs: ['admin-area'],
    parts: ['shard-usage', 'storage-move-progress'],
  },
  {
    id: 'admin-plan-limits',
    title: 'Admin: Plan limits',
    route: '/admin/plan-limits',
    needs: ['admin-area'],
    parts: [],
  },
  {
    id: 'admin-security',
    title: 'Admin: Security and settings',
    route: '/admin/security',
    needs: ['admin-area'],
    parts: ['job-sandbox'],
  },
  {
    id: 'admin-audit-events',
    title: 'Admin: Audit events',
    route: '/admin/audit-events',
    needs: ['admin-area', 'audit-events'],
    parts: ['audit-events-keyset'],
  },
] satisfies ScreenRequirement[]);

/** The decision for one screen on one instance. */
export interface ScreenAvailability {
  /** `available` when every `needs` feature is; `unavailable` when one is not; `unknown` otherwise. */
  status: 'available' | 'unavailable' | 'unknown';
  /** The first feature the screen needs that is not available, with its decision. */
  blockedBy: { feature: FeatureId; decision: FeatureAvailability } | null;
  /** Parts that are not available, with their decisions. */
  missingParts: Array<{ feature: FeatureId; decision: FeatureAvailability }>;
}

/** Decides `screen` on the instance `caps` from {@link decideFeature}, feature by feature. Pure. */
export function decideScreen(
  screen: ScreenRequirement,
  caps: InstanceCapabilities | null,
): ScreenAvailability {
  let unknown = false;
  for (const feature of screen.needs) {
    const decision = decideFeature(feature, caps);
    if (decision.status === 'unavailable')
      return { status: 'unavailable', blockedBy: { feature, decision }, missingParts: [] };
    if (decision.status === 'unknown') unknown = true;
  }
  const missingParts = screen.parts
    .map((feature) => ({ feature, decision: decideFeature(feature, caps) }))
    .filter((part) => part.decision.status === 'unavailable');
  return { status: unknown ? 'unknown' : 'available', blockedBy: null, missingParts };
}

/** Every FeatureId a screen names exists in FEATURE_REQUIREMENTS (a check for tests). */
export function unknownFeatureIds(): string[] {
  const known = new Set(Object.keys(FEATURE_REQUIREMENTS));
  return SCREEN_REQUIREMENTS.flatMap((s) => [...s.needs, ...s.parts]).filter((id) => !known.has(id));
}

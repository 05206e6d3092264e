import { useQuery } from '@tanstack/react-query';
import type { ProfileSummary } from '../../../../shared/ipc-contract.js';
import { useActiveProfile } from '../../app/active-profile.js';
import { useAllProjectsChosen, useAllProjectsToggled } from '../../stores/project-scope-store.js';
import { capabilitiesOf } from '../capabilities/capabilities.js';
import { profileQueries } from '../profiles/queries.js';

/** What {@link useProjectMembership} returns. */
export interface ProjectMembership {
  /**
   * Send `membership=true` with `GET /projects` (doc/api/projects.md "List all projects": "Limit by
   * projects that the current user is a member of"): true on a remote instance unless an administrator
   * chose every project. Without it GitLab lists every project the token can see (every public and
   * internal project of the instance; on GitLab.com, millions), and an administrator's token sees all.
   */
  membership: boolean;
  /** Whether the "All projects" switch is offered (an administrator on a remote instance). */
  canChooseAll: boolean;
  /** Whether the switch is on. */
  allProjects: boolean;
  setAllProjects: (all: boolean) => void;
}

/**
 * The project scope of project lists, pickers and the command palette on the active profile (issue 27):
 * the embedded instance lists every project (a local database, and its projects are the user's own);
 * a remote instance lists the user's projects (`membership=true`), with an "All projects" switch for
 * administrators, kept per profile for the session.
 */
export function useProjectMembership(): ProjectMembership {
  return useMembershipOf(useActiveProfile());
}

/**
 * {@link useProjectMembership} for `profileId` where no ActiveProfileProvider is around (the command
 * palette): reads the profile from the host's profile list (a bridge call, no instance request).
 */
export function useProjectMembershipOf(profileId: string | null): ProjectMembership {
  const { data: profiles } = useQuery(profileQueries.list());
  return useMembershipOf(profiles?.find((profile) => profile.id === profileId) ?? null);
}

function useMembershipOf(profile: ProfileSummary | null): ProjectMembership {
  const chosen = useAllProjectsChosen(profile?.id ?? '');
  const toggled = useAllProjectsToggled();
  const scope = projectMembershipOf(profile, chosen);
  return { ...scope, setAllProjects: (all) => profile && toggled(profile.id, all) };
}

/**
 * The scope of `profile`'s project lists when the switch stands at `chosen` (pure): `membership` on a
 * remote profile unless it is an administrator's (per its learned capabilities) who chose all; a remote
 * profile whose capabilities are not learned yet counts as not an administrator.
 */
export function projectMembershipOf(
  profile: ProfileSummary | null,
  chosen: boolean,
): Omit<ProjectMembership, 'setAllProjects'> {
  const remote = profile?.kind === 'remote';
  const canChooseAll = remote && profile !== null && (capabilitiesOf(profile)?.user?.isAdmin ?? false);
  const allProjects = canChooseAll && chosen;
  return { membership: remote && !allProjects, canChooseAll, allProjects };
}

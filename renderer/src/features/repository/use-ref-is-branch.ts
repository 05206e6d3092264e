import { useQuery } from '@tanstack/react-query';
import { repositoryQueries } from '../../api/repository/queries.js';
import { useRepository } from './repository-context.js';

/** What the instance says about the ref being browsed as a branch; null while unknown. */
export interface RefBranchInfo {
  /** Edits need a branch: false for tags and SHAs. */
  isBranch: boolean | null;
  /** The caller may push to it (false on a protected branch above their role). */
  canPush: boolean | null;
  protected: boolean | null;
}

/** Ask `GET .../branches/:ref` about the ref being browsed (404 for tags and SHAs). */
export function useRefBranch(): RefBranchInfo {
  const { profileId, projectId, ref } = useRepository();
  const branch = useQuery({ ...repositoryQueries.branch(profileId, projectId, ref), enabled: ref !== '' });
  if (branch.data) {
    return { isBranch: true, canPush: branch.data.can_push, protected: branch.data.protected };
  }
  if (branch.isError) return { isBranch: false, canPush: false, protected: null };
  return { isBranch: null, canPush: null, protected: null };
}

/** Whether the ref being browsed is a branch: true/false once known, null while asking. */
export function useRefIsBranch(): boolean | null {
  return useRefBranch().isBranch;
}

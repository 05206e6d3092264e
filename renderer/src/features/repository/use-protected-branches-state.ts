import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useUnprotectBranch } from '../../api/repository/mutations.js';
import { repositoryQueries } from '../../api/repository/queries.js';
import type { ProtectedBranch } from '../../api/repository/types.js';
import { useRepository } from './repository-context.js';

/**
 * State of the protected branches screen: the rules (`GET .../protected_branches`), the names of the
 * first 100 branches (to say what each rule matches; not loaded for an empty repository), and the
 * unprotect dialog's rule and mutation.
 */
export function useProtectedBranchesState() {
  const { profileId, projectId, empty } = useRepository();
  const [toUnprotect, setToUnprotect] = useState<ProtectedBranch | null>(null);
  const rules = useQuery(repositoryQueries.protectedBranchList(profileId, projectId));
  const branches = useQuery({
    ...repositoryQueries.branchList(profileId, projectId, { search: '', page: 1, perPage: 100 }),
    enabled: !empty,
  });
  const branchNames = (branches.data?.items ?? []).map((branch) => branch.name);
  const unprotect = useUnprotectBranch(profileId, projectId);
  return {
    rules,
    /** Branch names, once loaded (null before: the match line waits for them). */
    loadedBranchNames: branches.data ? branchNames : null,
    branchNames,
    unprotect,
    toUnprotect,
    setToUnprotect,
  };
}

import { useQuery } from '@tanstack/react-query';
import { repositoryQueries } from '../../api/repository/queries.js';
import { useRepository } from './repository-context.js';

/**
 * Whether the ref being browsed is a branch (edits need one): true/false once known, null while
 * the instance is asked (`GET .../branches/:ref`; 404 for tags and SHAs).
 */
export function useRefIsBranch(): boolean | null {
  const { profileId, projectId, ref } = useRepository();
  const branch = useQuery({ ...repositoryQueries.branch(profileId, projectId, ref), enabled: ref !== '' });
  if (branch.data) return true;
  if (branch.isError) return false;
  return null;
}

import { useQueryClient } from '@tanstack/react-query';
import { adminProjectKeys } from './keys.js';

/**
 * Admin → Projects changes projects with the project hooks of api/projects/mutations.ts
 * (`useSetProjectArchived`, `useTransferProject`, `useDeleteProject`: the same requests and the same
 * deletion flow as the project settings); this refreshes the admin list after each of them.
 */
export function useRefreshAdminProjects(profileId: string): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminProjectKeys.all(profileId) });
}

import { create } from 'zustand';

interface ProjectScopeState {
  /** Profiles on which an administrator switched project lists to every project of the instance. */
  allProjects: Record<string, boolean>;
  allProjectsToggled: (profileId: string, all: boolean) => void;
}

const useStore = create<ProjectScopeState>()((set) => ({
  allProjects: {},
  allProjectsToggled: (profileId, all) =>
    set((state) => ({ allProjects: { ...state.allProjects, [profileId]: all } })),
}));

/** Whether the administrator asked for every project of `profileId`'s instance (client state only). */
export function useAllProjectsChosen(profileId: string): boolean {
  return useStore((state) => state.allProjects[profileId] ?? false);
}

/** The event of the "All projects" switch. */
export function useAllProjectsToggled(): (profileId: string, all: boolean) => void {
  return useStore((state) => state.allProjectsToggled);
}

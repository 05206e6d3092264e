import { createContext, useContext, type ReactNode } from 'react';
import type { Project } from '../../../../shared/api-types/projects.js';

/** What every repository screen knows: the profile, the project and the ref being browsed. */
export interface RepositoryContextValue {
  profileId: string;
  project: Project;
  projectId: number;
  /** The branch, tag or SHA in the address (`?ref=`), else the default branch. */
  ref: string;
  /** The project's default branch ('' for an empty repository). */
  defaultBranch: string;
  /** True when the repository has no commits yet. */
  empty: boolean;
}

const RepositoryContext = createContext<RepositoryContextValue | null>(null);

/** Provides the repository being browsed to the screens below the repository layout. */
export function RepositoryProvider({
  value,
  children,
}: {
  value: RepositoryContextValue;
  children: ReactNode;
}) {
  return <RepositoryContext.Provider value={value}>{children}</RepositoryContext.Provider>;
}

/** The repository being browsed. Throws outside the repository layout. */
export function useRepository(): RepositoryContextValue {
  const value = useContext(RepositoryContext);
  if (!value) throw new Error('useRepository() needs the repository layout around it.');
  return value;
}

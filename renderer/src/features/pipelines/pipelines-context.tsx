import { createContext, useContext, type ReactNode } from 'react';
import type { Project } from '../../../../shared/api-types/projects.js';

/** What every pipelines/environments screen of a project knows. */
export interface PipelinesContextValue {
  profileId: string;
  project: Project;
  projectId: number;
}

const PipelinesContext = createContext<PipelinesContextValue | null>(null);

/** Provides the project to the screens below the pipelines layout. */
export function PipelinesProvider({
  value,
  children,
}: {
  value: PipelinesContextValue;
  children: ReactNode;
}) {
  return <PipelinesContext.Provider value={value}>{children}</PipelinesContext.Provider>;
}

/** The project whose pipelines are shown. Throws outside the pipelines layout. */
export function usePipelinesProject(): PipelinesContextValue {
  const value = useContext(PipelinesContext);
  if (!value) throw new Error('usePipelinesProject() needs the pipelines layout around it.');
  return value;
}

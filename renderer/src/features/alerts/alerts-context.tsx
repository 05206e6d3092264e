import { createContext, useContext, type ReactNode } from 'react';
import type { Project } from '../../../../shared/api-types/projects.js';

/** What every alert screen knows: the profile and the project whose alerts are shown. */
export interface AlertsContextValue {
  profileId: string;
  project: Project;
  projectId: number;
  /** The project's `path_with_namespace`: GraphQL names projects by full path. */
  fullPath: string;
  /**
   * True on Outpost instances, whose alert API adds what GitLab's lacks (the severity filter, the test
   * alert); false on GitLab, where the screens leave those out rather than send what GitLab refuses.
   */
  outpostExtensions: boolean;
}

const AlertsContext = createContext<AlertsContextValue | null>(null);

/** Provides the project to the screens below the alerts layout. */
export function AlertsProvider({ value, children }: { value: AlertsContextValue; children: ReactNode }) {
  return <AlertsContext.Provider value={value}>{children}</AlertsContext.Provider>;
}

/** The project whose alerts are shown. Throws outside the alerts layout. */
export function useAlertsProject(): AlertsContextValue {
  const value = useContext(AlertsContext);
  if (!value) throw new Error('useAlertsProject() needs the alerts layout around it.');
  return value;
}

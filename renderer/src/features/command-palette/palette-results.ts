import type { PaletteSearch } from './use-palette-search.js';

/** What kind of thing a palette result is (chooses its icon). */
export type PaletteItemKind = 'project' | 'merge-request' | 'pipeline' | 'project-pipelines';

/** One result the palette can jump to. */
export interface PaletteItem {
  /** Unique among all results (`project:12`, `mr:12:3`, `pipeline:40`). */
  id: string;
  kind: PaletteItemKind;
  label: string;
  description: string;
  /** Route to navigate to (see renderer/src/app/router.tsx). */
  path: string;
}

/** A titled group of results. */
export interface PaletteGroup {
  label: 'Projects' | 'Merge requests' | 'Pipelines';
  items: PaletteItem[];
}

/** How many "Pipelines of <project>" actions a name search offers. */
export const PROJECT_PIPELINE_ACTIONS = 3;

/**
 * Turn what the instance answered into palette groups, in order Projects, Merge requests,
 * Pipelines; empty groups are left out. Routes: a project opens its repository
 * (`/repository/:id`), a merge request `/merge-requests/:projectId/:iid`, a pipeline
 * `/pipelines/:projectId/:pipelineId`, "Pipelines of" `/pipelines/:projectId`.
 * For a `#123` query without text, the recent projects that were searched are not listed.
 */
export function buildSearchGroups(
  search: Pick<PaletteSearch, 'query' | 'projects' | 'mergeRequests' | 'pipelines'>,
): PaletteGroup[] {
  const { query } = search;
  const groups: PaletteGroup[] = [];
  const listProjects = query.text !== '';

  if (listProjects && search.projects.length > 0) {
    groups.push({
      label: 'Projects',
      items: search.projects.map((project) => ({
        id: `project:${project.id}`,
        kind: 'project',
        label: project.name_with_namespace,
        description: project.description?.trim() || project.path_with_namespace,
        path: `/repository/${project.id}`,
      })),
    });
  }

  if (search.mergeRequests.length > 0) {
    groups.push({
      label: 'Merge requests',
      items: search.mergeRequests.map((mr) => ({
        id: `mr:${mr.project_id}:${mr.iid}`,
        kind: 'merge-request',
        label: mr.title,
        description: mr.references.full,
        path: `/merge-requests/${mr.project_id}/${mr.iid}`,
      })),
    });
  }

  const pipelineItems: PaletteItem[] = search.pipelines.map(({ pipeline, project }) => ({
    id: `pipeline:${pipeline.id}`,
    kind: 'pipeline',
    label: `Pipeline #${pipeline.id}`,
    description: `${project.path_with_namespace} · ${pipeline.ref} · ${pipeline.status}`,
    path: `/pipelines/${pipeline.project_id}/${pipeline.id}`,
  }));
  if (query.pipelineId === null && listProjects) {
    for (const project of search.projects.slice(0, PROJECT_PIPELINE_ACTIONS)) {
      pipelineItems.push({
        id: `project-pipelines:${project.id}`,
        kind: 'project-pipelines',
        label: `Pipelines of ${project.name_with_namespace}`,
        description: 'Pipelines, jobs and environments of the project',
        path: `/pipelines/${project.id}`,
      });
    }
  }
  if (pipelineItems.length > 0) groups.push({ label: 'Pipelines', items: pipelineItems });
  return groups;
}

/**
 * Whether a fixed palette entry (a "Go to" area, a preference) matches the typed text: every word
 * of the text appears in its label, description or keywords, case-insensitively. Empty text matches.
 */
export function matchesPaletteText(
  entry: { label: string; description?: string; keywords?: readonly string[] },
  text: string,
): boolean {
  const haystack = [entry.label, entry.description ?? '', ...(entry.keywords ?? [])].join(' ').toLowerCase();
  return text
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

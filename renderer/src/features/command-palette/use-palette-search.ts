import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useProjectMembershipOf } from '../../api/projects/membership.js';
import { parsePaletteQuery, type PaletteQuery } from './parse-palette-query.js';
import {
  paletteQueries,
  PIPELINE_LOOKUP_PROJECTS,
  type PaletteMergeRequest,
  type PalettePipelineHit,
  type PaletteProject,
} from './palette-queries.js';

/** How long the palette waits after the last keystroke before asking the instance, ms. */
export const PALETTE_DEBOUNCE_MS = 200;

/** What the palette found on the instance for the text typed so far. */
export interface PaletteSearch {
  /** The parsed, debounced query the results belong to. */
  query: PaletteQuery;
  projects: PaletteProject[];
  mergeRequests: PaletteMergeRequest[];
  pipelines: PalettePipelineHit[];
  /** True while typing has not settled or any search is in flight. */
  loading: boolean;
  /** The first failure, if a search failed (the others still show). */
  error: Error | null;
}

/**
 * Search the active instance as the administrator types (debounced {@link PALETTE_DEBOUNCE_MS}):
 * projects and open merge requests matching the text, and, for `#123`/`pipeline 123`, pipeline 123
 * in the matching (or, without text, the most recently active) projects; on a remote instance only
 * the user's projects (`membership=true`, api/projects/membership.ts). `profileId` null (no
 * active instance) or an empty query searches nothing.
 */
export function usePaletteSearch(profileId: string | null, raw: string): PaletteSearch {
  const [debounced] = useDebouncedValue(raw.trim(), PALETTE_DEBOUNCE_MS);
  const query = useMemo(() => parsePaletteQuery(debounced), [debounced]);
  const active = profileId !== null && debounced !== '';
  const id = profileId ?? '';
  const { membership } = useProjectMembershipOf(profileId);

  const projects = useQuery({
    ...paletteQueries.projects(id, query.text, membership),
    enabled: active && (query.text !== '' || query.pipelineId !== null),
  });
  const mergeRequests = useQuery({
    ...paletteQueries.mergeRequests(id, query.text),
    enabled: active && query.text !== '' && query.pipelineId === null,
  });
  const lookupProjects = (projects.data ?? []).slice(0, PIPELINE_LOOKUP_PROJECTS);
  const pipelines = useQuery({
    ...paletteQueries.pipeline(id, lookupProjects, query.pipelineId ?? 0),
    enabled: active && query.pipelineId !== null && projects.isSuccess && lookupProjects.length > 0,
  });

  const settled = debounced === raw.trim();
  return {
    query,
    projects: active && projects.data ? projects.data : [],
    mergeRequests: active && query.pipelineId === null && mergeRequests.data ? mergeRequests.data : [],
    pipelines: active && query.pipelineId !== null && pipelines.data ? pipelines.data : [],
    loading:
      raw.trim() !== '' &&
      (!settled || projects.isFetching || mergeRequests.isFetching || pipelines.isFetching),
    error: projects.error ?? mergeRequests.error ?? pipelines.error ?? null,
  };
}

import { describe, expect, it } from 'vitest';
import { buildSearchGroups, matchesPaletteText, PROJECT_PIPELINE_ACTIONS } from './palette-results.js';
import type { PaletteProject } from './palette-queries.js';

const project = (id: number, name: string, description: string | null = null): PaletteProject => ({
  id,
  name,
  name_with_namespace: `Platform / ${name}`,
  path_with_namespace: `platform/${name}`,
  description,
});

describe('buildSearchGroups', () => {
  it('groups projects, merge requests and "Pipelines of" actions with their routes', () => {
    const groups = buildSearchGroups({
      query: { text: 'web', pipelineId: null },
      projects: [1, 2, 3, 4].map((id) => project(id, `web-${id}`, id === 1 ? 'The shop' : null)),
      mergeRequests: [
        {
          id: 90,
          iid: 3,
          project_id: 2,
          title: 'Web: faster checkout',
          references: { short: '!3', relative: '!3', full: 'platform/web-2!3' },
        },
      ],
      pipelines: [],
    });
    expect(groups.map((group) => group.label)).toEqual(['Projects', 'Merge requests', 'Pipelines']);
    expect(groups[0]?.items[0]).toEqual({
      id: 'project:1',
      kind: 'project',
      label: 'Platform / web-1',
      description: 'The shop',
      path: '/repository/1',
    });
    expect(groups[0]?.items[1]?.description).toBe('platform/web-2');
    expect(groups[1]?.items[0]).toMatchObject({
      label: 'Web: faster checkout',
      description: 'platform/web-2!3',
      path: '/merge-requests/2/3',
    });
    expect(groups[2]?.items).toHaveLength(PROJECT_PIPELINE_ACTIONS);
    expect(groups[2]?.items[0]).toMatchObject({
      label: 'Pipelines of Platform / web-1',
      path: '/pipelines/1',
    });
  });

  it('a #id query lists the pipeline found, not the recent projects it searched', () => {
    const groups = buildSearchGroups({
      query: { text: '', pipelineId: 40 },
      projects: [project(1, 'api'), project(2, 'web')],
      mergeRequests: [],
      pipelines: [
        {
          pipeline: { id: 40, iid: 5, project_id: 2, ref: 'main', status: 'success' },
          project: project(2, 'web'),
        },
      ],
    });
    expect(groups).toEqual([
      {
        label: 'Pipelines',
        items: [
          {
            id: 'pipeline:40',
            kind: 'pipeline',
            label: 'Pipeline #40',
            description: 'platform/web · main · success',
            path: '/pipelines/2/40',
          },
        ],
      },
    ]);
  });

  it('nothing found gives no groups', () => {
    expect(
      buildSearchGroups({
        query: { text: 'zzz', pipelineId: null },
        projects: [],
        mergeRequests: [],
        pipelines: [],
      }),
    ).toEqual([]);
  });
});

describe('matchesPaletteText', () => {
  const entry = {
    label: 'Storage moves',
    description: 'Move repositories between shards',
    keywords: ['gitaly'],
  };
  it('matches every word anywhere, case-insensitively', () => {
    expect(matchesPaletteText(entry, '')).toBe(true);
    expect(matchesPaletteText(entry, 'storage')).toBe(true);
    expect(matchesPaletteText(entry, 'MOVE shards')).toBe(true);
    expect(matchesPaletteText(entry, 'gitaly')).toBe(true);
    expect(matchesPaletteText(entry, 'storage clusters')).toBe(false);
  });
});

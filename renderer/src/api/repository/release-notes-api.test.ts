/**
 * The one decision of where release notes go (release-notes-api.ts): the Releases API on GitLab 14.0+
 * (the tag release endpoints were removed in 14.0, doc/api/tags.md) and on the embedded core; the tag
 * release endpoints on GitLab 13.x; nothing while the version is unknown.
 */
import { describe, expect, it } from 'vitest';
import {
  EMBEDDED_CAPABILITIES,
  type InstanceCapabilities,
} from '../../../../shared/instance-capabilities.js';
import { releaseNotesApi, releaseNotesRequest } from './release-notes-api.js';

function gitlab(version: string | null): InstanceCapabilities {
  return { ...EMBEDDED_CAPABILITIES, kind: 'gitlab', version, edition: 'ee', editionSource: 'metadata' };
}

describe('releaseNotesApi', () => {
  it.each([
    ['18.6.0-ee', 'releases'],
    ['14.0.0', 'releases'],
    ['13.12.15-ee', 'tag-release'],
    ['13.10.0-ee', 'tag-release'],
  ] as const)('GitLab %s → %s', (version, kind) => {
    expect(releaseNotesApi(gitlab(version)).kind).toBe(kind);
  });

  it('uses the Releases API on the embedded core, and nothing before the instance is known', () => {
    expect(releaseNotesApi(EMBEDDED_CAPABILITIES)).toEqual({ kind: 'releases' });
    expect(releaseNotesApi(null).kind).toBe('unknown');
    expect(releaseNotesApi(gitlab(null)).kind).toBe('unknown');
  });
});

describe('releaseNotesRequest', () => {
  it('adds with POST /releases and edits with PUT /releases/:tag (tag encoded)', () => {
    const api = { kind: 'releases' } as const;
    expect(releaseNotesRequest(api, 5, 'r/1', 'r%2F1', 'N', false)).toEqual({
      method: 'POST',
      path: '/projects/5/releases',
      body: { tag_name: 'r/1', description: 'N' },
    });
    expect(releaseNotesRequest(api, 5, 'r/1', 'r%2F1', 'N', true)).toEqual({
      method: 'PUT',
      path: '/projects/5/releases/r%2F1',
      body: { description: 'N' },
    });
  });

  it('uses POST/PUT …/repository/tags/:tag/release on 13.x', () => {
    const api = { kind: 'tag-release' } as const;
    expect(releaseNotesRequest(api, 5, 'v1', 'v1', 'N', false)).toMatchObject({
      method: 'POST',
      path: '/projects/5/repository/tags/v1/release',
    });
    expect(releaseNotesRequest(api, 5, 'v1', 'v1', 'N', true).method).toBe('PUT');
  });
});

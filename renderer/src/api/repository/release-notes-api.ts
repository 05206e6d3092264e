/**
 * Where a tag's release notes are saved on the active instance — the one place that decides it
 * (shared/instance-capabilities.ts `decideFeature`):
 * - `releases`: the Releases API, `POST /projects/:id/releases` (`tag_name`, `description`) and
 *   `PUT /projects/:id/releases/:tag_name` (doc/api/releases/index.md, GitLab 11.7+) — on GitLab 14.0
 *   and later, where the tag release endpoints are gone (feature 'tag-release-notes' removed in 14.0),
 *   and on the embedded core, which serves the Releases API;
 * - `tag-release`: `POST`/`PUT /projects/:id/repository/tags/:tag_name/release` (doc/api/tags.md) on
 *   GitLab before 14.0 (13.10–13.12 in practice): what those versions document for a tag's notes, and
 *   they write the same release the tag's `release` field shows;
 * - `unknown` while the instance's version is not known yet, `unavailable` when neither API exists.
 * Both APIs read and write the one release of a tag, so the tag list's `release` field stays the source
 * of "does this tag have notes" on every instance. Pure.
 */
import { decideFeature, type InstanceCapabilities } from '../../../../shared/instance-capabilities.js';

export type ReleaseNotesApi =
  { kind: 'releases' } | { kind: 'tag-release' } | { kind: 'unknown' | 'unavailable'; explanation: string };

/** The API release notes go through on the instance `caps` describes (null: not known yet). */
export function releaseNotesApi(caps: InstanceCapabilities | null): ReleaseNotesApi {
  const tagEndpoints = decideFeature('tag-release-notes', caps);
  const releases = decideFeature('releases-api', caps);
  if (caps && caps.kind === 'gitlab' && tagEndpoints.status === 'available') return { kind: 'tag-release' };
  if (releases.status === 'available') return { kind: 'releases' };
  if (releases.status === 'unknown' || tagEndpoints.status === 'unknown') {
    return {
      kind: 'unknown',
      explanation: releases.status === 'unknown' ? releases.explanation : 'The instance is not known yet.',
    };
  }
  return {
    kind: 'unavailable',
    explanation:
      releases.status === 'unavailable' ? releases.explanation : 'Release notes are not available.',
  };
}

/** The request that saves `description` as the notes of `tagName` (`exists`: the tag has notes already). */
export function releaseNotesRequest(
  api: { kind: 'releases' | 'tag-release' },
  projectId: number,
  tagName: string,
  encodedTag: string,
  description: string,
  exists: boolean,
): { method: 'POST' | 'PUT'; path: string; body: Record<string, unknown> } {
  if (api.kind === 'tag-release') {
    return {
      method: exists ? 'PUT' : 'POST',
      path: `/projects/${projectId}/repository/tags/${encodedTag}/release`,
      body: { description },
    };
  }
  return exists
    ? { method: 'PUT', path: `/projects/${projectId}/releases/${encodedTag}`, body: { description } }
    : { method: 'POST', path: `/projects/${projectId}/releases`, body: { tag_name: tagName, description } };
}

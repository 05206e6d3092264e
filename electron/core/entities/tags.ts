/**
 * Tag presenters (spec "Tag"; GitLab's Entities::Tag and Entities::TagRelease, schemas
 * public_api/v4/tag.json and release/tag_release.json — both strict): name, message (null for
 * lightweight tags), target (tag object id for annotated tags, commit id for lightweight ones), commit,
 * release ({tag_name, description} or null), protected, created_at (tagger date; null for lightweight).
 * Pure.
 */
import type { Tag, TagRelease } from '../../../shared/api-types/repository.js';
import type { CommitInfo } from '../git/commit-info.js';
import { presentCommit } from './commits.js';

/** Release notes of a tag. */
export interface TagReleaseView {
  tagName: string;
  description: string;
}

/** What the tag services know about one tag. */
export interface TagView {
  name: string;
  message: string | null;
  targetId: string;
  /** Null only for a tag naming no commit (a tree or blob). */
  commit: CommitInfo | null;
  release: TagReleaseView | null;
  taggerDate: string | null;
}

/** `{tag_name, description}`: the `release` of a tag and the answer of the tag release endpoints. */
export function presentTagRelease(r: TagReleaseView): TagRelease {
  return { tag_name: r.tagName, description: r.description };
}

/** `projectWebUrl` is `http://host/group/project` (for the commit's web_url). Tags are never protected yet. */
export function presentTag(t: TagView, projectWebUrl: string): Tag {
  return {
    name: t.name,
    message: t.message,
    target: t.targetId,
    commit: t.commit ? presentCommit(t.commit, projectWebUrl) : null,
    release: t.release ? presentTagRelease(t.release) : null,
    protected: false,
    created_at: t.taggerDate,
  };
}

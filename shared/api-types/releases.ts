/**
 * Wire shapes of the Releases API (doc/api/releases/index.md; GitLab's Entities::Release,
 * Entities::MilestoneWithStats, Entities::Releases::Source/Link/Evidence; schema public_api/v4/release.json).
 */
import type { Milestone } from './issues.js';
import type { RepositoryCommit } from './repository.js';
import type { UserBasic } from './users.js';

/** A milestone of a release with its issue counts (Entities::MilestoneWithStats). */
export interface ReleaseMilestone extends Milestone {
  issue_stats: { total: number; closed: number };
}

/** A source archive of the release's tag (Entities::Releases::Source). */
export interface ReleaseSource {
  format: 'zip' | 'tar.gz' | 'tar.bz2' | 'tar';
  url: string;
}

/** A release asset link (Entities::Releases::Link). */
export interface ReleaseLink {
  id: number;
  name: string;
  url: string;
  direct_asset_url: string;
  link_type: 'other' | 'runbook' | 'image' | 'package';
}

/** Release evidence (Entities::Releases::Evidence). */
export interface ReleaseEvidence {
  sha: string;
  filepath: string;
  collected_at: string;
}

/**
 * `GET /projects/:id/releases` items, `GET|POST|PUT|DELETE …/releases[/:tag_name]` answers. Fields that
 * need `download_code` (`tag_name`, `commit`, `commit_path`, `tag_path`, `assets.sources`, `evidences`)
 * are left out for a Guest of a private project, as GitLab does; `author` and `milestones` only when
 * there are some.
 */
export interface Release {
  /** The tag name when the release was not given one. */
  name: string;
  tag_name?: string;
  description: string | null;
  /** Only with `include_html_description=true` (13.12+: opt-in). */
  description_html?: string | null;
  created_at: string;
  released_at: string;
  author?: UserBasic;
  commit?: RepositoryCommit | null;
  /** `released_at` is in the future. */
  upcoming_release: boolean;
  milestones?: ReleaseMilestone[];
  /** `/<group>/<project>/-/commit/<sha>`. */
  commit_path?: string;
  /** `/<group>/<project>/-/tags/<tag>` (tag URL-encoded). */
  tag_path?: string;
  assets: { count: number; sources?: ReleaseSource[]; links: ReleaseLink[] };
  evidences?: ReleaseEvidence[];
  _links: { self: string; edit_url?: string };
}

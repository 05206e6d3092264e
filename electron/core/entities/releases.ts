/**
 * Release presenter (doc/api/releases/index.md; GitLab's lib/api/entities/release.rb, schema
 * public_api/v4/release.json). Field order and conditions as the entity:
 * name, tag_name†, description, description_html (only with `include_html_description`), created_at, released_at, author (when known), commit†, upcoming_release,
 * milestones (when any), commit_path†, tag_path†, assets {count, sources†, links}, evidences†,
 * _links {self, edit_url (only for those who may edit)} — † only for callers with `download_code`.
 * Sources are GitLab's four archive formats (`/-/archive/<tag>/<project>-<tag>.<format>`); Outpost keeps
 * no asset links and collects no evidence, so `links` and `evidences` are empty arrays. Pure.
 */
import type { Release, ReleaseMilestone, ReleaseSource } from '../../../shared/api-types/releases.js';
import type { ReleaseMilestoneRow } from '../db/release-milestones.js';
import type { ReleaseRow } from '../db/releases.js';
import type { UserRow } from '../db/users.js';
import type { CommitInfo } from '../git/commit-info.js';
import { presentCommit } from './commits.js';
import { presentMilestone } from './issues.js';
import { renderMarkdown } from './markdown.js';
import { presentUserBasic } from './users.js';

/** What the release services know about one release. */
export interface ReleaseView {
  release: ReleaseRow;
  author: UserRow | null;
  /** The release's commit; null when the tag and its commit are gone. */
  commit: CommitInfo | null;
  milestones: ReleaseMilestoneRow[];
}

/** Where the project lives and what the caller may do (from the service). */
export interface ReleasePresentation {
  /** `http://host` (user web URLs). */
  baseUrl: string;
  /** `http://host/group/project`. */
  projectWebUrl: string;
  /** `group/project`. */
  projectFullPath: string;
  /** The project's path (archive file names). */
  projectPath: string;
  /** GitLab's `download_code`. */
  canDownloadCode: boolean;
  /** GitLab's `update_release` (edit_url). */
  canUpdate: boolean;
  /** `include_html_description=true`: add `description_html` (doc/api/releases/index.md, opt-in since 13.12). */
  includeHtmlDescription?: boolean;
}

const SOURCE_FORMATS: readonly ReleaseSource['format'][] = ['zip', 'tar.gz', 'tar.bz2', 'tar'];

/** Whether `releasedAt` is later than `now` (Release#upcoming_release?). */
export function isUpcoming(releasedAt: string, now: Date): boolean {
  return Date.parse(releasedAt) > now.getTime();
}

function presentReleaseMilestone(m: ReleaseMilestoneRow, projectWebUrl: string): ReleaseMilestone {
  return {
    ...presentMilestone(m, projectWebUrl),
    issue_stats: { total: m.issues_total, closed: m.issues_closed },
  };
}

/** The Release entity of `v` as `opts` allows; `now` decides `upcoming_release`. */
export function presentRelease(v: ReleaseView, opts: ReleasePresentation, now = new Date()): Release {
  const r = v.release;
  const tag = encodeURIComponent(r.tag_name);
  const code = opts.canDownloadCode;
  const sources = SOURCE_FORMATS.map((format) => ({
    format,
    url: `${opts.projectWebUrl}/-/archive/${tag}/${opts.projectPath}-${tag}.${format}`,
  }));
  const out: Release = {
    name: r.name ?? r.tag_name,
    ...(code ? { tag_name: r.tag_name } : {}),
    description: r.description,
    ...(opts.includeHtmlDescription ? { description_html: renderMarkdown(r.description) } : {}),
    created_at: r.created_at,
    released_at: r.released_at,
    ...(v.author ? { author: presentUserBasic(v.author, opts.baseUrl) } : {}),
    ...(code ? { commit: v.commit ? presentCommit(v.commit, opts.projectWebUrl) : null } : {}),
    upcoming_release: isUpcoming(r.released_at, now),
    ...(v.milestones.length > 0
      ? { milestones: v.milestones.map((m) => presentReleaseMilestone(m, opts.projectWebUrl)) }
      : {}),
    ...(code && v.commit ? { commit_path: `/${opts.projectFullPath}/-/commit/${v.commit.id}` } : {}),
    ...(code ? { tag_path: `/${opts.projectFullPath}/-/tags/${tag}` } : {}),
    assets: {
      count: code ? sources.length : 0,
      ...(code ? { sources } : {}),
      links: [],
    },
    ...(code ? { evidences: [] } : {}),
    _links: {
      self: `${opts.projectWebUrl}/-/releases/${tag}`,
      ...(opts.canUpdate ? { edit_url: `${opts.projectWebUrl}/-/releases/${tag}/edit` } : {}),
    },
  };
  return out;
}

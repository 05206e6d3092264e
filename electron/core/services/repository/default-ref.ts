/** The ref repository reads use when the caller names none. */
import type { ProjectRow } from '../../db/projects.js';

/**
 * The project's default branch, else the repository's HEAD (GitLab: "if not given the default branch is
 * used", doc/api/repositories.md, commits.md, repository_files.md `/raw`).
 */
export function defaultRef(project: ProjectRow): string {
  return project.default_branch ?? 'HEAD';
}

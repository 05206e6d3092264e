/**
 * `GET /projects/:id/repository/archive[.format]` (doc/api/repositories.md "Get file archive";
 * lib/api/repositories.rb; `Gitlab::Git::Repository#archive_metadata`, `#archive_prefix`,
 * `#archive_file_path`): `sha` (branch, tag or commit; default the default branch), `path` (one folder or
 * file), format zip, tar, tar.gz (also tgz, gz) or tar.bz2 (also tbz, tbz2, tb2, bz2).
 *
 * The archive's top directory and file name follow GitLab: `<project path>-<ref with / as ->-<commit
 * sha>[-<path with / as ->]`, the name ending in the canonical extension (`tbz` → `.tar.bz2`). An unknown
 * ref or path is GitLab's `404 File Not Found` (its handler rescues every failure as that).
 */
import type { ProjectRow } from '../../db/projects.js';
import { streamArchive, treePathExists } from '../../git/archive.js';
import type { ArchiveKind, ArchiveStream } from '../../git/archive.js';
import { resolveCommit } from '../../git/commit-info.js';
import { repositoryExists } from '../../git/repository.js';
import type { ServiceContext } from '../context.js';
import { NotFoundError } from '../errors.js';
import { projectRepository, requireCodeRead } from '../refs/project-repository.js';

/** The formats GitLab's route accepts (`Gitlab::PathRegex.archive_formats_regex`) and what each writes. */
export const ARCHIVE_FORMATS: Readonly<Record<string, ArchiveKind>> = {
  zip: 'zip',
  tar: 'tar',
  'tar.gz': 'tar.gz',
  tgz: 'tar.gz',
  gz: 'tar.gz',
  'tar.bz2': 'tar.bz2',
  tbz: 'tar.bz2',
  tbz2: 'tar.bz2',
  tb2: 'tar.bz2',
  bz2: 'tar.bz2',
};

/** A started archive and what the reply needs to name it. */
export interface ProjectArchive extends ArchiveStream {
  /** `<prefix>.<extension>`, for `Content-Disposition: attachment; filename="…"`. */
  fileName: string;
  kind: ArchiveKind;
}

/**
 * GitLab's archive prefix: `<project>-<ref>-<sha>[-<path>]` with `/` in the ref and path turned into `-`
 * and the path's leading and trailing `/` dropped. Pure.
 */
export function archivePrefix(projectPath: string, ref: string, sha: string, path?: string): string {
  const parts = [projectPath, ref.replace(/\//g, '-'), sha];
  if (path !== undefined) parts.push(path.replace(/^\/+|\/+$/g, '').replace(/\//g, '-'));
  return parts.join('-');
}

/**
 * Check the ref and path, then start streaming the archive.
 * @throws ForbiddenError (no `download_code`); NotFoundError `404 File Not Found` for an unknown ref, a
 *   path not in the commit's tree, or an empty repository.
 */
export async function startProjectArchive(
  ctx: ServiceContext,
  project: ProjectRow,
  input: { sha?: string; path?: string; kind: ArchiveKind },
): Promise<ProjectArchive> {
  requireCodeRead(ctx, project);
  const repo = projectRepository(ctx, project);
  const notFound = new NotFoundError('File');
  if (!(await repositoryExists(repo.path))) throw notFound;
  const ref = input.sha ?? project.default_branch ?? 'HEAD';
  const commit = await resolveCommit(repo.path, ref);
  if (!commit) throw notFound;
  const inTree = input.path?.replace(/^\/+|\/+$/g, '') ?? '';
  if (!(await treePathExists(repo.path, commit, inTree))) throw notFound;
  const prefix = archivePrefix(project.path, ref, commit, input.path);
  const started = streamArchive(repo.path, {
    commit,
    prefix,
    kind: input.kind,
    path: inTree || undefined,
  });
  return { ...started, kind: input.kind, fileName: `${prefix}.${input.kind}` };
}

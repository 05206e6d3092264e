/**
 * Repository commits (doc/api/commits.md; lib/api/commits.rb): `GET /projects/:id/repository/commits`
 * (`ref_name`, `path`, `since`, `until`, `all` (every ref), and GitLab 15.x's `author`; paginated without totals, as GitLab
 * since 13.5) and
 * `GET /projects/:id/repository/commits/:sha` (SHA, branch or tag; `stats` default true),
 * `POST /projects/:id/repository/commits` (one commit of several file actions), and from
 * doc/api/repositories.md (lib/api/repositories.rb) `GET /projects/:id/repository/compare` and
 * `GET /projects/:id/repository/merge_base`; `POST …/repository/commits/:sha/cherry_pick` and `…/revert`;
 * `GET …/repository/commits/:sha/merge_requests`, `GET …/repository/commits/:sha/refs` and
 * `GET …/repository/commits/:sha/diff`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { presentCommit } from '../entities/commits.js';
import { presentCommitDetail } from '../entities/commit-detail.js';
import { presentDiffFile } from '../entities/merge-request-diffs.js';
import { presentMergeRequestBasic } from '../entities/merge-requests.js';
import { presentCompare } from '../entities/repository-compare.js';
import { splitHashArray } from '../http/hash-arrays.js';
import { gBool, gEnum, gString, gStringArray, parseParams } from '../http/validate.js';
import { findReadableProject } from '../services/access/project-access.js';
import { ParameterError, ValidationError } from '../services/errors.js';
import { commitRepositoryActions } from '../services/repository-files/commit-changes.js';
import type { CommitAction } from '../services/repository-files/commit-changes.js';
import { commitDiffPage } from '../services/repository/commit-diff.js';
import { commitMergeRequests } from '../services/repository/commit-merge-requests.js';
import { commitRefs } from '../services/repository/commit-refs.js';
import { compareRefs, findMergeBase } from '../services/repository/compare.js';
import { pickCommit, PickError } from '../services/repository/pick-commit.js';
import type { PickKind } from '../services/repository/pick-commit.js';
import { requireCodeRead } from '../services/refs/project-repository.js';
import { getRepositoryCommit } from '../services/repository/get-commit.js';
import { listRepositoryCommits } from '../services/repository/list-commits.js';
import { pageOf, pathParam, sendPage, sendUncountedPage } from './respond.js';

const READ = { auth: 'optional', scopes: ['api', 'read_api', 'read_repository'] } as const;
/**
 * Writes need `api` (lib/api/api.rb `allow_access_with_scope :api`): a `write_repository` token pushes
 * over git only; REST answers it 403 `insufficient_scope` (http/auth.ts `grantingScopes`).
 */
const WRITE = { scopes: ['api'] } as const;

/** One of `actions[]` (Grape's nested params of lib/api/commits.rb). */
const ACTION = z.object({
  action: gEnum(['create', 'update', 'move', 'delete', 'chmod'] as const),
  file_path: gString(),
  previous_path: gString().optional(),
  content: gString().optional(),
  encoding: gEnum(['text', 'base64'] as const).default('text'),
  last_commit_id: gString().optional(),
  execute_filemode: gBool().optional(),
});

/** Body of `POST …/repository/commits`: `actions` as a JSON array or `actions[][action]=…` form fields. */
const CREATE_COMMIT = {
  branch: gString(),
  commit_message: gString(),
  start_branch: gString().optional(),
  start_sha: gString().optional(),
  actions: z.preprocess(splitHashArray, z.array(ACTION)),
  author_email: gString().optional(),
  author_name: gString().optional(),
  stats: gBool().default(true),
  force: gBool().default(false),
};

/** A parsed `actions[]` element as the service's action; 400 when a move has no `previous_path`. */
function toAction(a: z.infer<typeof ACTION>, index: number): CommitAction {
  const common = { filePath: a.file_path, lastCommitId: a.last_commit_id };
  switch (a.action) {
    case 'create':
    case 'update':
      return {
        ...common,
        action: a.action,
        content: a.content ?? '',
        encoding: a.encoding,
        executeFilemode: a.execute_filemode,
      };
    case 'delete':
      return { ...common, action: 'delete' };
    case 'move':
      if (!a.previous_path) throw new ParameterError(`actions[${index}][previous_path] is missing`);
      return {
        ...common,
        action: 'move',
        previousPath: a.previous_path,
        content: a.content,
        encoding: a.encoding,
        executeFilemode: a.execute_filemode,
      };
    case 'chmod':
      if (a.execute_filemode === undefined)
        throw new ParameterError(`actions[${index}][execute_filemode] is missing`);
      return { ...common, action: 'chmod', executeFilemode: a.execute_filemode };
  }
}

/** An ISO 8601 date-time parameter (Grape's DateTime: `<name> is invalid` when unparsable), normalised. */
function dateParam(name: string, value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new ParameterError(`${name} is invalid`);
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function codeProject(req: FastifyRequest) {
  const project = findReadableProject(req.svc, pathParam(req, 'id'));
  requireCodeRead(req.svc, project);
  return project;
}

/** Registers the repository commits list and single-commit routes. */
export async function repositoryCommitsRoutes(app: FastifyInstance): Promise<void> {
  /**
   * `GET /projects/:id/repository/commits`: newest first from `ref_name` (default branch by default);
   * X-Next-Page/rel="next" only when another commit follows; no X-Total. Unknown ref → `[]`. `author`
   * (GitLab 15.x; 13.10 ignores it): only commits whose author matches, as `git log --author` (a
   * regular expression over `Name <email>`); 400 `author is invalid` when git can't compile it.
   */
  app.get('/projects/:id/repository/commits', { config: READ }, async (req, reply) => {
    const page = pageOf(req);
    const p = parseParams(
      {
        ref_name: gString().optional(),
        path: gString().optional(),
        since: gString().optional(),
        until: gString().optional(),
        author: gString().optional(),
        all: gBool().optional(),
      },
      req.gparams,
    );
    const since = dateParam('since', p.since);
    const until = dateParam('until', p.until);
    const result = await listRepositoryCommits(req.svc, codeProject(req), {
      refName: p.ref_name === '' ? undefined : p.ref_name,
      path: p.path === '' ? undefined : p.path,
      since,
      until,
      author: p.author === '' ? undefined : p.author,
      all: p.all === true,
      offset: page.offset,
      perPage: page.perPage,
    });
    return sendUncountedPage(
      req,
      reply,
      page,
      result.hasMore,
      result.commits.map((c) => presentCommit(c, result.projectWebUrl)),
    );
  });

  /**
   * `GET …/repository/commits/:sha/refs?type=branch|tag|all` (default all): the branches, then the
   * tags, containing the commit, as `[{"type": "branch", "name": "main"}, …]`; paginated with totals.
   * 400 `type does not have a valid value`; 404 `404 Commit Not Found`.
   */
  app.get('/projects/:id/repository/commits/:sha/refs', { config: READ }, async (req, reply) => {
    const page = pageOf(req);
    const { type } = parseParams(
      { type: gEnum(['branch', 'tag', 'all'] as const).default('all') },
      req.gparams,
    );
    const { total, refs } = await commitRefs(req.svc, codeProject(req), {
      sha: pathParam(req, 'sha'),
      type,
      limit: page.perPage,
      offset: page.offset,
    });
    return sendPage(req, reply, page, total, refs);
  });

  /**
   * `GET …/repository/commits/:sha/diff`: the commit's changed files as GitLab diff objects (`old_path`,
   * `new_path`, `a_mode`, `b_mode`, `new_file`, `renamed_file`, `deleted_file`, `diff`) against its
   * first parent (the empty tree for a root commit); paginated with totals. 404 `404 Commit Not Found`.
   */
  app.get('/projects/:id/repository/commits/:sha/diff', { config: READ }, async (req, reply) => {
    const page = pageOf(req);
    const { total, files } = await commitDiffPage(req.svc, codeProject(req), {
      sha: pathParam(req, 'sha'),
      limit: page.perPage,
      offset: page.offset,
    });
    return sendPage(req, reply, page, total, files.map(presentDiffFile));
  });

  /** `GET /projects/:id/repository/commits/:sha`: commit detail; 404 `Commit Not Found`. */
  app.get('/projects/:id/repository/commits/:sha', { config: READ }, async (req) => {
    const { stats } = parseParams({ stats: gBool().default(true) }, req.gparams);
    const view = await getRepositoryCommit(req.svc, codeProject(req), { sha: pathParam(req, 'sha'), stats });
    return presentCommitDetail(view);
  });

  /**
   * `POST /projects/:id/repository/commits`: `branch`, `commit_message`, `actions[]` (required);
   * `start_branch` | `start_sha` (exclusive), `author_email`, `author_name`, `stats` (default true),
   * `force`. Each action: `action` create|update|move|delete|chmod, `file_path`, `previous_path` (move),
   * `content`, `encoding` text|base64, `last_commit_id`, `execute_filemode`. 201 with the commit detail.
   * All or nothing: 400 `{"message": "A file with this name already exists"}` /
   * `A file with this name doesn't exist` / `You can only create or edit files when you are on a branch` /
   * `The file has changed since you started editing it: <path>`; 403 without push access to the branch.
   */
  app.post('/projects/:id/repository/commits', { config: WRITE }, async (req, reply) => {
    const p = parseParams(CREATE_COMMIT, req.gparams);
    const blank = (['branch', 'commit_message'] as const).filter((k) => p[k].trim() === '');
    if (blank.length) throw new ParameterError(blank.map((k) => `${k} is empty`).join(', '));
    if (p.actions.length === 0) throw new ParameterError('actions is empty');
    if (p.start_branch !== undefined && p.start_sha !== undefined)
      throw new ParameterError('start_branch, start_sha are mutually exclusive');
    if (p.start_sha !== undefined && !/^[0-9a-f]{40}$/i.test(p.start_sha))
      throw new ParameterError('start_sha is invalid');
    const actions = p.actions.map(toAction);
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const result = await commitRepositoryActions(
      req.svc,
      project,
      {
        branch: p.branch,
        startBranch: p.start_branch,
        startSha: p.start_sha,
        force: p.force,
        commitMessage: p.commit_message,
        authorName: p.author_name,
        authorEmail: p.author_email,
      },
      actions,
      { staleMessage: (path) => `The file has changed since you started editing it: ${path}` },
    );
    const view = await getRepositoryCommit(req.svc, project, { sha: result.commitId, stats: p.stats });
    return reply.code(201).send(presentCommitDetail(view));
  });

  /**
   * `GET /projects/:id/repository/compare?from=&to=[&straight=][&from_project_id=]`:
   * `{commit, commits, diffs, compare_timeout, compare_same_ref, web_url}`. 404 `404 Ref Not Found`.
   * `from_project_id` may name only this project (comparing across forks is not supported: 400).
   */
  app.get('/projects/:id/repository/compare', { config: READ }, async (req) => {
    const p = parseParams(
      {
        from: gString(),
        to: gString(),
        straight: gBool().default(false),
        from_project_id: gString().optional(),
      },
      req.gparams,
    );
    const project = codeProject(req);
    if (p.from_project_id !== undefined && p.from_project_id !== String(project.id)) {
      const other = findReadableProject(req.svc, p.from_project_id);
      if (other.id !== project.id)
        throw new ValidationError('from_project_id: comparing with another project is not supported');
    }
    return presentCompare(await compareRefs(req.svc, project, p));
  });

  /**
   * `GET /projects/:id/repository/merge_base?refs[]=a&refs[]=b`: the merge base commit. 400
   * `Provide at least 2 refs` / `Could not find ref: x`; 404 `404 Merge Base Not Found`.
   */
  app.get('/projects/:id/repository/merge_base', { config: READ }, async (req) => {
    const { refs } = parseParams({ refs: gStringArray() }, req.gparams);
    const project = codeProject(req);
    const base = await findMergeBase(req.svc, project, refs);
    return presentCommit(base.commit, base.projectWebUrl);
  });

  /**
   * `POST …/repository/commits/:sha/cherry_pick` (`branch`, `dry_run`, `message`) and `…/revert`
   * (`branch`, `dry_run`): 201 with the new commit, or 200 `{"dry_run":"success"}`. 400
   * `{"message", "error_code": "conflict"|"empty"}` (plus `"dry_run":"error"` on a dry run); 403 without
   * push access to the branch; 404 `Commit Not Found` / `Branch Not Found`.
   */
  for (const kind of ['cherry_pick', 'revert'] as const satisfies readonly PickKind[]) {
    app.post(`/projects/:id/repository/commits/:sha/${kind}`, { config: WRITE }, async (req, reply) => {
      const p = parseParams(
        {
          branch: gString(),
          dry_run: gBool().default(false),
          message: gString().optional(),
        },
        req.gparams,
      );
      if (p.branch.trim() === '') throw new ParameterError('branch is empty');
      const project = findReadableProject(req.svc, pathParam(req, 'id'));
      try {
        const id = await pickCommit(req.svc, project, {
          kind,
          sha: pathParam(req, 'sha'),
          branch: p.branch,
          dryRun: p.dry_run,
          message: kind === 'cherry_pick' ? p.message : undefined,
        });
        if (id === null) return reply.code(200).send({ dry_run: 'success' });
        const view = await getRepositoryCommit(req.svc, project, { sha: id, stats: false });
        return reply.code(201).send(presentCommit(view.commit, view.projectWebUrl));
      } catch (err) {
        if (!(err instanceof PickError)) throw err;
        return reply.code(400).send({
          message: err.message,
          error_code: err.errorCode,
          ...(p.dry_run ? { dry_run: 'error' } : {}),
        });
      }
    });
  }

  /**
   * `GET …/repository/commits/:sha/merge_requests`: the project's merge requests containing the commit
   * (or merged/squashed into it), newest first, as the merge request list's basic shape; paginated with
   * totals. 404 `404 Commit Not Found`.
   */
  app.get('/projects/:id/repository/commits/:sha/merge_requests', { config: READ }, async (req, reply) => {
    const page = pageOf(req);
    const project = codeProject(req);
    const { total, views } = await commitMergeRequests(req.svc, project, {
      sha: pathParam(req, 'sha'),
      limit: page.perPage,
      offset: page.offset,
    });
    const opts = { baseUrl: req.svc.externalUrl(), referenceBase: { projectId: project.id } };
    return sendPage(
      req,
      reply,
      page,
      total,
      views.map((v) => presentMergeRequestBasic(v, opts)),
    );
  });
}

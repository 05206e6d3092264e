/**
 * Repository files (doc/api/repository_files.md; spec "Repository files"; lib/api/files.rb):
 * `GET|HEAD /projects/:id/repository/files/:file_path`, `GET|HEAD …/:file_path/blame`,
 * `GET|HEAD …/:file_path/raw`, `POST|PUT|DELETE …/:file_path`.
 * `:file_path` is the URL-encoded path (`lib%2Fclass%2Erb`); the router decodes it, so `%2F` never splits
 * the route and `…/a%2Fb.txt/blame` is the blame of `a/b.txt`. Reads are open to anonymous callers on
 * public projects and accept `read_repository` tokens; writes need `api` (`write_repository` is git only).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ProjectRow } from '../db/projects.js';
import {
  contentDisposition,
  presentBlameRange,
  presentFileCommit,
  presentRepositoryFile,
  rawContentType,
  repositoryFileHeaders,
} from '../entities/repository-files.js';
import { gBool, gEnum, gInt, gString, parseParams } from '../http/validate.js';
import { findReadableProject } from '../services/access/project-access.js';
import { ParameterError } from '../services/errors.js';
import { requireCodeRead } from '../services/refs/project-repository.js';
import { blameRepositoryFile } from '../services/repository-files/blame-file.js';
import { requireValidFilePath } from '../services/repository-files/file-path.js';
import { readRepositoryFile } from '../services/repository-files/read-file.js';
import type { RepositoryFileView } from '../services/repository-files/read-file.js';
import {
  createRepositoryFile,
  deleteRepositoryFile,
  updateRepositoryFile,
} from '../services/repository-files/write-file.js';
import { defaultRef } from '../services/repository/default-ref.js';
import { pathParam } from './respond.js';

const FILE = '/projects/:id/repository/files/:file_path';
const READ = { auth: 'optional', scopes: ['api', 'read_api', 'read_repository'] } as const;
/**
 * Writes need `api` (lib/api/api.rb `allow_access_with_scope :api`): a `write_repository` token pushes
 * over git only; REST answers it 403 `insufficient_scope` (http/auth.ts `grantingScopes`).
 */
const WRITE = { scopes: ['api'] } as const;

/** The project, when the caller may read its code (404 Project Not Found / 403 Forbidden otherwise). */
function codeProject(req: FastifyRequest): ProjectRow {
  const project = findReadableProject(req.svc, pathParam(req, 'id'));
  requireCodeRead(req.svc, project);
  return project;
}

/** The decoded `:file_path`, checked as GitLab's `file_path` validator does (400 before anything else). */
function filePathOf(req: FastifyRequest): string {
  const filePath = pathParam(req, 'file_path');
  requireValidFilePath(filePath);
  return filePath;
}

/** Grape's `allow_blank: false`: `<name> is empty`, joined for several. */
function requireNotBlank(values: Record<string, string | undefined>): void {
  const blank = Object.entries(values)
    .filter(([, v]) => v !== undefined && v.trim() === '')
    .map(([k]) => `${k} is empty`);
  if (blank.length) throw new ParameterError(blank.join(', '));
}

/** `ref` (required: `ref is missing`; blank: `ref is empty`). */
function requiredRef(req: FastifyRequest): string {
  const { ref } = parseParams({ ref: gString() }, req.gparams);
  requireNotBlank({ ref });
  return ref;
}

/** `range[start]`/`range[end]` of a blame: both positive integers when `range` is given. */
function blameRange(req: FastifyRequest): { start: number; end: number } | undefined {
  if (req.gparams.range === undefined) return undefined;
  const raw = req.gparams.range;
  const range = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const p = parseParams({ start: gInt().optional(), end: gInt().optional() }, range);
  const problems: string[] = [];
  for (const key of ['start', 'end'] as const) {
    const v = p[key];
    if (v === undefined) problems.push(`range[${key}] is missing`);
    else if (v < 1) problems.push(`range[${key}] does not have a valid value`);
  }
  if (problems.length) throw new ParameterError(problems.join(', '));
  return { start: p.start!, end: p.end! };
}

function sendMetadata(reply: FastifyReply, file: RepositoryFileView): FastifyReply {
  return reply.headers(repositoryFileHeaders(file)).type('application/json').send();
}

/** Body of POST/PUT (GitLab's `extended_file_params`), in Grape's order of reported parameters. */
function contentParams(req: FastifyRequest) {
  const p = parseParams(
    {
      branch: gString(),
      commit_message: gString(),
      content: gString(),
      start_branch: gString().optional(),
      encoding: gEnum(['base64', 'text'] as const).default('text'),
      author_email: gString().optional(),
      author_name: gString().optional(),
      last_commit_id: gString().optional(),
      execute_filemode: gBool().optional(),
    },
    req.gparams,
  );
  requireNotBlank({ branch: p.branch, commit_message: p.commit_message });
  return {
    branch: p.branch,
    commitMessage: p.commit_message,
    content: p.content,
    startBranch: p.start_branch,
    encoding: p.encoding,
    authorEmail: p.author_email,
    authorName: p.author_name,
    lastCommitId: p.last_commit_id,
    executeFilemode: p.execute_filemode,
  };
}

/** Registers the repository files routes (see the module comment). */
export async function repositoryFilesRoutes(app: FastifyInstance): Promise<void> {
  /**
   * `GET /projects/:id/repository/files/:file_path?ref=`: file JSON (file_name, file_path, size,
   * encoding "base64", content, content_sha256, ref, blob_id, commit_id, last_commit_id,
   * execute_filemode) plus the metadata headers. 400 `ref is missing`; 404 `Commit Not Found` /
   * `File Not Found`.
   */
  app.get(FILE, { config: READ, exposeHeadRoute: false }, async (req, reply) => {
    const filePath = filePathOf(req);
    const ref = requiredRef(req);
    const file = await readRepositoryFile(req.svc, codeProject(req), { filePath, ref });
    return reply.headers(repositoryFileHeaders(file)).send(presentRepositoryFile(file));
  });

  /** `HEAD /projects/:id/repository/files/:file_path?ref=`: the metadata headers only. */
  app.head(FILE, { config: READ }, async (req, reply) => {
    const filePath = filePathOf(req);
    const ref = requiredRef(req);
    return sendMetadata(reply, await readRepositoryFile(req.svc, codeProject(req), { filePath, ref }));
  });

  /**
   * `GET …/:file_path/blame?ref=[&range[start]=&range[end]=]`: array of `{commit, lines}` ranges of
   * consecutive lines by commit, plus the metadata headers.
   */
  app.get(`${FILE}/blame`, { config: READ, exposeHeadRoute: false }, async (req, reply) => {
    const filePath = filePathOf(req);
    const ref = requiredRef(req);
    const range = blameRange(req);
    const blame = await blameRepositoryFile(req.svc, codeProject(req), { filePath, ref, range });
    return reply.headers(repositoryFileHeaders(blame.file)).send(blame.ranges.map(presentBlameRange));
  });

  /** `HEAD …/:file_path/blame?ref=`: the metadata headers only. */
  app.head(`${FILE}/blame`, { config: READ }, async (req, reply) => {
    const filePath = filePathOf(req);
    const ref = requiredRef(req);
    return sendMetadata(reply, await readRepositoryFile(req.svc, codeProject(req), { filePath, ref }));
  });

  /** Resolve the raw endpoints' ref: optional, default the project's default branch. */
  async function rawFile(req: FastifyRequest): Promise<RepositoryFileView> {
    const filePath = filePathOf(req);
    const { ref } = parseParams({ ref: gString().optional() }, req.gparams);
    requireNotBlank({ ref });
    const project = codeProject(req);
    return readRepositoryFile(req.svc, project, { filePath, ref: ref ?? defaultRef(project) });
  }

  /**
   * `GET …/:file_path/raw[?ref=]`: the bytes, `Content-Type` text/plain (UTF-8 text), an image type or
   * application/octet-stream, `Content-Disposition: inline; filename=…`, `X-Content-Type-Options: nosniff`,
   * GitLab's no-cache headers and the metadata headers.
   */
  app.get(`${FILE}/raw`, { config: READ, exposeHeadRoute: false }, async (req, reply) => {
    const file = await rawFile(req);
    return reply
      .headers(repositoryFileHeaders(file))
      .headers({
        'Content-Disposition': contentDisposition(file.name),
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'max-age=0, private, must-revalidate, no-store, no-cache',
        Pragma: 'no-cache',
        Expires: 'Fri, 01 Jan 1990 00:00:00 GMT',
      })
      .type(rawContentType(file.name, file.content))
      .send(file.content);
  });

  /** `HEAD …/:file_path/raw[?ref=]`: the metadata headers only. */
  app.head(`${FILE}/raw`, { config: READ }, async (req, reply) => sendMetadata(reply, await rawFile(req)));

  /**
   * `POST …/:file_path`: branch, commit_message, content (required); start_branch, encoding (text|base64),
   * author_email, author_name, execute_filemode. 201 `{file_path, branch}`. 400 when the file exists,
   * the branch is missing, etc.; 403 without push access to the branch.
   */
  app.post(FILE, { config: WRITE }, async (req, reply) => {
    const filePath = filePathOf(req);
    const params = contentParams(req);
    const result = await createRepositoryFile(req.svc, findReadableProject(req.svc, pathParam(req, 'id')), {
      filePath,
      ...params,
    });
    return reply.status(201).send(presentFileCommit(result));
  });

  /**
   * `PUT …/:file_path`: as POST plus last_commit_id. 200 `{file_path, branch}`. 400 when the file doesn't
   * exist, `last_commit_id` is stale, the content is unchanged, or the branch moved during the edit.
   */
  app.put(FILE, { config: WRITE }, async (req, reply) => {
    const filePath = filePathOf(req);
    const params = contentParams(req);
    const result = await updateRepositoryFile(req.svc, findReadableProject(req.svc, pathParam(req, 'id')), {
      filePath,
      ...params,
    });
    return reply.status(200).send(presentFileCommit(result));
  });

  /**
   * `DELETE …/:file_path`: branch, commit_message (required); start_branch, author_email, author_name,
   * last_commit_id. 204 (as GitLab's files_spec.rb; the docs say 200).
   */
  app.delete(FILE, { config: WRITE }, async (req, reply) => {
    const filePath = filePathOf(req);
    const p = parseParams(
      {
        branch: gString(),
        commit_message: gString(),
        start_branch: gString().optional(),
        author_email: gString().optional(),
        author_name: gString().optional(),
        last_commit_id: gString().optional(),
      },
      req.gparams,
    );
    requireNotBlank({ branch: p.branch, commit_message: p.commit_message });
    await deleteRepositoryFile(req.svc, findReadableProject(req.svc, pathParam(req, 'id')), {
      filePath,
      branch: p.branch,
      commitMessage: p.commit_message,
      startBranch: p.start_branch,
      authorEmail: p.author_email,
      authorName: p.author_name,
      lastCommitId: p.last_commit_id,
    });
    return reply.status(204).send();
  });
}

/**
 * Git's smart HTTP protocol on the git side (git's `gitprotocol-http` documentation, "Smart Clients" and
 * "Smart Service git-upload-pack/git-receive-pack"; what `git http-backend` does): pkt-line framing, the
 * `# service=…` advertisement preamble, and spawning `git upload-pack` / `git receive-pack` with
 * `--stateless-rpc` so request and response bodies stream through the process (no whole-pack buffering).
 * Also the two git reads the push checks need: ancestry against a push's quarantined objects, and the
 * values of a few refs after a push. Git is only ever spawned with an argument array, never a shell.
 */
import { spawn } from 'node:child_process';
import type { ChildProcessByStdio } from 'node:child_process';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { GitError, gitEnv, invalidateRepositoryRefs, runGit } from './run-git.js';

/** The two services of the smart protocol. */
export type GitService = 'git-upload-pack' | 'git-receive-pack';

/** True for the service names a client may ask for (`?service=` and the POST path). */
export function isGitService(name: unknown): name is GitService {
  return name === 'git-upload-pack' || name === 'git-receive-pack';
}

/** The flush packet `0000`. */
export const FLUSH_PKT = Buffer.from('0000', 'ascii');

/** Largest pkt-line payload (65520 bytes of line minus the 4-byte length). */
export const MAX_PKT_PAYLOAD = 65516;

/**
 * One pkt-line: 4 lowercase hex digits giving the total length (payload + 4), then the payload.
 * @throws RangeError for a payload longer than MAX_PKT_PAYLOAD bytes.
 */
export function pktLine(payload: string | Buffer): Buffer {
  const data = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
  if (data.length > MAX_PKT_PAYLOAD) throw new RangeError('pkt-line payload too long');
  return Buffer.concat([Buffer.from((data.length + 4).toString(16).padStart(4, '0'), 'ascii'), data]);
}

/**
 * Split a buffer of pkt-lines into payloads; a flush packet (`0000`) is `null`. Pure; for tests and small
 * control messages, never for packs.
 * @throws Error for a truncated or malformed length.
 */
export function parsePktLines(buf: Buffer): (Buffer | null)[] {
  const out: (Buffer | null)[] = [];
  let at = 0;
  while (at < buf.length) {
    const hex = buf.subarray(at, at + 4).toString('ascii');
    if (!/^[0-9a-f]{4}$/.test(hex)) throw new Error(`bad pkt-line length at byte ${at}`);
    const len = parseInt(hex, 16);
    if (len === 0) {
      out.push(null);
      at += 4;
      continue;
    }
    if (len < 4 || at + len > buf.length) throw new Error(`truncated pkt-line at byte ${at}`);
    out.push(buf.subarray(at + 4, at + len));
    at += len;
  }
  return out;
}

/**
 * Whether a `Git-Protocol` header / `GIT_PROTOCOL` value asks for protocol version 2
 * (colon-separated `key=value` parameters, `version=2` among them).
 */
export function wantsProtocolV2(gitProtocol: string | null): boolean {
  return !!gitProtocol && gitProtocol.split(':').includes('version=2');
}

/**
 * The `Git-Protocol` header value git may receive as `GIT_PROTOCOL`, or null when absent or not made of
 * plain `key=value` parameters (anything else is dropped, as GitLab's Workhorse only forwards it).
 */
export function sanitizeGitProtocol(header: unknown): string | null {
  if (typeof header !== 'string' || header.length > 256) return null;
  return /^[A-Za-z0-9._-]+(=[A-Za-z0-9._-]*)?(:[A-Za-z0-9._-]+(=[A-Za-z0-9._-]*)?)*$/.test(header)
    ? header
    : null;
}

/**
 * What precedes the refs advertisement of `GET /info/refs?service=<service>`: `# service=<service>\n` as a
 * pkt-line and a flush. Protocol v2 upload-pack answers without it, as `git http-backend` does.
 */
export function advertisementPreamble(service: GitService, gitProtocol: string | null): Buffer {
  if (wantsProtocolV2(gitProtocol)) return Buffer.alloc(0);
  return Buffer.concat([pktLine(`# service=${service}\n`), FLUSH_PKT]);
}

export interface SpawnServiceOptions {
  service: GitService;
  /** Absolute path of the bare repository. */
  repoPath: string;
  /** `--advertise-refs` (the `info/refs` answer) instead of serving a request body. */
  advertise: boolean;
  /** `GIT_PROTOCOL` (sanitized `Git-Protocol` header), or null. */
  gitProtocol: string | null;
  /** `-c key=value` settings put before the subcommand (hooks path, push options). */
  config?: readonly string[];
  /** More environment for git and its hooks (never a personal access token). */
  env?: Record<string, string>;
}

/** A running service: stdin takes the request body, stdout is the response body. */
export type GitServiceProcess = ChildProcessByStdio<Writable, Readable, Readable>;

/**
 * Spawn `git [-c …] upload-pack|receive-pack --stateless-rpc [--advertise-refs] <repo>` in the same clean
 * environment as every other git call (no prompts, no system or user configuration). The caller pipes
 * the request body into stdin and streams stdout to the client; stderr is for logs only.
 */
export function spawnGitService(opts: SpawnServiceOptions): GitServiceProcess {
  const args: string[] = [];
  for (const c of opts.config ?? []) args.push('-c', c);
  args.push(opts.service.slice('git-'.length), '--stateless-rpc');
  if (opts.advertise) args.push('--advertise-refs');
  args.push(opts.repoPath);
  const env = gitEnv(opts.env);
  if (opts.gitProtocol) env.GIT_PROTOCOL = opts.gitProtocol;
  const child = spawn('git', args, { env, stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
  // A push moves refs: cached ref listings of this repository are stale once receive-pack is done.
  if (opts.service === 'git-receive-pack' && !opts.advertise)
    child.once('close', () => invalidateRepositoryRefs(opts.repoPath));
  return child;
}

/** Where a push's new objects wait until the pre-receive hook accepts them (git's quarantine). */
export interface QuarantineEnv {
  GIT_OBJECT_DIRECTORY?: string;
  GIT_ALTERNATE_OBJECT_DIRECTORIES?: string;
  GIT_QUARANTINE_PATH?: string;
}

/**
 * Names of the temporary object directories git makes in `objects/`: a push's quarantine
 * (`tmp_objdir-incoming-XXXXXX` since git 2.33, `incoming-XXXXXX` before; git's tmp-objdir.c) and other
 * tmp-objdirs (`tmp_objdir-bulk-fsync-XXXXXX`). Git removes them itself unless it is killed outright.
 */
const TMP_OBJDIR_NAME = /^(?:tmp_objdir-[A-Za-z0-9_-]+-|incoming-)[A-Za-z0-9]{6}$/;

/**
 * Remove the quarantine directories a killed `git receive-pack` left in the bare repository at
 * `repoPath` (see TMP_OBJDIR_NAME); nothing else in `objects/` is touched. Only safe when no push runs
 * on the repository (the core calls it at start, before it listens). A missing repository or
 * `objects/` dir is not an error. @returns the directories removed.
 */
export async function removeQuarantineLeftovers(repoPath: string): Promise<string[]> {
  const objects = path.join(repoPath, 'objects');
  let entries;
  try {
    entries = await readdir(objects, { withFileTypes: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw err;
  }
  const removed: string[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || !TMP_OBJDIR_NAME.test(entry.name)) continue;
    const dir = path.join(objects, entry.name);
    await rm(dir, { recursive: true, force: true });
    removed.push(dir);
  }
  return removed;
}

/**
 * True when `ancestor` is an ancestor of (or equal to) `commit`, reading objects from the push's
 * quarantine as well as the repository (a fast-forward check before the push is accepted).
 * @throws GitError when git fails otherwise (unknown object).
 */
export async function isAncestorWithQuarantine(
  repoPath: string,
  ancestor: string,
  commit: string,
  quarantine: QuarantineEnv,
): Promise<boolean> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(quarantine)) if (typeof v === 'string' && v) env[k] = v;
  try {
    await runGit(['merge-base', '--is-ancestor', ancestor, commit], { gitDir: repoPath, env });
    return true;
  } catch (err) {
    if (err instanceof GitError && err.exitCode === 1) return false;
    throw err;
  }
}

/** The current object id of each of `refs` (full names), null for a ref that doesn't exist. */
export async function readRefValues(
  repoPath: string,
  refs: readonly string[],
): Promise<Map<string, string | null>> {
  const values = new Map<string, string | null>(refs.map((r) => [r, null]));
  if (refs.length === 0) return values;
  // Many refs (a mirror push): list the namespaces instead of naming each ref on the command line.
  const patterns =
    refs.length <= 256 ? refs : [...new Set(refs.map((r) => r.split('/').slice(0, 2).join('/')))];
  const out = await runGit(['for-each-ref', '--format=%(objectname) %(refname)', ...patterns], {
    gitDir: repoPath,
  });
  for (const line of out.split('\n')) {
    const sp = line.indexOf(' ');
    if (sp < 0) continue;
    const name = line.slice(sp + 1);
    if (values.has(name)) values.set(name, line.slice(0, sp));
  }
  return values;
}

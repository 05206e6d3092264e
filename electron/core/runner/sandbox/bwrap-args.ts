/**
 * The bubblewrap command line of a job (pure: the host's layout comes in as data, see `host-layout.ts`).
 *
 * Modelled on GitLab Runner's isolated executors (https://docs.gitlab.com/runner/executors/ and the
 * security model in https://docs.gitlab.com/runner/security/): the shell executor "runs jobs with the
 * user's permissions and can steal code from other projects"; the docker executor in unprivileged mode,
 * with a non-root user and capabilities dropped, is the safe one. Outpost gets the same isolation without
 * a container engine from bubblewrap (the sandbox Flatpak uses):
 * - new PID, IPC and UTS namespaces (the job sees only its own processes, so no `/proc/<pid>/environ` of
 *   the core), a new cgroup namespace where the kernel has one, and a user namespace with a non-root uid
 *   when the kernel allows it (the app may run as root, as in CI);
 * - `--die-with-parent` (the job dies with the core's runner) and `--new-session` (no TIOCSTI into a
 *   terminal);
 * - the system directories read-only (`/usr`, `/bin`, `/sbin`, `/lib*` and a short list of `/etc` files:
 *   not `/etc/shadow`), a fresh `/proc` of the PID namespace, a minimal `/dev`, a fresh tmpfs `/tmp`
 *   (capped at the job's memory limit where bwrap has `--size`);
 * - the job's build root read-write at the same path (so `CI_PROJECT_DIR` and file variables keep their
 *   paths), and nothing else of the host: not `/`, not the data dir, not the user's home, not other
 *   `/tmp` entries.
 * The network is shared (jobs fetch dependencies, like GitLab's runners).
 */

/** What of the host a sandbox shows, read once by `readHostLayout`. */
export interface HostLayout {
  /**
   * Top-level system paths that exist: a real directory is bound read-only, a symlink (merged-/usr
   * systems: `/bin -> usr/bin`) is recreated as the same symlink.
   */
  system: { path: string; symlinkTo?: string }[];
  /** Existing files and directories under `/etc` to bind read-only. */
  etc: string[];
  /** Single files bound read-only at the same path (the running Node binary, see `sandboxPath`). */
  extraReadOnly: string[];
}

/** One job's sandbox. */
export interface SandboxSpec {
  /** Absolute directory bound read-write at the same path (the job's build root). */
  buildRoot: string;
  /** Working directory inside the sandbox (under `buildRoot`). */
  cwd: string;
  /**
   * Uid and gid inside a new user namespace; null: no user namespace (then every capability is
   * dropped, which matters when the app runs as root).
   */
  uid: number | null;
  /** Host name inside the new UTS namespace. */
  hostname: string;
  /** Size cap of the `/tmp` tmpfs in bytes (its pages are memory the address-space limit misses); null: none. */
  tmpSizeBytes?: number | null;
  /**
   * Absolute directory bound read-only at the same path: the runner's own files of the job (its scripts
   * and file variables), written before the job starts and never writable from inside (issue 25).
   */
  runnerDir?: string | null;
}

/** Host name every job sees. */
export const SANDBOX_HOSTNAME = 'outpost-job';

/**
 * The bwrap arguments for `command` (argv, run inside) in `spec` on a host with `layout`.
 * Order matters: bwrap applies mounts in order, so `/tmp` comes before the build root bound below it.
 */
export function bwrapArgs(layout: HostLayout, spec: SandboxSpec, command: readonly string[]): string[] {
  const args: string[] = [
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    '--unshare-cgroup-try',
    '--hostname',
    spec.hostname,
    '--die-with-parent',
    '--new-session',
  ];
  if (spec.uid !== null)
    args.push('--unshare-user', '--uid', String(spec.uid), '--gid', String(spec.uid), '--cap-drop', 'ALL');
  else args.push('--cap-drop', 'ALL');
  for (const entry of layout.system) {
    if (entry.symlinkTo !== undefined) args.push('--symlink', entry.symlinkTo, entry.path);
    else args.push('--ro-bind', entry.path, entry.path);
  }
  for (const p of layout.etc) args.push('--ro-bind', p, p);
  for (const p of layout.extraReadOnly) args.push('--ro-bind', p, p);
  args.push('--proc', '/proc', '--dev', '/dev');
  if (spec.tmpSizeBytes) args.push('--size', String(spec.tmpSizeBytes));
  args.push('--tmpfs', '/tmp');
  args.push('--bind', spec.buildRoot, spec.buildRoot);
  if (spec.runnerDir) args.push('--ro-bind', spec.runnerDir, spec.runnerDir);
  args.push('--remount-ro', '/');
  args.push('--chdir', spec.cwd);
  args.push('--', ...command);
  return args;
}

/**
 * The job's PATH inside a sandbox: the host's entries that the sandbox shows (under a bound system
 * path, or the directory of an extra read-only file such as the Node binary), in order, without
 * duplicates; `/usr/local/bin:/usr/bin:/bin` when none is left. Entries elsewhere (the user's home, `~/.cargo/bin`, pyenv shims) would not exist
 * inside, so they are dropped.
 */
export function sandboxPath(hostPath: string, layout: HostLayout): string {
  const roots = layout.system.map((e) => e.path);
  const fileDirs = layout.extraReadOnly.map((f) => f.slice(0, f.lastIndexOf('/')) || '/');
  const under = (p: string) =>
    fileDirs.includes(p) || roots.some((r) => p === r || p.startsWith(r.endsWith('/') ? r : `${r}/`));
  const kept: string[] = [];
  for (const entry of hostPath.split(':')) {
    if (!entry.startsWith('/') || kept.includes(entry)) continue;
    if (under(entry)) kept.push(entry);
  }
  return kept.length > 0 ? kept.join(':') : '/usr/local/bin:/usr/bin:/bin';
}

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
 * - nested user namespaces refused (`--disable-userns`, bubblewrap ≥ 0.8, when the job has a user
 *   namespace): a job can't `unshare -Urm` to get capabilities over a new mount namespace (where it
 *   could mount an uncapped tmpfs or hide processes). Without a user namespace (the kernel or a setuid
 *   bwrap refused one) `--disable-userns` can't be used: every capability is dropped and the job runs as
 *   the app's uid; the same kernel policy that refused bwrap a user namespace usually refuses the job one
 *   too, and where it doesn't, a nested namespace gets capabilities only over its own new namespaces
 *   (never the host's or the sandbox's mounts), and what it writes to a tmpfs of its own is still charged
 *   to the job's memory cgroup (`cgroup-scope.ts`).
 * - a network namespace of its own (`--unshare-net`): only its own loopback, so the host's 127.0.0.1
 *   services (the core, the browser host, databases) and abstract UNIX sockets (X11, D-Bus: they belong
 *   to a network namespace) are out of reach. Outbound access comes from slirp4netns attached to the
 *   namespace by the runner (`job-network.ts`, `--info-fd`/`--block-fd` below), like rootless podman.
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
  /** `--disable-userns`: the job can't create user namespaces (needs `uid` non-null and bubblewrap ≥ 0.8). */
  disableUserns?: boolean;
  /** `--unshare-net`: a network namespace of the job's own (only loopback until slirp4netns attaches). */
  unshareNet?: boolean;
  /** `--info-fd`: the descriptor bwrap writes its JSON (`child-pid`) to once the namespaces exist. */
  infoFd?: number | null;
  /** `--block-fd`: the descriptor the sandbox waits on (data or EOF) before running `command`. */
  blockFd?: number | null;
  /**
   * `--ro-bind-data FD /etc/resolv.conf`: the descriptor bwrap reads the job's resolv.conf from (the
   * host's names a loopback resolver, unreachable from the job's own network namespace); null: the host's.
   */
  resolvConfFd?: number | null;
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
  if (spec.uid !== null) {
    args.push('--unshare-user', '--uid', String(spec.uid), '--gid', String(spec.uid));
    if (spec.disableUserns) args.push('--disable-userns');
  }
  args.push('--cap-drop', 'ALL');
  if (spec.unshareNet) args.push('--unshare-net');
  if (spec.infoFd != null) args.push('--info-fd', String(spec.infoFd));
  if (spec.blockFd != null) args.push('--block-fd', String(spec.blockFd));
  for (const entry of layout.system) {
    if (entry.symlinkTo !== undefined) args.push('--symlink', entry.symlinkTo, entry.path);
    else args.push('--ro-bind', entry.path, entry.path);
  }
  for (const p of layout.etc)
    if (spec.resolvConfFd == null || p !== '/etc/resolv.conf') args.push('--ro-bind', p, p);
  if (spec.resolvConfFd != null) args.push('--ro-bind-data', String(spec.resolvConfFd), '/etc/resolv.conf');
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

/**
 * A job's own network namespace (issue 25): bwrap `--unshare-net` gives the job nothing but its own
 * loopback, so the host's 127.0.0.1 services (the core, the browser host, the user's databases) and
 * abstract UNIX sockets (X11, D-Bus, which belong to a network namespace) are out of its reach. Outbound
 * access comes from slirp4netns (https://github.com/rootless-containers/slirp4netns, the user-mode
 * network of rootless podman): bwrap reports the sandbox's pid on `--info-fd` and waits on `--block-fd`;
 * slirp4netns then adds `tap0` (10.0.2.100/24, gateway 10.0.2.2, DNS 10.0.2.3) to the namespace and
 * says so on `--ready-fd`, and only then does the job start. `--disable-host-loopback` keeps 10.0.2.2
 * from reaching the host's loopback. Without slirp4netns a job has loopback only (no network at all).
 * slirp4netns is killed when the job's process ends (and exits by itself through `--exit-fd` if the core
 * dies).
 */
import { spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

/** bwrap's descriptors of a networked job (the spawn's stdio indexes). */
export const INFO_FD = 3;
export const BLOCK_FD = 4;
/** The descriptor bwrap reads the job's `/etc/resolv.conf` from, when it gets its own. */
export const RESOLV_CONF_FD = 5;
/** slirp4netns's DNS forwarder inside the namespace. */
export const SLIRP_DNS = '10.0.2.3';
/** How long slirp4netns may take to bring tap0 up. */
const READY_TIMEOUT_MS = 10_000;

/**
 * slirp4netns's argv for the namespace of `childPid` (pure): `--configure` (address, route, DNS),
 * MTU 65520 (its recommended value), no access to the host's loopback, `--ready-fd 3` and
 * `--exit-fd 4` of its own spawn. `--userns-path=/proc/self/ns/user` keeps it in our own user namespace:
 * the app's uid owns the sandbox's user namespace, which gives it the capability to join the network
 * namespace, whereas the job's (nested, with `--disable-userns`) user namespace would not.
 */
export function slirp4netnsArgs(childPid: number): string[] {
  return [
    '--configure',
    '--mtu=65520',
    '--disable-host-loopback',
    '--ready-fd=3',
    '--exit-fd=4',
    '--userns-path=/proc/self/ns/user',
    String(childPid),
    'tap0',
  ];
}

/**
 * The job's resolv.conf when the host's names a loopback resolver (systemd-resolved's 127.0.0.53,
 * dnsmasq's 127.0.1.1), which the job's own loopback doesn't have: the host's file with every nameserver
 * replaced by slirp4netns's forwarder. Null when the host's file works as it is (pure).
 */
export function jobResolvConf(hostResolvConf: string): string | null {
  const lines = hostResolvConf.split('\n');
  const servers = lines.filter((l) => /^\s*nameserver\s/.test(l));
  const loopback = servers.some((l) => /^\s*nameserver\s+(127\.|::1\b|0\.0\.0\.0)/.test(l));
  if (!loopback) return null;
  return [
    ...lines.filter((l) => !/^\s*nameserver\s/.test(l) && l.trim() !== ''),
    `nameserver ${SLIRP_DNS}`,
    '',
  ].join('\n');
}

/** A started network attachment. */
export interface NetworkAttachment {
  /** Settles once the job may start: null when tap0 is up, else why the job has loopback only. */
  readonly ready: Promise<string | null>;
  /** Stop slirp4netns (idempotent). */
  stop(): void;
}

/** The `child-pid` of bwrap's `--info-fd` JSON, or null. */
export function childPidOfInfo(info: string): number | null {
  try {
    const pid = (JSON.parse(info) as { 'child-pid'?: unknown })['child-pid'];
    return typeof pid === 'number' && Number.isSafeInteger(pid) && pid > 1 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Attach slirp4netns (`slirpPath`) to the sandbox whose bwrap writes its info to `info` and waits on
 * `block`: read the child pid, start slirp4netns, wait until it is ready (at most 10 s), then release the
 * job by writing to `block`. On any failure the job is released all the same, with loopback only, and
 * `ready` gives the reason. Never throws; stream errors (bwrap gone) are absorbed.
 */
export function attachNetwork(slirpPath: string, info: Readable, block: Writable): NetworkAttachment {
  let slirp: ReturnType<typeof spawn> | null = null;
  let stopped = false;
  let released = false;
  info.on('error', () => undefined);
  block.on('error', () => undefined);
  const release = () => {
    if (released) return;
    released = true;
    try {
      block.end('1');
    } catch {
      // bwrap gone
    }
  };
  const ready = new Promise<string | null>((resolve) => {
    let text = '';
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const done = (why: string | null) => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      release();
      resolve(why);
    };
    info.setEncoding('utf8');
    info.on('data', (d: string) => {
      if (text.length < 64 * 1024) text += d;
    });
    info.on('close', () => {
      if (stopped) return done('the job ended before its network was set up');
      const pid = childPidOfInfo(text);
      if (pid === null) return done('bubblewrap reported no sandbox pid');
      let stderr = '';
      try {
        slirp = spawn(slirpPath, slirp4netnsArgs(pid), {
          stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
          env: { PATH: '/usr/bin:/bin' },
        });
      } catch (err) {
        return done(`slirp4netns could not start: ${(err as Error).message}`);
      }
      const s = slirp;
      s.on('error', (err) => done(`slirp4netns could not start: ${err.message}`));
      s.stderr?.on('data', (b: Buffer) => {
        if (stderr.length < 4096) stderr += b.toString('utf8');
      });
      const readyPipe = s.stdio[3] as Readable | null;
      const exitPipe = s.stdio[4] as Writable | null;
      readyPipe?.on('error', () => undefined);
      exitPipe?.on('error', () => undefined);
      readyPipe?.once('data', (b: Buffer) =>
        done(b.toString('utf8').startsWith('1') ? null : 'slirp4netns did not report ready'),
      );
      s.on('exit', (code, signal) => {
        const firstError = stderr.split('\n').find((l) => /fail|error|denied|not permitted/i.test(l)) ?? '';
        done(`slirp4netns exited (${signal ?? `code ${code}`})${firstError ? `: ${firstError.trim()}` : ''}`);
      });
      timer = setTimeout(() => done('slirp4netns was not ready in 10 s'), READY_TIMEOUT_MS);
      timer.unref();
    });
  });
  return {
    ready,
    stop() {
      stopped = true;
      release();
      const s = slirp as ReturnType<typeof spawn> | null;
      if (s && s.exitCode === null && s.signalCode === null) {
        (s.stdio[4] as Writable | null)?.end();
        s.kill('SIGTERM');
      }
    },
  };
}

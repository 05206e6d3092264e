import { describe, expect, it } from 'vitest';
import { bwrapArgs, sandboxPath } from './bwrap-args.js';
import type { HostLayout } from './bwrap-args.js';
import { nodeBinaryToShow } from './host-layout.js';
import { DEFAULT_JOB_PROCESS_LIMIT, limitedScriptCommand } from './limits.js';

const merged: HostLayout = {
  system: [
    { path: '/usr' },
    { path: '/bin', symlinkTo: 'usr/bin' },
    { path: '/lib', symlinkTo: 'usr/lib' },
    { path: '/lib64', symlinkTo: 'usr/lib64' },
    { path: '/sbin', symlinkTo: 'usr/sbin' },
  ],
  etc: ['/etc/passwd', '/etc/resolv.conf', '/etc/ssl'],
  extraReadOnly: ['/home/ann/.nvm/versions/node/v24.1.0/bin/node'],
};

/** The [flag, ...operands] groups of an argv, for order-insensitive checks. */
function pairs(args: string[], flag: string, arity: number): string[][] {
  const out: string[][] = [];
  args.forEach((a, i) => {
    if (a === flag) out.push(args.slice(i + 1, i + 1 + arity));
  });
  return out;
}

describe('bwrapArgs', () => {
  const spec = {
    buildRoot: '/tmp/outpost-job-ab12',
    cwd: '/tmp/outpost-job-ab12/builds/g/p',
    uid: 1000,
    hostname: 'outpost-job',
  };
  const args = bwrapArgs(merged, spec, ['bash', '-e', '/tmp/outpost-job-ab12/tmp/step_script.sh']);

  it('unshares PID, IPC, UTS and user namespaces with a non-root uid, dies with its parent, new session', () => {
    for (const f of [
      '--unshare-pid',
      '--unshare-ipc',
      '--unshare-uts',
      '--die-with-parent',
      '--new-session',
      '--unshare-user',
    ])
      expect(args).toContain(f);
    expect(pairs(args, '--uid', 1)).toEqual([['1000']]);
    expect(pairs(args, '--gid', 1)).toEqual([['1000']]);
    expect(pairs(args, '--cap-drop', 1)).toEqual([['ALL']]);
    expect(args).not.toContain('--unshare-net');
    expect(args).not.toContain('--share-net');
  });

  it('shows the system read-only, fresh /proc, /dev and /tmp, the build root read-write, nothing else', () => {
    expect(pairs(args, '--ro-bind', 2)).toEqual([
      ['/usr', '/usr'],
      ['/etc/passwd', '/etc/passwd'],
      ['/etc/resolv.conf', '/etc/resolv.conf'],
      ['/etc/ssl', '/etc/ssl'],
      ['/home/ann/.nvm/versions/node/v24.1.0/bin/node', '/home/ann/.nvm/versions/node/v24.1.0/bin/node'],
    ]);
    expect(pairs(args, '--symlink', 2)).toEqual([
      ['usr/bin', '/bin'],
      ['usr/lib', '/lib'],
      ['usr/lib64', '/lib64'],
      ['usr/sbin', '/sbin'],
    ]);
    // The only writable host directory is the build root.
    expect(pairs(args, '--bind', 2)).toEqual([[spec.buildRoot, spec.buildRoot]]);
    expect(args).not.toContain('--dev-bind');
    expect(pairs(args, '--proc', 1)).toEqual([['/proc']]);
    expect(pairs(args, '--dev', 1)).toEqual([['/dev']]);
    expect(pairs(args, '--tmpfs', 1)).toEqual([['/tmp']]);
    // /tmp is mounted before the build root below it (bwrap mounts in order).
    expect(args.indexOf('--tmpfs')).toBeLessThan(args.indexOf('--bind'));
    expect(pairs(args, '--chdir', 1)).toEqual([[spec.cwd]]);
    expect(pairs(args, '--hostname', 1)).toEqual([['outpost-job']]);
  });

  it('ends with the command after --', () => {
    const sep = args.indexOf('--');
    expect(args.slice(sep + 1)).toEqual(['bash', '-e', '/tmp/outpost-job-ab12/tmp/step_script.sh']);
    expect(args.lastIndexOf('--')).toBe(sep);
  });

  it('caps /tmp when asked', () => {
    const capped = bwrapArgs(merged, { ...spec, tmpSizeBytes: 64 * 1024 * 1024 }, ['true']);
    expect(capped.slice(capped.indexOf('--size'), capped.indexOf('--size') + 4)).toEqual([
      '--size',
      String(64 * 1024 * 1024),
      '--tmpfs',
      '/tmp',
    ]);
    expect(args).not.toContain('--size');
  });

  it('without a user namespace drops every capability and sets no uid', () => {
    const noUserNs = bwrapArgs(merged, { ...spec, uid: null }, ['true']);
    expect(noUserNs).not.toContain('--unshare-user');
    expect(noUserNs).not.toContain('--uid');
    expect(pairs(noUserNs, '--cap-drop', 1)).toEqual([['ALL']]);
  });

  it('refuses nested user namespaces only with a user namespace, and unshares the network when asked', () => {
    const tight = bwrapArgs(
      merged,
      { ...spec, disableUserns: true, unshareNet: true, infoFd: 3, blockFd: 4 },
      ['true'],
    );
    expect(tight).toContain('--disable-userns');
    // --disable-userns needs --unshare-user before it.
    expect(tight.indexOf('--unshare-user')).toBeLessThan(tight.indexOf('--disable-userns'));
    expect(tight).toContain('--unshare-net');
    expect(pairs(tight, '--info-fd', 1)).toEqual([['3']]);
    expect(pairs(tight, '--block-fd', 1)).toEqual([['4']]);
    const noUserNs = bwrapArgs(merged, { ...spec, uid: null, disableUserns: true }, ['true']);
    expect(noUserNs).not.toContain('--disable-userns');
    expect(pairs(noUserNs, '--cap-drop', 1)).toEqual([['ALL']]);
    expect(args).not.toContain('--disable-userns');
    expect(args).not.toContain('--info-fd');
    expect(args).not.toContain('--block-fd');
  });

  it("replaces the host's resolv.conf by the data on a descriptor when asked", () => {
    const own = bwrapArgs(merged, { ...spec, resolvConfFd: 5 }, ['true']);
    expect(pairs(own, '--ro-bind', 2)).not.toContainEqual(['/etc/resolv.conf', '/etc/resolv.conf']);
    expect(pairs(own, '--ro-bind-data', 2)).toEqual([['5', '/etc/resolv.conf']]);
    expect(args).not.toContain('--ro-bind-data');
  });

  it('binds real system directories of a non-merged /usr', () => {
    const classic: HostLayout = {
      system: [{ path: '/usr' }, { path: '/bin' }, { path: '/lib' }],
      etc: [],
      extraReadOnly: [],
    };
    expect(pairs(bwrapArgs(classic, spec, ['true']), '--ro-bind', 2)).toEqual([
      ['/usr', '/usr'],
      ['/bin', '/bin'],
      ['/lib', '/lib'],
    ]);
  });
});

describe('sandboxPath', () => {
  it('keeps the entries the sandbox shows, in order, and drops the rest', () => {
    const host =
      '/root/.cargo/bin:/home/ann/.nvm/versions/node/v24.1.0/bin:/usr/local/bin:/usr/bin:/bin:/usr/bin:/opt/tool/bin:relative:/usrx/bin';
    expect(sandboxPath(host, merged)).toBe(
      '/home/ann/.nvm/versions/node/v24.1.0/bin:/usr/local/bin:/usr/bin:/bin',
    );
  });

  it('falls back to the standard directories when nothing is left', () => {
    expect(sandboxPath('/home/ann/bin', merged)).toBe('/usr/local/bin:/usr/bin:/bin');
  });
});

describe('nodeBinaryToShow', () => {
  it('shows a node binary on PATH outside the system directories, and only that', () => {
    expect(nodeBinaryToShow('/opt/node/bin/node', '/usr/bin:/opt/node/bin')).toBe('/opt/node/bin/node');
    expect(nodeBinaryToShow('/usr/bin/node', '/usr/bin')).toBeNull();
    expect(nodeBinaryToShow('/opt/node/bin/node', '/usr/bin')).toBeNull();
    expect(nodeBinaryToShow('/opt/Outpost/outpost', '/opt/Outpost')).toBeNull();
  });
});

describe('limitedScriptCommand', () => {
  it('sets the address-space and CPU limits, then execs bash -e on the script', () => {
    const cmd = limitedScriptCommand('/b/tmp/step_script.sh', { memoryMb: 256, cpuSeconds: 30 });
    expect(cmd.slice(0, 2)).toEqual(['bash', '-c']);
    expect(cmd.slice(3)).toEqual(['outpost-job', '/b/tmp/step_script.sh']);
    expect(cmd[2]).toContain('ulimit -v 262144 ');
    expect(cmd[2]).toContain('ulimit -t 30 ');
    expect(cmd[2]).toMatch(/exec bash -e "\$1"$/);
  });

  it('sets ulimit -u only when asked (no cgroup), at the process limit or its default', () => {
    const plain = limitedScriptCommand('/s', { memoryMb: 256, cpuSeconds: 30, processes: 100 });
    expect(plain[2]).not.toContain('ulimit -u');
    const rl = limitedScriptCommand(
      '/s',
      { memoryMb: 256, cpuSeconds: 30, processes: 100 },
      { processesRlimit: true },
    );
    expect(rl[2]).toContain('ulimit -u 100 ');
    expect(rl[2]!.indexOf('ulimit -u')).toBeLessThan(rl[2]!.indexOf('exec bash'));
    const dflt = limitedScriptCommand('/s', { memoryMb: 256, cpuSeconds: 30 }, { processesRlimit: true });
    expect(dflt[2]).toContain(`ulimit -u ${DEFAULT_JOB_PROCESS_LIMIT} `);
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => limitedScriptCommand('/s', { memoryMb: 64, cpuSeconds: 1, processes: 0 })).toThrow(
      RangeError,
    );
    expect(() => limitedScriptCommand('/s', { memoryMb: 0, cpuSeconds: 1 })).toThrow(RangeError);
    expect(() => limitedScriptCommand('/s', { memoryMb: 64, cpuSeconds: 1.5 })).toThrow(RangeError);
  });
});

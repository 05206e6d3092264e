import { describe, expect, it } from 'vitest';
import {
  cgroupDir,
  describeCgroupLimits,
  enterCgroupPrefix,
  jobCgroupName,
  parseCgroupMounts,
  parseFlatKeyed,
  parseProcCgroup,
  systemdRunPrefix,
} from './cgroup-scope.js';

/** /proc/self/mountinfo of a container with cgroup v1 hierarchies and an empty cgroup2 (this CI). */
const V1_MOUNTINFO = [
  '31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755',
  '32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu',
  '35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory',
  '39 31 0:36 / /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids',
  '40 31 0:37 / /sys/fs/cgroup/systemd rw,relatime - cgroup cgroup rw,name=systemd',
  '41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw',
  '42 23 0:39 / /sys/fs/cgroup/cpu\\040acct rw - cgroup cgroup rw,cpu,cpuacct',
].join('\n');

describe('parseProcCgroup', () => {
  it('maps each v1 controller and v2 (key "") to its path', () => {
    const m = parseProcCgroup(
      '9:name=systemd:/\n8:pids:/\n4:memory:/process_api/ab12\n2:cpu,cpuacct:/x\n0::/user.slice/app.scope\n',
    );
    expect(m.get('pids')).toBe('/');
    expect(m.get('memory')).toBe('/process_api/ab12');
    expect(m.get('cpu')).toBe('/x');
    expect(m.get('cpuacct')).toBe('/x');
    expect(m.get('')).toBe('/user.slice/app.scope');
  });
});

describe('parseCgroupMounts and cgroupDir', () => {
  const mounts = parseCgroupMounts(V1_MOUNTINFO);

  it('finds the v1 hierarchies with their controllers and the v2 mount, unescaping paths', () => {
    expect(mounts.map((m) => [m.mountPoint, m.version, m.controllers])).toEqual([
      ['/sys/fs/cgroup/cpu', 1, ['cpu']],
      ['/sys/fs/cgroup/memory', 1, ['memory']],
      ['/sys/fs/cgroup/pids', 1, ['pids']],
      ['/sys/fs/cgroup/systemd', 1, []],
      ['/sys/fs/cgroup/unified', 2, []],
      ['/sys/fs/cgroup/cpu acct', 1, ['cpu', 'cpuacct']],
    ]);
  });

  it('joins a cgroup path under its mount, and refuses one outside the mounted subtree or with ..', () => {
    const memory = mounts[1]!;
    expect(cgroupDir(memory, '/process_api/ab12')).toBe('/sys/fs/cgroup/memory/process_api/ab12');
    expect(cgroupDir(memory, '/')).toBe('/sys/fs/cgroup/memory');
    const sub = { ...memory, root: '/docker/c1' };
    expect(cgroupDir(sub, '/docker/c1/job')).toBe('/sys/fs/cgroup/memory/job');
    expect(cgroupDir(sub, '/docker/c2')).toBeNull();
    expect(cgroupDir(memory, '/a/../../etc')).toBeNull();
  });
});

describe('enterCgroupPrefix', () => {
  it('passes the cgroup.procs files as arguments (never in the script) and execs what follows', () => {
    const files = ['/sys/fs/cgroup/memory/a b/cgroup.procs', '/sys/fs/cgroup/pids/$(x)/cgroup.procs'];
    const prefix = enterCgroupPrefix(files);
    expect(prefix.slice(0, 2)).toEqual(['/bin/sh', '-c']);
    expect(prefix.slice(3)).toEqual(['outpost-cgroup', '2', ...files]);
    expect(prefix[2]).not.toContain('/sys/fs');
    expect(prefix[2]).toContain('echo $$');
    expect(prefix[2]).toMatch(/exit 125/);
    expect(prefix[2]).toMatch(/exec "\$@"$/);
  });
});

describe('systemdRunPrefix', () => {
  it('asks for a user scope with the memory, swap, task and CPU caps, bus variables kept from the job', () => {
    const p = systemdRunPrefix(
      '/usr/bin/systemd-run',
      'outpost-job-ab12',
      { memoryMb: 512, processes: 256 },
      { XDG_RUNTIME_DIR: '/run/user/1000' },
    );
    expect(p.slice(0, 3)).toEqual(['/usr/bin/env', 'XDG_RUNTIME_DIR=/run/user/1000', '/usr/bin/systemd-run']);
    for (const a of ['--user', '--scope', '--collect', '--expand-environment=no', '--unit=outpost-job-ab12'])
      expect(p).toContain(a);
    for (const prop of ['MemoryMax=512M', 'MemorySwapMax=0', 'TasksMax=256', 'CPUQuota=100%'])
      expect(p[p.indexOf(prop) - 1]).toBe('-p');
    expect(p.slice(p.indexOf('--'))).toEqual(['--', '/usr/bin/env', '-u', 'XDG_RUNTIME_DIR']);
    const bare = systemdRunPrefix(
      '/usr/bin/systemd-run',
      'u',
      { memoryMb: 64, processes: 16, cpus: 2 },
      {},
      false,
    );
    expect(bare).not.toContain('--expand-environment=no');
    expect(bare[0]).toBe('/usr/bin/systemd-run');
    expect(bare).toContain('CPUQuota=200%');
    expect(bare[bare.length - 1]).toBe('--');
  });
});

describe('describeCgroupLimits and parseFlatKeyed', () => {
  it('says what caps the whole job', () => {
    expect(describeCgroupLimits('cgroup1', { memoryMb: 512, processes: 512 })).toBe(
      'cgroup v1: 512 MiB of memory for the whole job, 512 processes, 1 CPU',
    );
    expect(describeCgroupLimits('cgroup2', { memoryMb: 64, processes: 32 }, false)).toBe(
      'cgroup v2: 64 MiB of memory for the whole job, 32 processes',
    );
    expect(describeCgroupLimits('rlimit', { memoryMb: 64, processes: 32 })).toContain('not binding for root');
  });

  it('reads the counters of memory.events, memory.oom_control and pids.events', () => {
    const oom = parseFlatKeyed('oom_kill_disable 0\nunder_oom 0\noom_kill 3\n');
    expect(oom.get('oom_kill')).toBe(3);
    expect(parseFlatKeyed('max 17\n').get('max')).toBe(17);
    expect(parseFlatKeyed(null).size).toBe(0);
  });
});

describe('jobCgroupName', () => {
  it("names a job's cgroup by the core's pid and the job's marker", () => {
    expect(jobCgroupName('ab12', 4242)).toBe('outpost-job-4242-ab12');
    expect(jobCgroupName('ab12')).toBe(`outpost-job-${process.pid}-ab12`);
  });
});

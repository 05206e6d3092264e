import { describe, expect, it } from 'vitest';
import { childPidOfInfo, jobResolvConf, slirp4netnsArgs } from './job-network.js';

describe('slirp4netnsArgs', () => {
  it('configures tap0 in the namespace of the pid, without the host loopback, with ready and exit descriptors', () => {
    const a = slirp4netnsArgs(4242);
    for (const f of ['--configure', '--mtu=65520', '--disable-host-loopback', '--ready-fd=3', '--exit-fd=4'])
      expect(a).toContain(f);
    expect(a).toContain('--userns-path=/proc/self/ns/user');
    expect(a.slice(-2)).toEqual(['4242', 'tap0']);
  });
});

describe('childPidOfInfo', () => {
  it("reads bwrap's --info-fd JSON, and nothing else", () => {
    expect(childPidOfInfo('{\n    "child-pid": 31309,\n    "net-namespace": 4026532180\n}\n')).toBe(31309);
    expect(childPidOfInfo('')).toBeNull();
    expect(childPidOfInfo('{"child-pid": "1; rm"}')).toBeNull();
    expect(childPidOfInfo('{"child-pid": 1}')).toBeNull();
  });
});

describe('jobResolvConf', () => {
  it("keeps the host's file when its resolvers are reachable from the job", () => {
    expect(jobResolvConf('nameserver 10.255.255.53\n')).toBeNull();
    expect(jobResolvConf('search lan\nnameserver 192.168.1.1\nnameserver 2001:db8::1\n')).toBeNull();
  });

  it("points a loopback resolver (systemd-resolved, dnsmasq) at slirp4netns's forwarder", () => {
    expect(jobResolvConf('nameserver 127.0.0.53\noptions edns0 trust-ad\nsearch lan\n')).toBe(
      'options edns0 trust-ad\nsearch lan\nnameserver 10.0.2.3\n',
    );
    expect(jobResolvConf('nameserver ::1\n')).toBe('nameserver 10.0.2.3\n');
  });
});

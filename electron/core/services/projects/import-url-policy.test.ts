import { describe, expect, it } from 'vitest';
import {
  BlockedUrlError,
  blockedAddressReason,
  checkImportUrl,
  curlResolveEntries,
  embeddedIpv4,
  InvalidImportUrlError,
  isLocalhostName,
  parseImportUrl,
} from './import-url-policy.js';
import type { HostResolver, ImportUrlPolicy } from './import-url-policy.js';

const LOCALHOST = 'Requests to localhost are not allowed';
const LOOPBACK = 'Requests to loopback addresses are not allowed';
const LOCAL_NETWORK = 'Requests to the local network are not allowed';
const LINK_LOCAL = 'Requests to the link local network are not allowed';
const SHARED = 'Requests to the shared address space are not allowed';
const BROADCAST = 'Requests to the limited broadcast address are not allowed';
const MULTICAST = 'Requests to multicast addresses are not allowed';
const RESERVED = 'Requests to reserved addresses are not allowed';
const SCHEMES = 'Only allowed schemes are http, https';

const user: ImportUrlPolicy = { admin: false, allowLocalRequests: false, instanceHosts: [] };
const userWithLocal: ImportUrlPolicy = { ...user, allowLocalRequests: true };
const admin: ImportUrlPolicy = { ...user, admin: true };

/** A fixed DNS table standing in for the network's resolver (names under .test never exist in DNS). */
const table: Record<string, string[]> = {
  'public.test': ['93.184.216.34'],
  'public6.test': ['2606:4700::1111'],
  'rebind.test': ['93.184.216.34', '127.0.0.1'],
  'private.test': ['10.0.0.7'],
  'mapped.test': ['::ffff:10.0.0.1'],
  'metadata.test': ['169.254.169.254'],
  'outpost.test': ['198.51.100.9'],
};
const fixedDns: HostResolver = async (host) => {
  const found = table[host];
  if (!found) throw new Error(`ENOTFOUND ${host}`);
  return found;
};
const noInterfaces = () => [] as string[];

async function reason(url: string, policy: ImportUrlPolicy = user): Promise<string | null> {
  try {
    await checkImportUrl(url, policy, fixedDns, noInterfaces);
    return null;
  } catch (err) {
    if (err instanceof BlockedUrlError || err instanceof InvalidImportUrlError) return err.message;
    throw err;
  }
}

describe('blockedAddressReason', () => {
  const none = new Set<string>();
  it.each([
    ['127.0.0.2', LOOPBACK],
    ['127.255.255.254', LOOPBACK],
    ['::1', LOOPBACK],
    ['0:0:0:0:0:0:0:1', LOOPBACK],
    ['0.0.0.0', LOCALHOST],
    ['0.1.2.3', LOCALHOST],
    ['::', LOCALHOST],
    ['10.1.2.3', LOCAL_NETWORK],
    ['172.16.0.1', LOCAL_NETWORK],
    ['172.31.255.255', LOCAL_NETWORK],
    ['192.168.1.1', LOCAL_NETWORK],
    ['fc00::1', LOCAL_NETWORK],
    ['fd12:3456::1', LOCAL_NETWORK],
    ['fec0::1', LOCAL_NETWORK],
    ['169.254.169.254', LINK_LOCAL],
    ['fe80::1', LINK_LOCAL],
    ['fe80::1%eth0', LINK_LOCAL],
    ['febf::1', LINK_LOCAL],
    ['100.64.0.1', SHARED],
    ['100.127.255.255', SHARED],
    ['255.255.255.255', BROADCAST],
    ['224.0.0.1', MULTICAST],
    ['239.255.255.250', MULTICAST],
    ['ff02::1', MULTICAST],
    ['240.0.0.1', RESERVED],
    // IPv4 carried in IPv6: mapped, compatible, NAT64, 6to4, Teredo (client address XOR 0xffffffff).
    ['::ffff:127.0.0.2', LOOPBACK],
    ['::ffff:7f00:2', LOOPBACK],
    ['0:0:0:0:0:ffff:7f00:2', LOOPBACK],
    ['::ffff:10.0.0.1', LOCAL_NETWORK],
    ['::ffff:169.254.169.254', LINK_LOCAL],
    ['::127.0.0.2', LOOPBACK],
    ['64:ff9b::10.0.0.1', LOCAL_NETWORK],
    ['64:ff9b:1::a9fe:a9fe', LINK_LOCAL],
    ['2002:a00:1::', LOCAL_NETWORK],
    ['2002:7f00:2::1', LOOPBACK],
    ['2001:0:4136:e378:8000:63bf:80ff:fffd', LOOPBACK],
  ])('%s → %s', (address, expected) => {
    expect(blockedAddressReason(address, none)).toBe(expected);
  });

  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '172.32.0.1',
    '172.15.255.255',
    '100.128.0.1',
    '100.63.255.255',
    '192.169.0.1',
    '169.255.0.1',
    '223.255.255.255',
    '2606:4700::1111',
    '2a00:1450:4001::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
  ])('%s is public', (address) => {
    expect(blockedAddressReason(address, none)).toBeNull();
  });

  it("refuses this machine's and the instance's own addresses as localhost, in any spelling", () => {
    const own = new Set(['203.0.113.7', '2001:db8::7']);
    expect(blockedAddressReason('203.0.113.7', own)).toBe(LOCALHOST);
    expect(blockedAddressReason('::ffff:203.0.113.7', own)).toBe(LOCALHOST);
    expect(blockedAddressReason('2001:db8:0:0:0:0:0:7', own)).toBe(LOCALHOST);
    expect(blockedAddressReason('203.0.113.8', own)).toBeNull();
  });

  it('answers "invalid" for something that is not an address', () => {
    expect(blockedAddressReason('example.com', new Set())).toBe('Hostname or IP address invalid');
  });
});

describe('embeddedIpv4 and isLocalhostName', () => {
  it('finds the IPv4 address in the IPv6 forms that carry one, and only there', () => {
    expect(embeddedIpv4('::ffff:1.2.3.4')).toBe('1.2.3.4');
    expect(embeddedIpv4('::1.2.3.4')).toBe('1.2.3.4');
    expect(embeddedIpv4('64:ff9b::1.2.3.4')).toBe('1.2.3.4');
    expect(embeddedIpv4('2002:102:304::')).toBe('1.2.3.4');
    expect(embeddedIpv4('::1')).toBeNull();
    expect(embeddedIpv4('::')).toBeNull();
    expect(embeddedIpv4('2606:4700::1111')).toBeNull();
    expect(embeddedIpv4('1.2.3.4')).toBeNull();
  });

  it('knows localhost names (RFC 6761), with or without the final dot and in any case', () => {
    for (const h of ['localhost', 'LOCALHOST', 'localhost.', 'a.b.localhost', 'x.LocalHost.']) {
      expect(isLocalhostName(h)).toBe(true);
    }
    for (const h of ['localhost.example', 'notlocalhost', 'example.com'])
      expect(isLocalhostName(h)).toBe(false);
  });
});

describe('checkImportUrl for an ordinary user', () => {
  it.each([
    ['http://127.0.0.1/x.git', LOCALHOST],
    ['http://127.0.0.1:8080/x.git', LOCALHOST],
    ['http://127.0.0.2/x.git', LOOPBACK],
    ['http://2130706433/x.git', LOCALHOST],
    ['http://0x7f.1/x.git', LOCALHOST],
    ['http://0x7f000001/x.git', LOCALHOST],
    ['http://0177.0.0.1/x.git', LOCALHOST],
    ['http://127.1/x.git', LOCALHOST],
    ['http://%31%32%37.0.0.1/x.git', LOCALHOST],
    ['http://0/x.git', LOCALHOST],
    ['http://[::1]/x.git', LOCALHOST],
    ['http://[::]/x.git', LOCALHOST],
    ['http://[::ffff:127.0.0.1]/x.git', LOCALHOST],
    ['http://[0:0:0:0:0:ffff:7f00:1]/x.git', LOCALHOST],
    ['http://localhost/x.git', LOCALHOST],
    ['http://LOCALHOST./x.git', LOCALHOST],
    ['http://repo.localhost:3000/x.git', LOCALHOST],
    ['https://10.0.0.1/x.git', LOCAL_NETWORK],
    ['http://169.254.169.254/latest/meta-data/', LINK_LOCAL],
    ['http://[fe80::1]/x.git', LINK_LOCAL],
    ['http://100.100.100.100/x.git', SHARED],
    ['http://255.255.255.255/x.git', BROADCAST],
    ['http://private.test/x.git', LOCAL_NETWORK],
    ['http://mapped.test/x.git', LOCAL_NETWORK],
    ['http://metadata.test/x.git', LINK_LOCAL],
    ['http://rebind.test/x.git', LOCALHOST],
    ['http://no-such-host.test/x.git', 'Host cannot be resolved or invalid'],
    ['http://-leading-dash.test/x.git', 'Hostname or IP address invalid'],
    ['http://public.test:22/x.git', 'Only allowed ports are 80, 443, and any over 1024'],
    ['http://public.test:1023/x.git', 'Only allowed ports are 80, 443, and any over 1024'],
    ['file:///etc', SCHEMES],
    ['FILE:///etc/passwd', SCHEMES],
    ['/etc', SCHEMES],
    ['/abs/path/repo.git', SCHEMES],
    ['ftp://public.test/x.git', SCHEMES],
    ['ssh://git@public.test/x.git', SCHEMES],
    ['git://public.test/x.git', SCHEMES],
    ['ext::sh -c touch% /tmp/pwned', SCHEMES],
    ['http::http://public.test/x.git', SCHEMES],
    ['relative/path', SCHEMES],
    ['https://user:pw@public.test/x.git', 'must not contain credentials'],
    ['https://token@public.test/x.git', 'must not contain credentials'],
    ['   ', "can't be blank"],
    ['http://public.test/x\n.git', 'URI is invalid'],
    ['http://[::1/x.git', 'URI is invalid'],
  ])('%s → %s', async (url, expected) => {
    expect(await reason(url)).toBe(expected);
  });

  it('approves public hosts and names the addresses to pin git to', async () => {
    const v4 = await checkImportUrl('http://PUBLIC.test/group/x.git', user, fixedDns, noInterfaces);
    expect(v4).toEqual({
      kind: 'http',
      url: 'http://public.test/group/x.git',
      host: 'public.test',
      port: 80,
      addresses: ['93.184.216.34'],
    });
    expect(curlResolveEntries(v4)).toEqual(['public.test:80:93.184.216.34']);
    const v6 = await checkImportUrl('https://public6.test:8443/x.git', user, fixedDns, noInterfaces);
    expect(curlResolveEntries(v6)).toEqual(['public6.test:8443:[2606:4700::1111]']);
    const literal = await checkImportUrl('https://93.184.216.34/x.git', user, fixedDns, noInterfaces);
    expect(literal).toMatchObject({ host: '93.184.216.34', port: 443, addresses: [] });
    expect(curlResolveEntries(literal)).toEqual([]);
  });

  it("refuses the instance's own host (its external URL) as localhost", async () => {
    const policy = { ...user, instanceHosts: ['outpost.test'] };
    expect(await reason('http://198.51.100.9/x.git', policy)).toBe(LOCALHOST);
    expect(await reason('http://outpost.test/x.git', policy)).toBe(LOCALHOST);
    expect(await reason('http://public.test/x.git', policy)).toBeNull();
  });

  it('refuses addresses of local network interfaces as localhost', async () => {
    const ifaces = () => ['93.184.216.34'];
    await expect(checkImportUrl('http://public.test/x.git', user, fixedDns, ifaces)).rejects.toThrow(
      LOCALHOST,
    );
  });

  it('takes localhost names as loopback and resolves other names with the system resolver', async () => {
    await expect(checkImportUrl('http://a.localhost:9999/x.git', userWithLocal)).resolves.toMatchObject({
      kind: 'http',
      host: 'a.localhost',
      addresses: ['127.0.0.1', '::1'],
    });
    await expect(checkImportUrl('http://localhost:9999/x.git', user)).rejects.toThrow(LOCALHOST);
    // RFC 6761: .invalid never resolves.
    await expect(checkImportUrl('http://repo.invalid/x.git', userWithLocal)).rejects.toThrow(
      'Host cannot be resolved or invalid',
    );
  });
});

describe('allow_local_requests_from_web_hooks_and_services', () => {
  it('lifts the address rules', async () => {
    for (const url of [
      'http://127.0.0.1:8080/x.git',
      'http://2130706433/x.git',
      'http://[::1]/x.git',
      'http://localhost/x.git',
      'http://private.test/x.git',
      'http://169.254.169.254/x.git',
      'http://rebind.test/x.git',
    ]) {
      expect(await reason(url, userWithLocal)).toBeNull();
    }
  });

  it('keeps the scheme, port, credential and resolution rules', async () => {
    expect(await reason('file:///etc', userWithLocal)).toBe(SCHEMES);
    expect(await reason('/etc', userWithLocal)).toBe(SCHEMES);
    expect(await reason('ftp://127.0.0.1/x', userWithLocal)).toBe(SCHEMES);
    expect(await reason('http://127.0.0.1:22/x', userWithLocal)).toBe(
      'Only allowed ports are 80, 443, and any over 1024',
    );
    expect(await reason('http://a:b@127.0.0.1/x', userWithLocal)).toBe('must not contain credentials');
    expect(await reason('http://no-such-host.test/x', userWithLocal)).toBe(
      'Host cannot be resolved or invalid',
    );
  });
});

describe('checkImportUrl for an administrator', () => {
  it.each([
    ['/srv/repos/x.git', '/srv/repos/x.git'],
    ['file:///srv/my%20repos/x.git', '/srv/my repos/x.git'],
    ['file://localhost/srv/x.git', '/srv/x.git'],
  ])('allows the local path %s (%s)', async (url, path) => {
    expect(await checkImportUrl(url, admin, fixedDns, noInterfaces)).toEqual({ kind: 'path', path });
  });

  it('allows any http(s) address, loopback included', async () => {
    expect(await checkImportUrl('http://127.0.0.1:22/x.git', admin, fixedDns, noInterfaces)).toMatchObject({
      kind: 'http',
      url: 'http://127.0.0.1:22/x.git',
    });
  });

  it('still refuses other schemes, relative paths, remote file:// hosts and credentials', async () => {
    expect(await reason('ssh://git@public.test/x.git', admin)).toMatch(
      /^Only allowed schemes are http, https/,
    );
    expect(await reason('relative/path', admin)).toMatch(/^Only allowed schemes are http, https/);
    expect(await reason('file://server/share/x.git', admin)).toBe('Only local file:// URLs are allowed');
    expect(await reason('https://user:pw@public.test/x.git', admin)).toBe('must not contain credentials');
  });
});

describe('parseImportUrl', () => {
  it('hands git the normalised URL, so what was checked is what git reads', () => {
    const parsed = parseImportUrl('HTTP://Public.TEST\\@127.0.0.1/x.git', false);
    expect(parsed).toMatchObject({ kind: 'http' });
    expect(parsed.kind === 'http' && parsed.url.href).toBe('http://public.test/@127.0.0.1/x.git');
  });
});

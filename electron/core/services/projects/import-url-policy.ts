/**
 * Which import sources a user may name (`POST /projects` with `import_url`): Outpost's port of GitLab's
 * `Gitlab::HTTP_V2::UrlBlocker` (gems/gitlab-http/lib/gitlab/http_v2/url_blocker.rb) as applied by the
 * project model's `validates :import_url, public_url: …` (app/models/project.rb), with GitLab's messages.
 *
 * Rules, in the order they are checked:
 * - Administrators may import from anywhere: an absolute local path, a `file://` URL, or any http(s) URL,
 *   local addresses included. (GitLab runs the `UrlBlocker` for administrators too; Outpost's rule is that
 *   the desktop's owner, an administrator, may read their own disk and network, and that outbound requests
 *   are never made to loopback or private addresses on behalf of *ordinary users*.)
 * - Everyone else: only `http` and `https` ("Only allowed schemes are http, https"); no credentials in the
 *   URL (they would be stored in plaintext); ports below 1024 other than 80 and 443 refused ("Only allowed
 *   ports are 80, 443, and any over 1024", GitLab's `Project::VALID_IMPORT_PORTS`); a host name must start
 *   with a letter or digit ("Hostname or IP address invalid"); the host must resolve
 *   ("Host cannot be resolved or invalid"), and no address it resolves to may be
 *   - this machine: `0.0.0.0`/8, `::`, any address of a local network interface (127.0.0.1 and ::1
 *     included), any address of the instance's external URL host, and the names `localhost`/`*.localhost`
 *     (RFC 6761; curl answers them itself, without DNS) — "Requests to localhost are not allowed";
 *   - other loopback (127/8, ::1) — "Requests to loopback addresses are not allowed";
 *   - private (10/8, 172.16/12, 192.168/16, fc00::/7, fec0::/10) — "Requests to the local network are not allowed";
 *   - link-local (169.254/16, fe80::/10) — "Requests to the link local network are not allowed";
 *   - shared/CGNAT (100.64/10) — "Requests to the shared address space are not allowed";
 *   - 255.255.255.255 — "Requests to the limited broadcast address are not allowed";
 *   - multicast (224/4, ff00::/8) and reserved 240/4 (Outpost additions; GitLab does not list them) —
 *     "Requests to multicast addresses are not allowed" / "Requests to reserved addresses are not allowed".
 *   An IPv6 address that embeds an IPv4 one (IPv4-mapped `::ffff:0:0/96`, IPv4-compatible `::/96`, NAT64
 *   `64:ff9b::/96` and `64:ff9b:1::/48`, 6to4 `2002::/16`, Teredo `2001::/32`) is judged by that IPv4
 *   address too. Integer, octal and hex spellings of IPv4 (`http://2130706433/`, `http://0x7f.1/`) are
 *   normalised by the WHATWG URL parser before any check, and git is then given the normalised URL, so what
 *   was checked is what git connects to.
 * - The instance setting `allow_local_requests_from_web_hooks_and_services` lifts the address rules (all of
 *   the list above, as GitLab's `allow_localhost`/`allow_local_network`), not the scheme, credential or
 *   port rules, and never opens local paths or `file://` to non-administrators.
 *
 * Unlike GitLab's `internal?` exception, imports from the instance's own external URL are not allowed to
 * ordinary users (the instance's address counts as "localhost") unless the setting is on.
 *
 * The check resolves the host (`dns.promises.lookup`, all addresses) and returns the addresses it
 * approved, so the caller can pin git's connection to them (`http.curloptResolve`) against DNS rebinding.
 */
import { promises as dns } from 'node:dns';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** GitLab's `BlockedUrlError`: `message` is the reason without the "is blocked: " prefix. */
export class BlockedUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BlockedUrlError';
  }
}

/** An import URL refused for a reason that isn't a blocked address (blank, credentials). */
export class InvalidImportUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidImportUrlError';
  }
}

/** Who asks and how the instance is configured. */
export interface ImportUrlPolicy {
  /** The importing user is an administrator (local paths, file:// and every address allowed). */
  admin: boolean;
  /** `allow_local_requests_from_web_hooks_and_services`: lifts the address rules for everyone. */
  allowLocalRequests: boolean;
  /** Host names or addresses of this instance (its external URL's host): treated as "localhost". */
  instanceHosts: readonly string[];
}

/** An approved import source. */
export type CheckedImportSource =
  | {
      kind: 'path';
      /** Absolute local path (from a path or a file:// URL). */
      path: string;
    }
  | {
      kind: 'http';
      /** The WHATWG-normalised URL: the exact string git must be given. */
      url: string;
      /** Host as git/curl will see it (lowercase; IPv6 without brackets). */
      host: string;
      /** Port git connects to (80/443 when the URL has none). */
      port: number;
      /**
       * Addresses the host resolved to and that were approved; empty when the host is an IP literal or
       * when no address check was made (administrators).
       */
      addresses: string[];
    };

/** Resolves a host name to all its addresses (default: `dns.promises.lookup(host, {all: true})`). */
export type HostResolver = (host: string) => Promise<string[]>;

const LOOKUP_TIMEOUT_MS = 15_000; // GitLab's GETADDRINFO_TIMEOUT_SECONDS

/** The system resolver (getaddrinfo: /etc/hosts, then DNS), every address, with GitLab's 15 s limit. */
export const systemResolver: HostResolver = async (host) => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('lookup timed out')), LOOKUP_TIMEOUT_MS);
  });
  try {
    const found = await Promise.race([dns.lookup(host, { all: true, verbatim: true }), timeout]);
    return found.map((a) => a.address);
  } finally {
    clearTimeout(timer);
  }
};

function subnets(entries: [string, number][]): net.BlockList {
  const list = new net.BlockList();
  for (const [address, prefix] of entries) {
    list.addSubnet(address, prefix, net.isIPv6(address) ? 'ipv6' : 'ipv4');
  }
  return list;
}

/** GitLab's categories in its order of checking (url_blocker.rb `validate_local_request`). */
const CATEGORIES: { message: string; list: net.BlockList; local: 'localhost' | 'network' }[] = [
  {
    message: 'Requests to localhost are not allowed',
    list: subnets([
      ['0.0.0.0', 8],
      ['::', 128],
    ]),
    local: 'localhost',
  },
  {
    message: 'Requests to loopback addresses are not allowed',
    list: subnets([
      ['127.0.0.0', 8],
      ['::1', 128],
    ]),
    local: 'localhost',
  },
  {
    message: 'Requests to the local network are not allowed',
    list: subnets([
      ['10.0.0.0', 8],
      ['172.16.0.0', 12],
      ['192.168.0.0', 16],
      ['fc00::', 7],
      ['fec0::', 10],
    ]),
    local: 'network',
  },
  {
    message: 'Requests to the link local network are not allowed',
    list: subnets([
      ['169.254.0.0', 16],
      ['fe80::', 10],
    ]),
    local: 'network',
  },
  {
    message: 'Requests to the shared address space are not allowed',
    list: subnets([['100.64.0.0', 10]]),
    local: 'network',
  },
  {
    message: 'Requests to the limited broadcast address are not allowed',
    list: subnets([['255.255.255.255', 32]]),
    local: 'network',
  },
  {
    message: 'Requests to multicast addresses are not allowed',
    list: subnets([
      ['224.0.0.0', 4],
      ['ff00::', 8],
    ]),
    local: 'network',
  },
  {
    message: 'Requests to reserved addresses are not allowed',
    list: subnets([['240.0.0.0', 4]]),
    local: 'network',
  },
];

const LOCALHOST_MESSAGE = CATEGORIES[0]!.message;

/** The 8 hextets of an IPv6 address (any valid spelling), or null when `address` isn't IPv6. */
function ipv6Hextets(address: string): number[] | null {
  if (!net.isIPv6(address)) return null;
  // The WHATWG host parser gives the canonical compressed form, with any dotted IPv4 tail turned to hex.
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const [head, tail] = canonical.includes('::') ? canonical.split('::') : [canonical, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : new Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((h) => parseInt(h, 16));
}

function ipv4FromWords(hi: number, lo: number): string {
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
}

/**
 * The IPv4 address an IPv6 address carries (IPv4-mapped/-compatible, NAT64, 6to4, Teredo client), or null.
 * `::` and `::1` are not IPv4-compatible forms.
 */
export function embeddedIpv4(address: string): string | null {
  const h = ipv6Hextets(address);
  if (!h) return null;
  const zeroTo = (n: number) => h.slice(0, n).every((x) => x === 0);
  if (zeroTo(5) && h[5] === 0xffff) return ipv4FromWords(h[6]!, h[7]!); // ::ffff:a.b.c.d
  if (zeroTo(6) && (h[6] !== 0 || h[7]! > 1)) return ipv4FromWords(h[6]!, h[7]!); // ::a.b.c.d
  if (h[0] === 0x64 && h[1] === 0xff9b && h.slice(2, 6).every((x) => x === 0))
    return ipv4FromWords(h[6]!, h[7]!); // 64:ff9b::a.b.c.d (NAT64)
  if (h[0] === 0x64 && h[1] === 0xff9b && h[2] === 1) return ipv4FromWords(h[6]!, h[7]!); // 64:ff9b:1::/48
  if (h[0] === 0x2002) return ipv4FromWords(h[1]!, h[2]!); // 6to4
  if (h[0] === 0x2001 && h[1] === 0) return ipv4FromWords(h[6]! ^ 0xffff, h[7]! ^ 0xffff); // Teredo client
  return null;
}

/** The canonical text of an IP address (IPv6 compressed, lowercase, no zone), for set comparisons. */
export function canonicalAddress(address: string): string {
  const bare = address.replace(/%.*$/, '');
  if (net.isIPv6(bare)) return new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  return bare;
}

/** Addresses of this machine's network interfaces (GitLab's `Socket.ip_address_list`), canonical. */
export function localInterfaceAddresses(): string[] {
  const out: string[] = [];
  for (const list of Object.values(os.networkInterfaces())) {
    for (const a of list ?? []) out.push(canonicalAddress(a.address));
  }
  return out;
}

/**
 * Why `address` may not be reached by an ordinary user's request (GitLab's message), or null when it
 * may. Pure: `ownAddresses` are the machine's and the instance's own addresses (canonical form).
 * An IPv6 address carrying an IPv4 one is refused when either is.
 */
export function blockedAddressReason(address: string, ownAddresses: ReadonlySet<string>): string | null {
  const bare = canonicalAddress(address);
  const family = net.isIPv6(bare) ? 'ipv6' : net.isIPv4(bare) ? 'ipv4' : null;
  if (!family) return 'Hostname or IP address invalid';
  const v4 = family === 'ipv6' ? embeddedIpv4(bare) : null;
  if (ownAddresses.has(bare) || (v4 !== null && ownAddresses.has(v4))) return LOCALHOST_MESSAGE;
  for (const c of CATEGORIES) {
    if (c.list.check(bare, family) || (v4 !== null && c.list.check(v4, 'ipv4'))) return c.message;
  }
  return null;
}

/** `localhost`, `*.localhost` (with or without the final dot): loopback by name (RFC 6761 §6.3). */
export function isLocalhostName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost');
}

const SCHEMES_MESSAGE = 'Only allowed schemes are http, https';

/**
 * The syntactic part of the check (no DNS): what kind of source `raw` is, or why it is refused.
 * @throws InvalidImportUrlError (blank, credentials) or BlockedUrlError (scheme, port, host name).
 */
export function parseImportUrl(
  raw: string,
  admin: boolean,
): { kind: 'path'; path: string } | { kind: 'http'; url: URL } {
  if (raw.trim() === '') throw new InvalidImportUrlError("can't be blank");
  if (/[\0\r\n]/.test(raw)) throw new BlockedUrlError('URI is invalid');
  if (/^https?:\/\//i.test(raw)) {
    let u: URL;
    try {
      u = new URL(raw);
    } catch {
      throw new BlockedUrlError('URI is invalid');
    }
    if (u.username || u.password) throw new InvalidImportUrlError('must not contain credentials');
    if (!admin) {
      const port = u.port === '' ? null : Number(u.port);
      if (port !== null && port < 1024 && port !== 80 && port !== 443) {
        throw new BlockedUrlError('Only allowed ports are 80, 443, and any over 1024');
      }
      const host = u.hostname.replace(/^\[|\]$/g, '');
      if (!net.isIP(host) && !/^[\p{L}\p{N}]/u.test(host)) {
        throw new BlockedUrlError('Hostname or IP address invalid');
      }
    }
    return { kind: 'http', url: u };
  }
  const local = /^file:\/\//i.test(raw) || path.isAbsolute(raw);
  if (!admin) throw new BlockedUrlError(SCHEMES_MESSAGE);
  if (!local)
    throw new BlockedUrlError(`${SCHEMES_MESSAGE} (administrators may also use file:// and absolute paths)`);
  if (/^file:\/\//i.test(raw)) {
    let u: URL;
    try {
      u = new URL(raw);
    } catch {
      throw new BlockedUrlError('URI is invalid');
    }
    if (u.host !== '') throw new BlockedUrlError('Only local file:// URLs are allowed');
    return { kind: 'path', path: decodeURIComponent(u.pathname) };
  }
  return { kind: 'path', path: raw };
}

/**
 * The whole check: syntax, then (for ordinary users without the setting) DNS resolution and the address
 * rules. Run before the project is created and again right before git connects.
 * @returns the approved source; for http(s), the addresses to pin git to.
 * @throws InvalidImportUrlError | BlockedUrlError with GitLab's message.
 */
export async function checkImportUrl(
  raw: string,
  policy: ImportUrlPolicy,
  resolve: HostResolver = systemResolver,
  ownAddresses: () => string[] = localInterfaceAddresses,
): Promise<CheckedImportSource> {
  const parsed = parseImportUrl(raw, policy.admin);
  if (parsed.kind === 'path') return parsed;
  return checkHttpUrl(parsed.url, policy, resolve, ownAddresses);
}

/**
 * The address part of the check for an already parsed http(s) URL (also used for each redirect hop).
 * @throws BlockedUrlError with GitLab's message.
 */
export async function checkHttpUrl(
  u: URL,
  policy: ImportUrlPolicy,
  resolve: HostResolver = systemResolver,
  ownAddresses: () => string[] = localInterfaceAddresses,
): Promise<CheckedImportSource & { kind: 'http' }> {
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new BlockedUrlError(SCHEMES_MESSAGE);
  const host = u.hostname.replace(/^\[|\]$/g, '');
  const port = u.port === '' ? (u.protocol === 'https:' ? 443 : 80) : Number(u.port);
  const approved = { kind: 'http' as const, url: u.href, host, port };
  if (policy.admin) return { ...approved, addresses: [] };
  const literal = net.isIP(host) !== 0;
  let addresses: string[];
  if (literal) addresses = [host];
  else {
    if (isLocalhostName(host)) {
      // curl answers these names itself (loopback), whatever DNS says, so that is what they are.
      if (!policy.allowLocalRequests) throw new BlockedUrlError(LOCALHOST_MESSAGE);
      addresses = ['127.0.0.1', '::1'];
    } else {
      try {
        addresses = (await resolve(host)).map(canonicalAddress);
      } catch {
        addresses = [];
      }
    }
    if (addresses.length === 0) throw new BlockedUrlError('Host cannot be resolved or invalid');
  }
  if (!policy.allowLocalRequests) {
    // Loopback's own addresses are always this machine's, even where `lo` isn't listed (sandboxes).
    const own = new Set(['127.0.0.1', '::1', ...ownAddresses().map(canonicalAddress)]);
    for (const h of policy.instanceHosts) {
      const bare = h.replace(/^\[|\]$/g, '');
      if (net.isIP(bare)) own.add(canonicalAddress(bare));
      else if (isLocalhostName(bare))
        continue; // loopback anyway
      else {
        try {
          for (const a of await resolve(bare)) own.add(canonicalAddress(a));
        } catch {
          // An instance host that doesn't resolve can't be reached either.
        }
      }
    }
    for (const a of addresses) {
      const reason = blockedAddressReason(a, own);
      if (reason) throw new BlockedUrlError(reason);
    }
  }
  return { ...approved, addresses: literal ? [] : addresses };
}

/**
 * curl `--resolve` entries (git's `http.curloptResolve`) that pin `host:port` to the approved addresses,
 * so a second DNS answer (rebinding) can't move git elsewhere. Empty for IP literals and unchecked sources.
 */
export function curlResolveEntries(source: CheckedImportSource): string[] {
  if (source.kind !== 'http' || source.addresses.length === 0) return [];
  const list = source.addresses.map((a) => (net.isIPv6(a) ? `[${a}]` : a)).join(',');
  const names = new Set([source.host, source.host.replace(/\.$/, '')]);
  return [...names].map((name) => `${name}:${source.port}:${list}`);
}

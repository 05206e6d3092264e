/**
 * Reads what of this host a job sandbox shows (see `bwrap-args.ts`): which system directories exist and
 * which are symlinks, the `/etc` entries programs need (name resolution, TLS roots, the dynamic linker,
 * Debian's alternatives, time zone, git's system config; never `shadow`, `gshadow`, `sudoers`, ssh host
 * keys or `npmrc`), and the running Node binary when its directory is on PATH outside the system dirs.
 */
import { lstatSync, readdirSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import type { HostLayout } from './bwrap-args.js';

/** Top-level system paths shown read-only when they exist. `/opt` and `/usr/local/…` outside /usr are not. */
const SYSTEM_PATHS = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];

/** `/etc` entries shown read-only when they exist. */
const ETC_ENTRIES = [
  'passwd',
  'group',
  'hosts',
  'host.conf',
  'resolv.conf',
  'nsswitch.conf',
  'gai.conf',
  'services',
  'protocols',
  'networks',
  'ssl',
  'ca-certificates',
  'ca-certificates.conf',
  'pki',
  'crypto-policies',
  'alternatives',
  'ld.so.cache',
  'ld.so.conf',
  'ld.so.conf.d',
  'localtime',
  'timezone',
  'gitconfig',
  'os-release',
  'debian_version',
  'mime.types',
  'magic',
  'terminfo',
  'locale.alias',
  'fonts',
  'xml',
  'sgml',
  'perl',
];

/** `/etc` directories of language runtimes, matched by name (`java-17-openjdk`, `python3.11`). */
const ETC_PATTERNS = [/^java-[\w.-]+$/, /^python3[\d.]*$/];

function exists(p: string): boolean {
  try {
    lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

/**
 * The Node binary to show read-only: `execPath` when it is a `node` binary whose directory is on
 * `hostPath` outside the system paths (nvm, a tarball, this repository's `.tools/node24`). Only the
 * binary file is bound (at its own path), never its directory's neighbours or a home directory; `npm`
 * and globally installed tools next to it are therefore not available inside. Null otherwise (an
 * Electron binary, or Node under /usr, which the sandbox shows anyway).
 */
export function nodeBinaryToShow(execPath: string, hostPath: string): string | null {
  if (!path.isAbsolute(execPath) || !/^node$/.test(path.basename(execPath))) return null;
  const bin = path.dirname(execPath);
  if (!hostPath.split(':').includes(bin)) return null;
  if (SYSTEM_PATHS.some((s) => bin === s || bin.startsWith(`${s}/`))) return null;
  return execPath;
}

/** This host's layout (see the module comment). */
export function readHostLayout(hostPath = process.env.PATH ?? ''): HostLayout {
  const system: HostLayout['system'] = [];
  for (const p of SYSTEM_PATHS) {
    try {
      const st = lstatSync(p);
      if (st.isSymbolicLink()) system.push({ path: p, symlinkTo: readlinkSync(p) });
      else if (st.isDirectory()) system.push({ path: p });
    } catch {
      // absent on this host
    }
  }
  const etc = new Set<string>();
  for (const name of ETC_ENTRIES) if (exists(`/etc/${name}`)) etc.add(`/etc/${name}`);
  try {
    for (const name of readdirSync('/etc'))
      if (ETC_PATTERNS.some((re) => re.test(name))) etc.add(`/etc/${name}`);
  } catch {
    // no /etc
  }
  const node = nodeBinaryToShow(process.execPath, hostPath);
  return { system, etc: [...etc].sort(), extraReadOnly: node ? [node] : [] };
}

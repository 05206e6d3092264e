/**
 * Opens the browser host's app window: a Chromium-family browser in `--app` mode on its own profile,
 * without the launch secret or a launch code on its command line (issue 25). `/proc/<pid>/cmdline` is
 * world-readable (proc(5)), and a code read there could be used before the browser uses it, so the
 * browser is pointed at a launch page, `file://<hostDir>/launch/launch-<random>.html` (0600 in a 0700
 * folder: only this OS user can read it), which sends it on to the one-time address
 * `/launch?code=…`. The page is deleted once the code is used or has expired, or the browser exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, lstat, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserHost } from './start-browser-host.js';

/** Name of every launch page in the launch folder. */
const LAUNCH_PAGE = /^launch-[0-9a-f]{32}\.html$/;

/** `text` escaped for an HTML attribute value in double quotes. Pure. */
function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The launch page: an immediate `<meta http-equiv="refresh">` to `launchUrl` (no script: the page needs
 * none), sending no referrer. Pure.
 */
export function launchPageHtml(launchUrl: string): string {
  const url = escapeAttribute(launchUrl);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="referrer" content="no-referrer">
<meta http-equiv="refresh" content="0;url=${url}">
<title>Outpost</title></head>
<body style="font-family: sans-serif; margin: 3rem"><p>Opening Outpost…</p></body></html>
`;
}

/**
 * The browser's command line: app mode on `pageUrl` (the launch page's `file://` URL), its own profile,
 * no first-run, sync or background traffic; `--no-sandbox --test-type` when running as root (Chromium
 * refuses to start as root with its sandbox). Pure.
 */
export function appWindowArgs(pageUrl: string, profileDir: string, asRoot: boolean): string[] {
  const args = [
    `--app=${pageUrl}`,
    `--user-data-dir=${profileDir}`,
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ];
  if (asRoot) args.push('--no-sandbox', '--test-type');
  return args;
}

/**
 * Creates `dir` (mode 0700) or checks the one there: a real directory (not a symlink) owned by this
 * user, then set to 0700; stale launch pages of earlier launches (their codes died with them) removed.
 * @throws Error when `dir` is something else.
 */
async function prepareLaunchDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const info = await lstat(dir);
  if (!info.isDirectory() || (process.getuid && info.uid !== process.getuid())) {
    throw new Error(`${dir} is not a folder of this user`);
  }
  await chmod(dir, 0o700);
  for (const name of await readdir(dir)) {
    if (LAUNCH_PAGE.test(name)) await rm(join(dir, name), { force: true });
  }
}

/** Options of {@link openAppWindow}. */
export interface OpenAppWindowOptions {
  /** The Chromium-family executable. */
  browser: string;
  /** The running browser host (its one-time launch addresses). */
  host: Pick<BrowserHost, 'launchUrl' | 'launchSettled'>;
  /** The browser profile folder (`<hostDir>/chromium-profile`). */
  profileDir: string;
  /** Where launch pages are written (`<hostDir>/launch`). */
  launchDir: string;
  /** Lifetime of the window's launch code in ms (default 60 s, see launch-codes.ts). */
  codeTtlMs?: number;
}

/**
 * Writes a launch page for a fresh one-time code (`wx`, mode 0600, in `launchDir` at 0700) and starts
 * `browser` in app mode on it (argument array, no shell; stdio ignored; this process's environment, from
 * which `OUTPOST_ROOT_TOKEN` was already taken). The page is removed when the code is used or expires,
 * or the browser exits. Returns the browser's process; its `error` event (a missing executable) is the
 * caller's to handle.
 * @throws fs errors writing the page, or Error when `launchDir` is not this user's folder.
 */
export async function openAppWindow(options: OpenAppWindowOptions): Promise<ChildProcess> {
  await prepareLaunchDir(options.launchDir);
  const launchUrl = options.host.launchUrl(options.codeTtlMs);
  const page = join(options.launchDir, `launch-${randomBytes(16).toString('hex')}.html`);
  await writeFile(page, launchPageHtml(launchUrl), { mode: 0o600, flag: 'wx' });
  const removePage = () => void rm(page, { force: true }).catch(() => undefined);
  void options.host.launchSettled(launchUrl).then(removePage);
  const asRoot = process.getuid?.() === 0;
  const child = spawn(options.browser, appWindowArgs(pathToFileURL(page).href, options.profileDir, asRoot), {
    stdio: 'ignore',
  });
  child.once('exit', removePage);
  child.once('error', removePage);
  return child;
}

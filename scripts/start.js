#!/usr/bin/env node
/**
 * `npm start` (after scripts/build-if-stale.mjs has rebuilt whatever changed since the last build): runs Outpost.
 *
 *   node scripts/start.js [--data-dir DIR] [--browser-host] [--port N] [--no-open]
 *
 * With an installed Electron binary (and no --browser-host) it launches Electron on this app.
 * Otherwise it starts the browser host on 127.0.0.1:PORT (0 = a free port; without --port, the port of
 * the last launch on this data dir when it is free, so the browser keeps its cache and settings for the
 * page's origin, else a free one), prints exactly one line `Outpost running at <one-time address>` to
 * stdout, and, unless --no-open, opens Chromium in app mode when one is installed and a display exists
 * ($OUTPOST_CHROMIUM names the executable to use instead). The printed address carries a one-time code,
 * never the launch secret: it opens the app once, within 10 minutes (PRINTED_LAUNCH_CODE_TTL_MS), and
 * the browser keeps the session in an HttpOnly cookie. The app window gets its own code through a
 * launch page only this user can read, so neither appears on any command line (open-app-window.ts).
 * SIGINT/SIGTERM close everything cleanly.
 * Other messages go to stderr. `OUTPOST_STORAGES=NAME=PATH,…` gives the embedded core more repository
 * storage shards (the core's `--storage NAME=PATH`).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire, enableCompileCache } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const hostDist = join(root, 'dist', 'node', 'electron', 'host');
const rendererDir = join(root, 'dist', 'renderer');

/** Parses the command line; exits with a usage message on bad input. */
function parseCli(argv) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        'data-dir': { type: 'string' },
        'browser-host': { type: 'boolean', default: false },
        port: { type: 'string' },
        'no-open': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    fail(
      `${err.message}\nUsage: node scripts/start.js [--data-dir DIR] [--browser-host] [--port N] [--no-open]`,
      2,
    );
  }
  if (values.help) {
    process.stderr.write(
      'Usage: node scripts/start.js [--data-dir DIR] [--browser-host] [--port N] [--no-open]\n',
    );
    process.exit(0);
  }
  // Unset: the browser host reuses the port of the last launch on this data dir (see startBrowserHost).
  const port = values.port === undefined ? undefined : Number(values.port);
  if (values.port !== undefined && (!/^\d+$/.test(values.port) || port > 65535))
    fail(`--port must be an integer from 0 to 65535, not "${values.port}".`, 2);
  return { dataDir: values['data-dir'], browserHost: values['browser-host'], port, open: !values['no-open'] };
}

function fail(message, code = 1) {
  process.stderr.write(`outpost: ${message}\n`);
  process.exit(code);
}

/**
 * The Electron executable when it is really installed, else null. Mirrors what the electron package's
 * index.js resolves (path.txt + dist/, or ELECTRON_OVERRIDE_DIST_PATH) without requiring it, because
 * requiring it tries to download the binary when missing.
 */
function findElectronBinary() {
  const require = createRequire(import.meta.url);
  let pkgDir;
  try {
    pkgDir = dirname(require.resolve('electron/package.json'));
  } catch {
    return null;
  }
  const pathFile = join(pkgDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const candidate = override
    ? join(override, relative || 'electron')
    : relative
      ? join(pkgDir, 'dist', relative)
      : null;
  return candidate && existsSync(candidate) ? candidate : null;
}

/**
 * V8 flags for the process that hosts the core (the browser host's node, `npm run core`, Electron's main
 * process): a 16 MiB young generation instead of V8's growth to 128 MiB, which is what held most of the
 * core's 300-400 MiB RSS (heap in use after GC: ~32 MiB); measured 282 -> 214 MiB RSS after the core API
 * bench. package.json passes the same flag to node for `npm start` and `npm run core`.
 */
export const CORE_V8_FLAGS = '--max-semi-space-size=16';

/** Runs Electron on this app and mirrors its exit code. */
function runElectron(electronPath, { dataDir }) {
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE;
  // --js-flags reaches Electron's main process (where the core runs) only on the command line.
  const args = [`--js-flags=${CORE_V8_FLAGS}`, root, ...(dataDir ? ['--data-dir', resolve(dataDir)] : [])];
  const child = spawn(electronPath, args, { stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

async function importHost(relativePath) {
  const file = join(hostDist, relativePath);
  if (!existsSync(file)) fail(`Outpost is not built (${file} is missing): run npm run build.`);
  return import(pathToFileURL(file).href);
}

/**
 * The Chromium-family browser for the app window: $OUTPOST_CHROMIUM when set, else /usr/bin/chromium,
 * then chromium/google-chrome on PATH.
 */
function findChromium(findOnPathSync) {
  if (process.env.OUTPOST_CHROMIUM) return process.env.OUTPOST_CHROMIUM;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  for (const name of ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable']) {
    const found = findOnPathSync(name);
    if (found) return found;
  }
  return null;
}

/**
 * Where node keeps the compiled code of the host and core modules between launches (node:module
 * `enableCompileCache`): next to the build it caches, so a rebuild's new files are compiled afresh
 * (entries are keyed by the source's hash) and nothing lands in a shared temp folder.
 * `NODE_DISABLE_COMPILE_CACHE=1` turns it off.
 */
const compileCacheDir = join(root, 'dist', '.node-compile-cache');

async function runBrowserHost({ dataDir, port, open }) {
  // Before the host's modules load: with the cache, a launch skips compiling them (fastify, the core).
  enableCompileCache(compileCacheDir);
  const [
    { resolveAppDataDir, hostDataDir },
    { startBrowserHost },
    { findOnPathSync },
    { openAppWindow },
    { PRINTED_LAUNCH_CODE_TTL_MS },
  ] = await Promise.all([
    importHost('app-data-dir.js'),
    importHost('browser-host/start-browser-host.js'),
    importHost('browser-host/open-external.js'),
    importHost('browser-host/open-app-window.js'),
    importHost('browser-host/launch-codes.js'),
  ]);
  const appDataDir = resolveAppDataDir(dataDir);

  let browserHost;
  try {
    browserHost = await startBrowserHost({ appDataDir, port, rendererDir });
  } catch (err) {
    const reason =
      err?.code === 'EADDRINUSE' ? `port ${port} is already in use; pick another with --port` : err?.message;
    fail(`could not start the browser host: ${reason}`);
  }

  let chromium = null;
  let stopping = false;
  const stop = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    if (chromium && chromium.exitCode === null) chromium.kill('SIGTERM');
    try {
      await browserHost.close();
    } catch (err) {
      process.stderr.write(`outpost: error while closing: ${err?.message ?? err}\n`);
      code = 1;
    }
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  // The server answers as soon as it listens; the core starts behind it. When that fails, say why and stop.
  browserHost.ready.catch((err) => {
    process.stderr.write(`outpost: could not start the browser host: ${err?.message ?? err}\n`);
    void stop(1);
  });
  // Announced only now: whoever reads the line may stop Outpost at once, and SIGTERM must find its handler.
  process.stdout.write(`Outpost running at ${browserHost.launchUrl(PRINTED_LAUNCH_CODE_TTL_MS)}\n`);
  if (!existsSync(join(rendererDir, 'index.html'))) {
    process.stderr.write('outpost: the renderer is not built yet: run npm run build\n');
  }

  const hasDisplay = Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
  const browser = open && hasDisplay ? findChromium(findOnPathSync) : null;
  if (!open) return;
  if (!browser) {
    process.stderr.write(
      `outpost: ${hasDisplay ? 'no Chromium or Chrome found' : 'no display'}; open the address above in a browser.\n`,
    );
    return;
  }
  const startedAt = Date.now();
  try {
    chromium = await openAppWindow({
      browser,
      host: browserHost,
      profileDir: join(hostDataDir(appDataDir), 'chromium-profile'),
      launchDir: join(hostDataDir(appDataDir), 'launch'),
    });
  } catch (err) {
    process.stderr.write(
      `outpost: could not open ${browser}: ${err?.message ?? err}; open the address above.\n`,
    );
    return;
  }
  // Stopped while the launch page was written: the window would outlive Outpost.
  if (stopping) chromium.kill('SIGTERM');
  chromium.on('error', (err) => process.stderr.write(`outpost: could not open ${browser}: ${err.message}\n`));
  chromium.on('exit', (code) => {
    if (stopping) return;
    if (code !== 0 && Date.now() - startedAt < 10_000) {
      // It never came up (no usable display, a broken profile…): keep serving for another browser.
      process.stderr.write(
        `outpost: ${browser} exited (code ${code}); open the address above in a browser.\n`,
      );
      return;
    }
    // Closing the app window closes Outpost, as a desktop app would.
    void stop(0);
  });
}

const options = parseCli(process.argv.slice(2));
const electronPath = options.browserHost ? null : findElectronBinary();
if (electronPath) {
  runElectron(electronPath, options);
} else {
  await runBrowserHost(options);
}

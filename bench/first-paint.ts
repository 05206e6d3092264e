/**
 * Launch → first screen painted with the browser host (issue 19; printed figures, never a timed test).
 *
 * What "launch" includes: the clock starts when the benchmark spawns what `npm start` runs once built
 * (npm's own CLI start, ~0.2 s, is left out): the up-to-date check of `node scripts/build-if-stale.mjs`
 * (a node process hashing both builds' inputs; see `upToDateCheck`) and then `node --max-semi-space-size=16 scripts/start.js --browser-host
 * --no-open --data-dir DIR` (node's start, the browser host's imports, listening; the vault, the
 * embedded core's SQLite, migrations and root token start behind it). No `--port`, as `npm start`: the
 * fresh launch takes a free port and remembers it in the data dir, the next launch listens on it again,
 * so the page keeps its origin. When start.js prints its URL, an already running Chromium (Debian's,
 * through Playwright, with the e2e flags) opens it in a browser context kept per data dir, as start.js
 * keeps a `chromium-profile` in it: cold HTTP and code caches on the fresh data dir, what that launch
 * left on the existing one (the content-named chunks the browser host serves as immutable).
 *
 * What is left out, and why: Chromium's own start. `npm start` with a display starts Chromium in app
 * mode once the server listens, and Chromium's start (~1.2 s on two cores, measured once per run as
 * Playwright's launch and printed as its own row) then comes on top of the figures here: a launch that
 * opens the address in an already running browser is what is timed. The Chromium row has no baseline
 * and is not the app's; nothing is subtracted from any figure.
 *
 * What "first screen painted" means: the renderer's `performance.mark('outpost:first-screen')`
 * (renderer/src/app/first-screen-mark.ts): the first screen is up (the welcome screen on a fresh data
 * dir, the projects list on an existing one), no query is fetching, no route skeleton is shown, for two
 * animation frames in a row. Also reported: first contentful paint (FCP, the browser's own entry) and
 * the moment start.js printed its URL. Chromium's own start (Playwright's launch) is not the app's and
 * is reported apart, once.
 *
 * Each launch is done twice per run: on a fresh data dir (first run: vault key, database created and
 * migrated, root user and token), then on the same dir again (an existing install). Baseline, same run:
 * a bare node `http` server spawned the same way, serving one static page, and that page's FCP in the
 * same browser. Figures are medians over OUTPOST_BENCH_FIRST_PAINT_RUNS runs (default 5).
 * Needs the renderer built: the group runs `build-if-stale` once before timing anything.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext } from '@playwright/test';
import type { BenchRow } from './bench-table.js';
import { percentile } from './measure.js';
import { spawnNode, startScriptPath } from './start-process.js';
import { APP_V8_FLAGS } from './core-process.js';

/** The repository root (this file runs from dist/node/bench/ or bench/). */
function repoRoot(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.basename(path.dirname(here)) === 'node'
    ? path.resolve(here, '..', '..', '..')
    : path.resolve(here, '..');
}

/** The e2e suite's Chromium flags (e2e/playwright.config.ts). */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The mark the renderer sets when its first screen is on screen with its data. */
const FIRST_SCREEN_MARK = 'outpost:first-screen';

/** The baseline: a bare node http server printing its URL the way start.js does. */
const BASELINE_SERVER = `
const http = require('node:http');
const page = '<!doctype html><html><head><meta charset="utf-8"><title>Baseline</title></head>' +
  '<body><h1>Outpost</h1><p>A static page from a bare node http server.</p></body></html>';
const server = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(page);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write('Outpost running at http://127.0.0.1:' + server.address().port + '/\\n');
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

/** One launch: ms from the spawn to each moment (epoch-based, so browser and node clocks agree). */
interface Launch {
  /** build-if-stale's up-to-date check, ms (0 for the baseline). */
  check: number;
  /** The URL was printed (the server listens). */
  listening: number;
  /** First contentful paint. */
  fcp: number;
  /** The first screen's mark (the baseline: its FCP). */
  screen: number;
  /** JS the page downloaded, KiB (decoded). */
  jsKiB: number;
}

/** Runs `node scripts/build-if-stale.mjs` (builds what is stale); throws when a build fails. */
function buildIfStale(root: string): void {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-if-stale.mjs')], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  if (result.status !== 0) throw new Error(`build-if-stale failed (${result.status}): ${result.stderr}`);
}

/**
 * The work of `build-if-stale` finding both builds up to date, without the risk of a build inside the
 * timing (other edits in the tree would start one): a node process that imports the script and hashes
 * every target's inputs, as its up-to-date check does.
 */
function upToDateCheck(root: string): void {
  const script = `const m = await import(${JSON.stringify(new URL('file://' + path.join(root, 'scripts', 'build-if-stale.mjs')).href)}); for (const t of m.TARGETS) m.hashInputs(${JSON.stringify(root)}, t.inputs);`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`build-if-stale's check failed: ${result.stderr}`);
}

/** Reads the page's FCP, the mark (or FCP when `mark` is null) and the JS bytes, as epoch ms. */
async function pageTimes(
  page: import('@playwright/test').Page,
  mark: string | null,
): Promise<{ fcp: number; screen: number; jsBytes: number }> {
  // Functions, not strings: the app's CSP has no 'unsafe-eval'. They run in the page, where
  // `performance` is the browser's.
  const target = mark ?? 'first-contentful-paint';
  const seen = (name: string) => performance.getEntriesByName(name).length > 0;
  await page.waitForFunction(seen, target, { timeout: 60_000, polling: 10 });
  await page.waitForFunction(seen, 'first-contentful-paint', { timeout: 60_000, polling: 10 });
  return page.evaluate((name) => {
    const at = (entry: string) => performance.timeOrigin + performance.getEntriesByName(entry)[0]!.startTime;
    const jsBytes = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.split('?')[0]!.endsWith('.js'))
      .reduce(
        (sum, entry) => sum + ((entry as unknown as { decodedBodySize?: number }).decodedBodySize ?? 0),
        0,
      );
    return { fcp: at('first-contentful-paint'), screen: at(name), jsBytes };
  }, target);
}

/**
 * One launch: `args` run by node (after the up-to-date check when `check`), its URL opened in a new
 * page of `context`, timed to FCP and to `mark` (or FCP). The child is stopped before returning.
 */
async function launch(
  context: BrowserContext,
  root: string,
  args: string[],
  options: { check: boolean; mark: string | null },
): Promise<Launch> {
  const t0 = Date.now();
  let check = 0;
  if (options.check) {
    upToDateCheck(root);
    check = Date.now() - t0;
  }
  const started = await spawnNode(args, { cwd: root });
  try {
    const { url } = started;
    if (!url) throw new Error(`printed "${started.firstLine}" instead of "Outpost running at <url>"`);
    const listening = Date.now() - t0;
    const page = await context.newPage();
    try {
      await page.goto(url);
      const times = await pageTimes(page, options.mark);
      return {
        check,
        listening,
        fcp: Math.round(times.fcp - t0),
        screen: Math.round(times.screen - t0),
        jsKiB: Math.round(times.jsBytes / 1024),
      };
    } finally {
      await page.close();
    }
  } finally {
    await started.stop();
  }
}

const median = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );

function describe(label: string, runs: Launch[]): string {
  const pick = (key: keyof Launch) => median(runs.map((r) => r[key]));
  return `${label}: first screen ${pick('screen')} ms, FCP ${pick('fcp')} ms, listening ${pick('listening')} ms (build check ${pick('check')} ms), JS ${pick('jsKiB')} KiB — medians of ${runs.length}: screen ${runs.map((r) => r.screen).join(', ')}`;
}

/**
 * Builds when stale, starts Chromium (timed apart), then per run: the baseline server, a launch on a
 * fresh data dir and one on the same dir again. Rows: launch → first screen (fresh, existing) and
 * launch → FCP (fresh), each beside the baseline's launch → FCP; launch → listening beside the
 * baseline's; Chromium's own start without a baseline.
 */
export async function benchFirstPaint(): Promise<BenchRow[]> {
  const root = repoRoot();
  const runs = Number(process.env.OUTPOST_BENCH_FIRST_PAINT_RUNS ?? 5);
  buildIfStale(root);
  const startScript = startScriptPath(root);

  const browserStart = Date.now();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const chromiumStart = Date.now() - browserStart;
  console.log(`Chromium's own start (Playwright launch, not the app's): ${chromiumStart} ms`);

  const baseline: Launch[] = [];
  const fresh: Launch[] = [];
  const existing: Launch[] = [];
  try {
    for (let i = 0; i < runs; i += 1) {
      const baseContext = await browser.newContext();
      try {
        baseline.push(await launch(baseContext, root, ['-e', BASELINE_SERVER], { check: false, mark: null }));
      } finally {
        await baseContext.close();
      }
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'outpost-bench-first-paint-'));
      // One browser context per data dir, as start.js keeps one Chromium profile in it: the first launch
      // has a cold HTTP and code cache, the second finds what the first left.
      const context = await browser.newContext();
      try {
        // No --port, as `npm start`: the fresh launch takes a free port and remembers it, the second
        // launch gets the same one back, so the page keeps its origin (and the browser its cache).
        const args = [...APP_V8_FLAGS, startScript, '--browser-host', '--no-open', '--data-dir', dataDir];
        fresh.push(await launch(context, root, args, { check: true, mark: FIRST_SCREEN_MARK }));
        existing.push(await launch(context, root, args, { check: true, mark: FIRST_SCREEN_MARK }));
      } finally {
        await context.close();
        await rm(dataDir, { recursive: true, force: true });
      }
      console.log(
        `run ${i + 1}: baseline FCP ${baseline.at(-1)!.screen} ms; fresh data dir: first screen ${fresh.at(-1)!.screen} ms (FCP ${fresh.at(-1)!.fcp}); existing: first screen ${existing.at(-1)!.screen} ms (FCP ${existing.at(-1)!.fcp})`,
      );
    }
  } finally {
    await browser.close();
  }
  console.log(describe('baseline (bare node http server, static page)', baseline));
  console.log(describe('fresh data dir (welcome screen)', fresh));
  console.log(describe('existing data dir (projects list)', existing));

  const group = 'first paint';
  const base = {
    name: 'bare node http server + static page → FCP',
    value: median(baseline.map((r) => r.fcp)),
  };
  const baseListening = {
    name: 'bare node http server → listening',
    value: median(baseline.map((r) => r.listening)),
  };
  const row = (name: string, value: number, baselineRow: BenchRow['baseline']): BenchRow => ({
    group,
    name,
    value,
    unit: 'ms',
    better: 'lower',
    baseline: baselineRow,
  });
  return [
    row('launch → first screen painted, fresh data dir (welcome)', median(fresh.map((r) => r.screen)), base),
    row(
      'launch → first screen painted, existing data dir (projects)',
      median(existing.map((r) => r.screen)),
      base,
    ),
    row('launch → first contentful paint, fresh data dir', median(fresh.map((r) => r.fcp)), base),
    row('launch → host listening, fresh data dir', median(fresh.map((r) => r.listening)), baseListening),
    row(
      'launch → host listening, existing data dir',
      median(existing.map((r) => r.listening)),
      baseListening,
    ),
    row("Chromium's own start (not the app's)", chromiumStart, null),
  ];
}

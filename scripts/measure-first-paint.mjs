#!/usr/bin/env node
/**
 * Launch → first paint with the browser host, as an administrator sees it on a cold start:
 *
 *   node scripts/measure-first-paint.mjs [--runs N] [--cores 0,1]
 *
 * Each run starts `node scripts/start.js --browser-host --port 0 --no-open` on a fresh data directory
 * pinned to the given cores (`taskset`, default two cores: 0,1), opens the printed URL in Debian's
 * Chromium (already running, not pinned) and reports, in milliseconds from the spawn:
 * `ready` (URL printed), `fcp` (the page's first-contentful-paint; `page` = fcp − ready) and `screen` (the first screen's
 * heading visible). Also prints the JS bytes the first screen downloaded. Needs `npm run build` first.
 * Figures are medians over the runs (default 5). Not a test: timings vary with machine load.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, cores: { type: 'string', default: '0,1' } },
});
const runs = Number(values.runs);
const cores = values.cores;

function waitForUrl(child) {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /Outpost running at (\S+)/.exec(out);
      if (match) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`host exited ${code}: ${out}`)));
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
const rows = [];
for (let i = 0; i < runs; i += 1) {
  const dataDir = mkdtempSync(join(tmpdir(), 'outpost-fp-'));
  const t0 = Date.now();
  const child = spawn(
    'taskset',
    [
      '-c',
      cores,
      process.execPath,
      'scripts/start.js',
      '--browser-host',
      '--port',
      '0',
      '--no-open',
      '--data-dir',
      dataDir,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    const url = await waitForUrl(child);
    const ready = Date.now() - t0;
    const page = await browser.newPage();
    await page.goto(url);
    await page.locator('h1, h2').first().waitFor({ state: 'visible', timeout: 60_000 });
    const screen = Date.now() - t0;
    const fcpEpoch = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const read = () => {
            const entry = performance.getEntriesByName('first-contentful-paint')[0];
            if (entry) resolve(performance.timeOrigin + entry.startTime);
            else setTimeout(read, 20);
          };
          read();
        }),
    );
    const jsBytes = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.js'))
        .reduce((sum, entry) => sum + entry.decodedBodySize, 0),
    );
    const fcp = Math.round(fcpEpoch - t0);
    rows.push({ ready, fcp, page: fcp - ready, screen, jsKiB: Math.round(jsBytes / 1024) });
    console.log(`run ${i + 1}:`, rows.at(-1));
    await page.close();
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
await browser.close();
const pick = (key) => median(rows.map((row) => row[key]));
console.log(
  `median over ${runs} runs on cores ${cores}: ready ${pick('ready')} ms, first contentful paint ${pick('fcp')} ms (${pick('page')} ms after ready), first screen ${pick('screen')} ms, JS ${pick('jsKiB')} KiB`,
);

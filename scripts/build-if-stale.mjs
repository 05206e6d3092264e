#!/usr/bin/env node
/**
 * `npm start`'s build step: builds the node side (`tsc -p tsconfig.build.json` → dist/node) and the
 * renderer (`vite build` → dist/renderer) only when their inputs changed since their last successful
 * build, so a launch with unchanged sources skips both (about 8 s on two cores).
 *
 *   node scripts/build-if-stale.mjs [--force]
 *
 * Each target's inputs (source folders and the configs and lockfile that shape its output) are hashed by
 * content (SHA-256 over every file's relative path and bytes; test files, which neither build reads, are
 * left out). After a successful build the hash is written to `dist/.build-stamps/<target>.json`; a target
 * is rebuilt when its stamp is missing or differs, or its output is missing. A fresh clone has no dist/,
 * so it builds; `npm run build` still builds unconditionally. Exit code: 0, or the failed build's code
 * (its stamp is then left untouched, so the next start tries again).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Folders never hashed (dependencies, outputs, tool caches). */
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'release', 'test-results', 'coverage']);

/** Files no build reads: unit tests and the core's test folder (tsconfig.build.json excludes them). */
export function isTestFile(relPath) {
  return /\.test\.[cm]?tsx?$/.test(relPath) || /(^|\/)electron\/(.+\/)?test\//.test(relPath);
}

/**
 * The two builds of `npm run build`: what each reads, what it writes, and how it is run. Paths are
 * relative to the repository root.
 */
export const TARGETS = [
  {
    name: 'node',
    inputs: [
      'electron',
      'shared',
      'bench',
      'tsconfig.base.json',
      'tsconfig.node.json',
      'tsconfig.build.json',
      'package.json',
      'package-lock.json',
    ],
    output: 'dist/node/electron/host/browser-host/start-browser-host.js',
    command: ['npm', 'run', 'build:node'],
  },
  {
    name: 'renderer',
    inputs: [
      'renderer',
      'shared',
      'tsconfig.base.json',
      'tsconfig.web.json',
      'package.json',
      'package-lock.json',
    ],
    output: 'dist/renderer/index.html',
    command: ['npm', 'run', 'build:renderer'],
  },
];

/** Relative paths (with `/`) of every file under `inputs`, sorted; missing inputs are skipped. */
function listFiles(root, inputs) {
  const out = [];
  const walk = (abs) => {
    const st = statSync(abs, { throwIfNoEntry: false });
    if (!st) return;
    if (st.isDirectory()) {
      for (const entry of readdirSync(abs)) {
        if (!SKIP_DIRS.has(entry)) walk(join(abs, entry));
      }
    } else if (st.isFile()) {
      const rel = relative(root, abs).split(sep).join('/');
      if (!isTestFile(rel)) out.push(rel);
    }
  };
  for (const input of inputs) walk(join(root, input));
  return [...new Set(out)].sort();
}

/** SHA-256 (hex) over the relative path and content of every input file of a target. */
export function hashInputs(root, inputs) {
  const hash = createHash('sha256');
  for (const rel of listFiles(root, inputs)) {
    hash.update(rel);
    hash.update('\0');
    hash.update(readFileSync(join(root, rel)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function stampPath(root, name) {
  return join(root, 'dist', '.build-stamps', `${name}.json`);
}

function readStamp(root, name) {
  try {
    return JSON.parse(readFileSync(stampPath(root, name), 'utf8')).inputs ?? null;
  } catch {
    return null;
  }
}

/**
 * Build each stale target in order; returns `{ built: string[], skipped: string[], exitCode }` (stops at
 * the first failed build). `run(command, root)` runs a build and returns its exit code; `log` gets one
 * line per target.
 */
export function buildIfStale({
  root = repoRoot,
  targets = TARGETS,
  force = false,
  run = runCommand,
  log = (line) => process.stderr.write(`${line}\n`),
} = {}) {
  const built = [];
  const skipped = [];
  for (const target of targets) {
    const inputs = hashInputs(root, target.inputs);
    const fresh = !force && readStamp(root, target.name) === inputs && existsSync(join(root, target.output));
    if (fresh) {
      skipped.push(target.name);
      log(`outpost: ${target.name} build is up to date`);
      continue;
    }
    log(`outpost: building ${target.name} (${target.command.join(' ')})`);
    const code = run(target.command, root);
    if (code !== 0) return { built, skipped, exitCode: code };
    const file = stampPath(root, target.name);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify({ inputs, builtAt: new Date().toISOString() })}\n`);
    built.push(target.name);
  }
  return { built, skipped, exitCode: 0 };
}

/** Runs `command` in `cwd` with inherited stdio; returns its exit code (1 when it could not start). */
function runCommand(command, cwd) {
  const [file, ...args] = command;
  const result = spawnSync(file, args, { cwd, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.error) {
    process.stderr.write(`outpost: could not run ${command.join(' ')}: ${result.error.message}\n`);
    return 1;
  }
  return result.status ?? 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const { exitCode } = buildIfStale({ force: process.argv.includes('--force') });
  process.exit(exitCode);
}

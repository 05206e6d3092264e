import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildIfStale as run, isTestFile, TARGETS } from './build-if-stale.mjs';
import type { BuildTarget as Target } from './build-if-stale.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A project in a temp dir whose "build" is a real node process writing dist/out.txt and counting runs. */
function project(): { dir: string; target: Target; builds: () => number } {
  const dir = mkdtempSync(join(tmpdir(), 'outpost-stale-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(join(dir, 'src', 'a.ts'), 'export const a = 1;\n');
  writeFileSync(join(dir, 'src', 'a.test.ts'), 'test\n');
  writeFileSync(join(dir, 'config.json'), '{}\n');
  const script =
    "const fs=require('fs');fs.mkdirSync('dist',{recursive:true});" +
    "fs.writeFileSync('dist/out.txt',fs.readFileSync('src/a.ts'));fs.appendFileSync('builds.log','x');" +
    "process.exit(fs.existsSync('src/fail')?3:0)";
  const target = {
    name: 'app',
    inputs: ['src', 'config.json'],
    output: 'dist/out.txt',
    command: [process.execPath, '-e', script],
  };
  const builds = () =>
    existsSync(join(dir, 'builds.log')) ? readFileSync(join(dir, 'builds.log'), 'utf8').length : 0;
  return { dir, target, builds };
}

const quiet = () => undefined;

describe('scripts/build-if-stale.mjs', () => {
  it('builds a fresh checkout, then skips while the inputs are unchanged', () => {
    const { dir, target, builds } = project();
    expect(run({ root: dir, targets: [target], log: quiet })).toEqual({
      built: ['app'],
      skipped: [],
      exitCode: 0,
    });
    expect(readFileSync(join(dir, 'dist', 'out.txt'), 'utf8')).toBe('export const a = 1;\n');
    expect(run({ root: dir, targets: [target], log: quiet })).toEqual({
      built: [],
      skipped: ['app'],
      exitCode: 0,
    });
    expect(builds()).toBe(1);
  });

  it('rebuilds when a source or config changes, but not for a test file', () => {
    const { dir, target, builds } = project();
    run({ root: dir, targets: [target], log: quiet });
    writeFileSync(join(dir, 'src', 'a.test.ts'), 'changed test\n');
    expect(run({ root: dir, targets: [target], log: quiet }).built).toEqual([]);
    writeFileSync(join(dir, 'src', 'a.ts'), 'export const a = 2;\n');
    expect(run({ root: dir, targets: [target], log: quiet }).built).toEqual(['app']);
    expect(readFileSync(join(dir, 'dist', 'out.txt'), 'utf8')).toBe('export const a = 2;\n');
    writeFileSync(join(dir, 'config.json'), '{"x":1}\n');
    expect(run({ root: dir, targets: [target], log: quiet }).built).toEqual(['app']);
    writeFileSync(join(dir, 'src', 'new.ts'), '\n');
    expect(run({ root: dir, targets: [target], log: quiet }).built).toEqual(['app']);
    expect(builds()).toBe(4);
  });

  it('rebuilds when the output is gone, and always with force', () => {
    const { dir, target, builds } = project();
    run({ root: dir, targets: [target], log: quiet });
    rmSync(join(dir, 'dist', 'out.txt'));
    expect(run({ root: dir, targets: [target], log: quiet }).built).toEqual(['app']);
    expect(run({ root: dir, targets: [target], force: true, log: quiet }).built).toEqual(['app']);
    expect(builds()).toBe(3);
  });

  it('keeps no stamp for a failed build, returns its exit code, and tries again next time', () => {
    const { dir, target, builds } = project();
    writeFileSync(join(dir, 'src', 'fail'), '');
    expect(run({ root: dir, targets: [target], log: quiet })).toEqual({
      built: [],
      skipped: [],
      exitCode: 3,
    });
    expect(run({ root: dir, targets: [target], log: quiet }).exitCode).toBe(3);
    rmSync(join(dir, 'src', 'fail'));
    expect(run({ root: dir, targets: [target], log: quiet }).built).toEqual(['app']);
    expect(builds()).toBe(3);
  });

  it('hashes every folder tsconfig.build.json compiles, and leaves out only tests', () => {
    const build = JSON.parse(readFileSync(join(root, 'tsconfig.build.json'), 'utf8')) as {
      include: string[];
    };
    const node = TARGETS.find((t) => t.name === 'node')!;
    for (const pattern of build.include) expect(node.inputs).toContain(pattern.split('/')[0]);
    expect(isTestFile('electron/core/ci/status.test.ts')).toBe(true);
    expect(isTestFile('renderer/src/app/x.test.tsx')).toBe(true);
    expect(isTestFile('electron/core/test/helpers/test-core.ts')).toBe(true);
    expect(isTestFile('electron/core/ci/status.ts')).toBe(false);
    expect(isTestFile('renderer/src/test-utils/render.tsx')).toBe(false);
  });
});

/**
 * electron-builder.yml, checked without packaging (`npm run dist` needs Electron's download): valid
 * against electron-builder's own JSON schema, its icons present at the sizes each platform needs, the
 * packaged entry point and the files the main process loads matched by `files:`, every runtime import
 * of the Node side shipped as a production dependency, and better-sqlite3's binary unpacked from asar.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = path.resolve(import.meta.dirname, '..');
const config = parse(readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')) as {
  files: string[];
  asarUnpack: string[];
  extraMetadata: { main: string };
  directories: { buildResources: string; output: string };
  npmRebuild: boolean;
  linux: { icon: string; files: string[] };
  mac: { icon: string; files: string[] };
  win: { icon: string; files: string[] };
};
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  main: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const b = readFileSync(file);
  expect(b.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

/**
 * Whether electron-builder's `files` patterns keep `file` (later `!` patterns exclude). Production
 * dependencies under node_modules are added by electron-builder itself; patterns can only exclude them.
 */
function included(patterns: readonly string[], file: string): boolean {
  let keep = file.startsWith('node_modules/');
  for (const p of patterns) {
    if (p.startsWith('!')) {
      if (path.matchesGlob(file, p.slice(1))) keep = false;
    } else if (path.matchesGlob(file, p)) keep = true;
  }
  return keep;
}

/** Non-test TypeScript files under `dir`. */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'test') out.push(...sources(full));
    } else if (/\.c?ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) && !e.name.endsWith('.d.ts'))
      out.push(full);
  }
  return out;
}

describe('electron-builder.yml', () => {
  it('is valid against electron-builder’s JSON schema (app-builder-lib/scheme.json)', () => {
    const schema = JSON.parse(
      readFileSync(path.join(root, 'node_modules', 'app-builder-lib', 'scheme.json'), 'utf8'),
    ) as object;
    const ajv = new Ajv({ strict: false, allowUnionTypes: true, allErrors: true });
    const validate = ajv.compile(schema);
    const ok = validate(config);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
    // And the schema rejects a mistake, so the check above has teeth.
    expect(validate({ ...config, linux: { ...config.linux, target: 42 } })).toBe(false);
    expect(validate({ ...config, appIdd: 'typo' })).toBe(false);
  });

  it('has the icons each platform needs: 1024² PNG for macOS and Windows (≥ 256²), NxN.png set for Linux', () => {
    expect(config.directories.buildResources).toBe('build');
    expect(existsSync(path.join(root, 'build', 'icon.svg'))).toBe(true);
    for (const icon of [config.mac.icon, config.win.icon]) {
      expect(pngSize(path.join(root, icon))).toEqual({ width: 1024, height: 1024 });
    }
    const linuxDir = path.join(root, config.linux.icon);
    const names = readdirSync(linuxDir).filter((n) => n.endsWith('.png'));
    const sizes = names.map((n) => {
      const m = /^(\d+)x(\d+)\.png$/.exec(n);
      expect(m, `${n} must be named NxN.png`).not.toBeNull();
      expect(pngSize(path.join(linuxDir, n))).toEqual({ width: Number(m![1]), height: Number(m![2]) });
      return Number(m![1]);
    });
    expect(sizes).toEqual(expect.arrayContaining([16, 32, 48, 64, 128, 256, 512]));
  });

  it('packages the entry point package.json names, with the preload and renderer the main process loads', () => {
    expect(config.extraMetadata.main).toBe(pkg.main);
    const main = pkg.main;
    // electron/main/app-main.ts (loaded by index.ts): preload and renderer directory relative to the
    // compiled main module; the renderer is served from that directory on app://outpost.
    const mainSource = readFileSync(path.join(root, 'electron', 'main', 'app-main.ts'), 'utf8');
    expect(mainSource).toContain("join(here, '..', 'preload', 'index.cjs')");
    expect(mainSource).toContain("join(here, '..', '..', '..', 'renderer')");
    const here = path.posix.dirname(main);
    const preload = path.posix.join(here, '..', 'preload', 'index.cjs');
    const renderer = path.posix.join(here, '..', '..', '..', 'renderer', 'index.html');
    expect(preload).toBe('dist/node/electron/preload/index.cjs');
    expect(renderer).toBe('dist/renderer/index.html');
    for (const f of [main, preload, renderer, 'package.json', 'dist/node/electron/core/app.js'])
      expect(included(config.files, f), f).toBe(true);
    expect(included(config.files, `${main}.map`)).toBe(false);
    expect(included(config.files, 'electron/main/index.ts')).toBe(false);
  });

  it.skipIf(!existsSync(path.join(root, 'dist', 'node')))(
    'finds those files in a build (dist/), when one exists',
    () => {
      for (const f of [
        pkg.main,
        'dist/node/electron/preload/index.cjs',
        'dist/renderer/index.html',
        'dist/node/electron/core/app.js',
      ])
        expect(existsSync(path.join(root, f)), f).toBe(true);
    },
  );

  it('ships every package the Node side imports at run time as a production dependency', () => {
    const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
    const missing = new Set<string>();
    let imports = 0;
    for (const file of [...sources(path.join(root, 'electron')), ...sources(path.join(root, 'shared'))]) {
      const text = readFileSync(file, 'utf8');
      // Value imports only: `import type` and `export type` are erased by tsc.
      const re =
        /(?:^|\n)\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
      for (const m of text.matchAll(re)) {
        const spec = m[1] ?? m[2]!;
        if (spec.startsWith('.') || builtins.has(spec) || spec.startsWith('node:')) continue;
        imports += 1;
        const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
        if (name === 'electron') continue; // provided by the Electron runtime
        if (!(name in pkg.dependencies)) missing.add(`${name} (${path.relative(root, file)})`);
      }
    }
    expect(imports).toBeGreaterThan(5);
    expect([...missing]).toEqual([]);
    // electron-builder refuses electron as a production dependency.
    expect(pkg.dependencies).not.toHaveProperty('electron');
    expect(pkg.devDependencies).toHaveProperty('electron');
  });

  it('unpacks better-sqlite3’s prebuilt Node-API binary from asar for every target platform', () => {
    const mod = path.join(root, 'node_modules', 'better-sqlite3');
    // Node-API: one binary per platform works in Node and Electron alike, so npmRebuild is off.
    expect(readFileSync(path.join(mod, 'binding.gyp'), 'utf8')).toMatch(/NAPI_VERSION=\d+/);
    expect(config.npmRebuild).toBe(false);
    const targets = {
      linux: ['linux-x64', 'linux-arm64'],
      mac: ['darwin-x64', 'darwin-arm64'],
      win: ['win32-x64', 'win32-arm64'],
    } as const;
    for (const [platform, names] of Object.entries(targets)) {
      const files = [...config.files, ...config[platform as keyof typeof targets].files];
      for (const name of names) {
        const rel = `node_modules/better-sqlite3/prebuilds/${name}.node`;
        expect(statSync(path.join(root, rel)).size, rel).toBeGreaterThan(100_000);
        expect(included(files, rel), `${platform} packs ${rel}`).toBe(true);
        expect(
          config.asarUnpack.some((p) => path.matchesGlob(rel, p)),
          `${rel} is unpacked`,
        ).toBe(true);
      }
      // Other platforms' binaries stay out.
      const foreign = Object.entries(targets)
        .filter(([p]) => p !== platform)
        .flatMap(([, n]) => n);
      for (const name of foreign)
        expect(
          included(files, `node_modules/better-sqlite3/prebuilds/${name}.node`),
          `${platform} skips ${name}`,
        ).toBe(false);
    }
    expect(included(config.files, 'node_modules/better-sqlite3/lib/index.js')).toBe(true);
    expect(included(config.files, 'node_modules/better-sqlite3/deps/sqlite3/sqlite3.c')).toBe(false);
  });
});

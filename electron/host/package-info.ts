import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository/app root: the nearest directory above this module holding a package.json named
 * "outpost" (works from electron/host and from dist/node/electron/host). Sync; runs once at start-up.
 * Errors: throws when none is found.
 */
export function findAppRootSync(from: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      const pkg = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string };
      if (pkg.name === 'outpost') return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No outpost package.json above ${from}.`);
    dir = parent;
  }
}

/** The app version from the root package.json (`0.1.0`). Sync; runs once at start-up. */
export function readAppVersionSync(appRoot: string = findAppRootSync()): string {
  const pkg = JSON.parse(readFileSync(join(appRoot, 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}

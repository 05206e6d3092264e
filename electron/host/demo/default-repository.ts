import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { findAppRootSync } from '../package-info.js';

/**
 * The repository "Load demo data" uses by default: the app's own root when it is a git checkout (running
 * from source: `npm start` in a clone), else null (a packaged app inside app.asar). Sync; runs once at start-up.
 */
export function defaultDemoRepositorySync(): string | null {
  try {
    const root = findAppRootSync();
    return existsSync(join(root, '.git')) ? root : null;
  } catch {
    return null;
  }
}

import type { CreateCore } from './embedded-core.js';

/**
 * Loads `createCore` from electron/core/app.ts. Imported lazily, so host modules and tests that don't
 * need a core never load SQLite. Errors: module load failures (e.g. a native module built for another ABI).
 */
export async function loadCreateCore(): Promise<CreateCore> {
  const { createCore } = await import('../core/app.js');
  return createCore;
}

/**
 * Playwright global setup: one temp dir for the run's shared files (the demo template,
 * e2e/fixtures/demo-template.ts), passed to the workers as `OUTPOST_E2E_RUN_DIR`; the returned
 * function (global teardown) removes it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'outpost-e2e-run-'));
  process.env.OUTPOST_E2E_RUN_DIR = dir;
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

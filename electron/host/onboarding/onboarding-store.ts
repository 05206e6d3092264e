/**
 * First-run state of the app (issue "whole job": the welcome screen). The administrator's choice on the
 * welcome screen is kept in `<appData>/host/onboarding.json` as `{"choice": "embedded" | "remote",
 * "finishedAt": ISO 8601}`; without that file the app is on its first run and the renderer shows the
 * welcome screen. An unreadable or malformed file counts as a first run (the welcome screen is harmless).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OnboardingChoice, OnboardingStatus } from '../../../shared/ipc-contract.js';
import { writeFileAtomic } from '../atomic-write.js';

/** The `onboarding:*` channels' state. */
export interface OnboardingStore {
  /** Whether this is the first run, and what was chosen. */
  status(): Promise<OnboardingStatus>;
  /** Records the welcome screen's choice (atomically); later calls overwrite it. */
  finish(choice: OnboardingChoice): Promise<OnboardingStatus>;
}

/** Options of `openOnboardingStore`. */
export interface OnboardingStoreOptions {
  /** `<appData>/host`. */
  hostDir: string;
  /** The repository "Load demo data" uses by default (this checkout), or null. */
  defaultDemoRepository: string | null;
  /**
   * True when the data dir already held an embedded instance before this start (an install from before
   * the welcome screen existed): without a record it counts as having chosen the embedded instance, so an
   * upgrade doesn't greet a working installation with the welcome screen.
   */
  previousInstall?: boolean;
}

/** File name of the first-run record inside the host dir. */
export const ONBOARDING_FILE = 'onboarding.json';

/** Opens the first-run record under `hostDir` (nothing is read until `status`). */
export function openOnboardingStore(options: OnboardingStoreOptions): OnboardingStore {
  const file = join(options.hostDir, ONBOARDING_FILE);
  const fallback: OnboardingChoice | null = options.previousInstall ? 'embedded' : null;
  const read = async (): Promise<OnboardingChoice | null> => {
    try {
      const { choice } = JSON.parse(await readFile(file, 'utf8')) as { choice?: unknown };
      return choice === 'embedded' || choice === 'remote' ? choice : fallback;
    } catch {
      return fallback;
    }
  };
  const statusOf = (choice: OnboardingChoice | null): OnboardingStatus => ({
    firstRun: choice === null,
    choice,
    defaultDemoRepository: options.defaultDemoRepository,
  });
  return {
    status: async () => statusOf(await read()),
    async finish(choice) {
      await writeFileAtomic(file, `${JSON.stringify({ choice, finishedAt: new Date().toISOString() })}\n`);
      return statusOf(choice);
    },
  };
}

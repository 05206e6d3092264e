import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ONBOARDING_FILE, openOnboardingStore } from './onboarding-store.js';

let dir: string;
let hostDir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outpost-onboarding-'));
  hostDir = join(dir, 'host');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('openOnboardingStore', () => {
  it('is a first run while there is no record, and says which repository the demo uses', async () => {
    const store = openOnboardingStore({ hostDir, defaultDemoRepository: '/src/outpost' });
    expect(await store.status()).toEqual({
      firstRun: true,
      choice: null,
      defaultDemoRepository: '/src/outpost',
    });
  });

  it('records the choice in <host>/onboarding.json, readable by a later store (a restart)', async () => {
    const before = Date.now();
    const status = await openOnboardingStore({ hostDir, defaultDemoRepository: null }).finish('embedded');
    expect(status).toEqual({ firstRun: false, choice: 'embedded', defaultDemoRepository: null });

    const record = JSON.parse(await readFile(join(hostDir, ONBOARDING_FILE), 'utf8')) as {
      choice: string;
      finishedAt: string;
    };
    expect(record.choice).toBe('embedded');
    expect(Date.parse(record.finishedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await stat(join(hostDir, ONBOARDING_FILE))).mode & 0o777).toBe(0o600);

    const restarted = openOnboardingStore({ hostDir, defaultDemoRepository: null });
    expect(await restarted.status()).toMatchObject({ firstRun: false, choice: 'embedded' });
    await restarted.finish('remote');
    expect(await openOnboardingStore({ hostDir, defaultDemoRepository: null }).status()).toMatchObject({
      firstRun: false,
      choice: 'remote',
    });
  });

  it('treats a malformed or unknown record as a first run', async () => {
    await mkdir(hostDir, { recursive: true });
    const store = openOnboardingStore({ hostDir, defaultDemoRepository: null });
    await writeFile(join(hostDir, ONBOARDING_FILE), '{"choice":');
    expect((await store.status()).firstRun).toBe(true);
    await writeFile(join(hostDir, ONBOARDING_FILE), '{"choice":"somewhere-else"}');
    expect(await store.status()).toMatchObject({ firstRun: true, choice: null });
  });

  it('counts an install from before the welcome screen (a core database, no record) as the embedded choice', async () => {
    const upgraded = openOnboardingStore({ hostDir, defaultDemoRepository: null, previousInstall: true });
    expect(await upgraded.status()).toMatchObject({ firstRun: false, choice: 'embedded' });
    await upgraded.finish('remote');
    expect(await upgraded.status()).toMatchObject({ firstRun: false, choice: 'remote' });
  });
});

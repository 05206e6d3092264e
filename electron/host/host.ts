import type { AppInfo, NotificationInput } from '../../shared/ipc-contract.js';
import type { Core } from '../core/core-contract.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { coreDataDir, hostDataDir } from './app-data-dir.js';
import { startEmbeddedCore, type CreateCore } from './embedded-core.js';
import { createCapabilityMonitor, type CapabilityMonitor } from './capabilities/capability-monitor.js';
import { createDemoLoader } from './demo/create-demo-loader.js';
import { defaultDemoRepositorySync } from './demo/default-repository.js';
import type { DemoLoader } from './demo/demo-loader.js';
import { createChangeFeed, type ChangeFeed } from './events/change-feed.js';
import { createSlowDownFeed, type SlowDownFeed } from './events/slow-down-feed.js';
import { resolveExportDir, type PickSavePath } from './exports/destination.js';
import { embeddedAuditPages } from './exports/embedded-audit-pages.js';
import { createExportJobs, type ExportJobs } from './exports/export-jobs.js';
import { removeInterruptedExports } from './exports/in-flight.js';
import { openOnboardingStore, type OnboardingStore } from './onboarding/onboarding-store.js';
import { EMBEDDED_PROFILE_ID, openProfileStore, type ProfileStore } from './profiles/profile-store.js';
import { createApiProxy, type ApiProxy } from './proxy/api-proxy.js';
import type { SecretCipher } from './vault/secret-cipher.js';
import { openTokenVault, type TokenVault } from './vault/token-vault.js';

/** Everything the bridge handlers need: profiles, vault, proxy, the embedded core and a URL opener. */
export interface Host {
  readonly appDataDir: string;
  readonly shell: AppInfo['shell'];
  readonly version: string;
  readonly profiles: ProfileStore;
  readonly vault: TokenVault;
  readonly proxy: ApiProxy;
  /** What each remote instance offers, detected on connect and refreshed in the background (issue 26). */
  readonly capabilities: CapabilityMonitor;
  /** The embedded core, or null when the host was created without one. */
  readonly core: Core | null;
  /** Where the embedded core listens on 127.0.0.1 (git clients, alert receivers), or null. */
  readonly coreUrl: string | null;
  /** Export jobs (audit events to CSV/NDJSON) behind the `export:*` channels. */
  readonly exports: ExportJobs;
  /** The embedded core's pipeline/job change events, long-polled through `events:poll`. */
  readonly changes: ChangeFeed;
  /** "GitLab asked Outpost to slow down" pauses of the rate limiter, long-polled through `events:slow-downs`. */
  readonly slowDowns: SlowDownFeed;
  /** First-run state behind the welcome screen (`onboarding:*`). */
  readonly onboarding: OnboardingStore;
  /** The demo instance builder (`demo:*`). */
  readonly demo: DemoLoader;
  /** Shows an OS notification; false when this shell has none (the browser host). */
  showNotification(input: NotificationInput): Promise<boolean>;
  /** Opens an allow-listed http(s) URL outside the app (Electron shell.openExternal, a browser…). */
  openExternal(url: string): Promise<void>;
  /** Cancels running exports, then closes the embedded core. Idempotent. */
  close(): Promise<void>;
}

/** Options of `createHost`. */
export interface HostOptions {
  appDataDir: string;
  shell: AppInfo['shell'];
  version: string;
  /** Encrypts tokens at rest (safeStorage in Electron, the key file in the browser host). */
  cipher: SecretCipher;
  /** 'safe-storage' or 'key-file'; recorded with each vault entry. */
  cipherId: string;
  /** Starts the embedded core; when absent there is no embedded instance (core is null). */
  createCore?: CreateCore;
  /** Port for the embedded core on 127.0.0.1; `false` = in-process only. See `startEmbeddedCore`. */
  corePort?: number | false;
  /** Called with URLs that already passed `isAllowedExternalUrl`. */
  openExternal: (url: string) => Promise<void>;
  /** Shows an OS notification (Electron's `Notification` in main); absent in the browser host. */
  showNotification?: (input: NotificationInput) => Promise<boolean>;
  /** Remote API timeout in ms (default 15 000). */
  remoteTimeoutMs?: number;
  /** Environment for `OUTPOST_ROOT_TOKEN` and the export folder (default process.env). */
  env?: Record<string, string | undefined>;
  /** Save dialog for exports (Electron). Without it exports go to `exportDir`. */
  pickSavePath?: PickSavePath;
  /** Folder for exports without a dialog; default `resolveExportDir(env)` (OUTPOST_EXPORT_DIR, XDG_DOWNLOAD_DIR, ~/Downloads). */
  exportDir?: string;
  /**
   * The repository "Load demo data" imports by default; default `defaultDemoRepositorySync()` (this
   * checkout when running from a git clone, else null).
   */
  defaultDemoRepository?: string | null;
}

/**
 * Opens the vault and profiles under `<appData>/host`, starts the embedded core on `<appData>/core`
 * (moving its root token into the vault) and builds the API proxy.
 * Errors: unreadable profiles/vault files, core start failures.
 */
export async function createHost(options: HostOptions): Promise<Host> {
  const hostDir = hostDataDir(options.appDataDir);
  // Read before the core creates its database: an existing one means this isn't a first run.
  const previousInstall = existsSync(join(coreDataDir(options.appDataDir), 'outpost.sqlite'));
  // Part files of exports the app was killed in the middle of (recorded by the export jobs).
  await removeInterruptedExports(hostDir);
  const vault = await openTokenVault({ hostDir, cipher: options.cipher, cipherId: options.cipherId });
  const profiles = await openProfileStore({ hostDir, vault });
  const capabilities = createCapabilityMonitor({ profiles, vault });
  capabilities.start();
  const embedded = options.createCore
    ? await startEmbeddedCore({
        appDataDir: options.appDataDir,
        vault,
        createCore: options.createCore,
        ...(options.env ? { env: options.env } : {}),
        ...(options.corePort === undefined ? {} : { listenPort: options.corePort }),
      })
    : null;
  const core = embedded?.core ?? null;
  const slowDowns = createSlowDownFeed();
  const proxy = createApiProxy({
    profiles,
    vault,
    core,
    onSlowDown: (profileId, notice) => slowDowns.report(profileId, notice),
    ...(options.remoteTimeoutMs === undefined ? {} : { remoteTimeoutMs: options.remoteTimeoutMs }),
  });
  const exports = createExportJobs({
    proxy,
    hostDir,
    resolveProfileId: (id) => (id === undefined ? profiles.active() : profiles.get(id)).id,
    ...(options.pickSavePath ? { pickSavePath: options.pickSavePath } : {}),
    exportDir: options.exportDir ?? resolveExportDir(options.env ?? process.env),
    embeddedPages: embeddedAuditPages({ profiles, vault, core }),
  });
  const changes = createChangeFeed({ events: core?.events, profileId: EMBEDDED_PROFILE_ID });
  const defaultDemoRepository =
    options.defaultDemoRepository === undefined ? defaultDemoRepositorySync() : options.defaultDemoRepository;
  const onboarding = openOnboardingStore({ hostDir, defaultDemoRepository, previousInstall });
  const demo = createDemoLoader({
    core,
    coreUrl: embedded?.url ?? null,
    proxy,
    defaultRepository: defaultDemoRepository,
  });
  const showNotification = options.showNotification;
  let closing: Promise<void> | undefined;
  return {
    appDataDir: options.appDataDir,
    shell: options.shell,
    version: options.version,
    profiles,
    vault,
    proxy,
    capabilities,
    core,
    coreUrl: embedded?.url ?? null,
    exports,
    changes,
    slowDowns,
    onboarding,
    demo,
    showNotification: async (input) => (showNotification ? showNotification(input) : false),
    openExternal: options.openExternal,
    close() {
      changes.close();
      slowDowns.close();
      void capabilities.close();
      closing ??= Promise.all([exports.close(), demo.idle()]).then(() => (core ? core.close() : undefined));
      return closing;
    },
  };
}

import {
  BRIDGE_CHANNELS,
  type BridgeChannel,
  type BridgeChannels,
  type BrowserHostCallReply,
} from '../../shared/ipc-contract.js';
import { BRIDGE_ARG_SCHEMAS, describeArgIssues } from './bridge-schemas.js';
import { BRIDGE_ERROR_STATUS, BridgeError, toBridgeErrorShape } from './bridge-error.js';
import { isAllowedExternalUrl } from './external-url.js';
import type { Host } from './host.js';
import { checkProfile } from './profiles/check-profile.js';

/** One handler per bridge channel, with the contract's signatures. */
export type BridgeHandlers = { [C in BridgeChannel]: BridgeChannels[C] };

/**
 * Builds every channel's handler over `host`: the one place shared by Electron's ipcMain and the
 * browser host. Each handler validates its arguments at runtime (zod, `BRIDGE_ARG_SCHEMAS`) before
 * doing anything, since callers pass data from the renderer.
 * Errors: BridgeError `bad_request` for invalid arguments or a disallowed URL; errors of the host parts.
 */
export function createBridgeHandlers(host: Host): BridgeHandlers {
  const impl: BridgeHandlers = {
    'api:request': (req) => host.proxy.request(req),
    'api:graphql': (req) => host.proxy.graphql(req),
    'profiles:list': async () => host.profiles.list(),
    // Capabilities (issue 26): learned on connect, again when the token changes, when a stale profile is
    // picked, and by profiles:check (which waits for them, so the profile list read next carries them).
    'profiles:add-remote': async (input) => {
      const added = await host.profiles.addRemote(input);
      host.capabilities.refreshIfStale(added.id);
      return added;
    },
    'profiles:remove': (id) => host.profiles.remove(id),
    'profiles:update': async (input) => {
      const updated = await host.profiles.update(input);
      if (input.token !== undefined)
        host.capabilities.refresh(updated.id, { fresh: true }).catch(() => undefined);
      return updated;
    },
    'profiles:set-active': async (id) => {
      const active = await host.profiles.setActive(id);
      host.capabilities.refreshIfStale(active.id);
      return active;
    },
    'profiles:check': async (id) => {
      const profile = host.profiles.get(id);
      const result = await checkProfile(host.proxy, profile.id, host.vault.has(profile.id));
      // The detection's outcome (or its error) is kept in the profile; the check's answer stays the check's.
      if (result.ok && profile.kind === 'remote')
        await host.capabilities.refresh(profile.id).catch(() => undefined);
      return result;
    },
    'app:info': async () => ({
      version: host.version,
      shell: host.shell,
      dataDir: host.appDataDir,
      platform: process.platform,
      embeddedCoreUrl: host.coreUrl,
    }),
    'shell:open-external': async (url) => {
      if (!isAllowedExternalUrl(url)) {
        throw new BridgeError(
          'bad_request',
          'Only http:// and https:// links can be opened outside Outpost.',
        );
      }
      await host.openExternal(url);
    },
    'export:start': (input) => host.exports.start(input),
    'export:status': async (exportId) => host.exports.status(exportId),
    'export:cancel': (exportId) => host.exports.cancel(exportId),
    'events:poll': (sinceSeq, timeoutMs) => host.changes.poll(sinceSeq, timeoutMs),
    'events:slow-downs': (sinceSeq, timeoutMs) => host.slowDowns.poll(sinceSeq, timeoutMs),
    'notify:show': async (input) => ({ shown: await host.showNotification(input) }),
    'onboarding:status': () => host.onboarding.status(),
    'onboarding:finish': (choice) => host.onboarding.finish(choice),
    'demo:load': (input) => host.demo.load(input),
    'demo:status': async () => host.demo.status(),
  };
  const validated = {} as Record<BridgeChannel, (...args: unknown[]) => Promise<unknown>>;
  for (const channel of BRIDGE_CHANNELS) {
    const schema = BRIDGE_ARG_SCHEMAS[channel];
    const handler = impl[channel] as (...args: unknown[]) => Promise<unknown>;
    validated[channel] = async (...args: unknown[]) => {
      const parsed = schema.safeParse(args);
      if (!parsed.success) {
        throw new BridgeError(
          'bad_request',
          `Invalid arguments for ${channel}: ${describeArgIssues(parsed.error)}.`,
        );
      }
      return handler(...(parsed.data as unknown[]));
    };
  }
  return validated as unknown as BridgeHandlers;
}

/** True when `name` is one of the contract's channels. */
export function isBridgeChannel(name: string): name is BridgeChannel {
  return (BRIDGE_CHANNELS as readonly string[]).includes(name);
}

/**
 * Runs one call and wraps the outcome in the wire envelope: `{ result }` (void → null) with status 200,
 * or `{ error: BridgeErrorShape }` with the code's status (400, 404, 500, 502, 504). Never throws.
 * `args` that is not an array is a `bad_request`.
 */
export async function dispatchBridgeCall(
  handlers: BridgeHandlers,
  channel: BridgeChannel,
  args: unknown,
): Promise<{ status: number; reply: BrowserHostCallReply }> {
  try {
    if (!Array.isArray(args))
      throw new BridgeError('bad_request', 'The request body must be {"args": [...]}.');
    const fn = handlers[channel] as (...a: unknown[]) => Promise<unknown>;
    const result = await fn(...args);
    return { status: 200, reply: { result: result === undefined ? null : result } };
  } catch (err) {
    const error = toBridgeErrorShape(err);
    if (error.code === 'internal' && !(err instanceof BridgeError)) {
      // Unexpected failure: log the name and message only (they carry no token), not the arguments.
      console.error(
        `outpost: ${channel} failed:`,
        err instanceof Error ? `${err.name}: ${err.message}` : err,
      );
    }
    return { status: BRIDGE_ERROR_STATUS[error.code], reply: { error } };
  }
}

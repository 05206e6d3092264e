/**
 * Starting git's side of a smart HTTP exchange for an authorized request (git's `gitprotocol-http`): the
 * refs advertisement, an upload-pack or a receive-pack. The route streams bodies in and out of the
 * returned process; receive-pack runs with the core's pre-receive hook (`core.hooksPath`) and push
 * options advertised (`receive.advertisePushOptions`), its hook told how to reach the core.
 */
import { isRepositoryEmpty } from '../../git/repository.js';
import { advertisementPreamble, sanitizeGitProtocol, spawnGitService } from '../../git/smart-http.js';
import type { GitService, GitServiceProcess } from '../../git/smart-http.js';
import type { ServiceContext } from '../context.js';
import type { GitTarget } from './git-access.js';
import type { PushSession, PushSessions } from './push-sessions.js';

export { isGitService, sanitizeGitProtocol } from '../../git/smart-http.js';
export type { GitService, GitServiceProcess } from '../../git/smart-http.js';

/** The `-c` settings of every receive-pack (advertisement included: it lists the push-options capability). */
export function receivePackConfig(hooksDir: string): string[] {
  return [`core.hooksPath=${hooksDir}`, 'receive.advertisePushOptions=true'];
}

/**
 * `git <service> --stateless-rpc --advertise-refs` and the bytes to send before its output.
 * @param gitProtocol the request's `Git-Protocol` header (sanitized here).
 */
export function startAdvertisement(
  target: GitTarget,
  service: GitService,
  gitProtocolHeader: unknown,
  hooksDir: string,
): { child: GitServiceProcess; preamble: Buffer } {
  const gitProtocol = sanitizeGitProtocol(gitProtocolHeader);
  const child = spawnGitService({
    service,
    repoPath: target.repoPath,
    advertise: true,
    gitProtocol,
    config: service === 'git-receive-pack' ? receivePackConfig(hooksDir) : [],
  });
  return { child, preamble: advertisementPreamble(service, gitProtocol) };
}

/** `git upload-pack --stateless-rpc`: the request body goes to stdin, the pack comes out of stdout. */
export function startUploadPack(target: GitTarget, gitProtocolHeader: unknown): GitServiceProcess {
  return spawnGitService({
    service: 'git-upload-pack',
    repoPath: target.repoPath,
    advertise: false,
    gitProtocol: sanitizeGitProtocol(gitProtocolHeader),
  });
}

/** How the pre-receive hook reaches the core that runs the push. */
export interface HookCallback {
  /** `http://<address the request came in on>:<port>/api/v4/internal/allowed`. */
  url: string;
  /** This core's random secret for the internal route (never an access token). */
  secret: string;
  hooksDir: string;
}

/**
 * Open a push session and start `git receive-pack --stateless-rpc` for it, with the hook's environment
 * (`OUTPOST_HOOK_NODE` = this Node, or the Outpost executable under Electron (pre-receive-hook.ts
 * `HookLauncher`), the callback URL, secret and push id).
 */
export async function startReceivePack(
  ctx: ServiceContext,
  target: GitTarget,
  gitProtocolHeader: unknown,
  sessions: PushSessions,
  hook: HookCallback,
): Promise<{ child: GitServiceProcess; session: PushSession }> {
  const session = sessions.open({
    ctx,
    project: target.project,
    repoPath: target.repoPath,
    wasEmpty: await isRepositoryEmpty(target.repoPath),
  });
  const child = spawnGitService({
    service: 'git-receive-pack',
    repoPath: target.repoPath,
    advertise: false,
    gitProtocol: sanitizeGitProtocol(gitProtocolHeader),
    config: receivePackConfig(hook.hooksDir),
    env: {
      OUTPOST_HOOK_NODE: process.execPath,
      OUTPOST_INTERNAL_URL: hook.url,
      OUTPOST_INTERNAL_SECRET: hook.secret,
      OUTPOST_PUSH_ID: session.id,
    },
  });
  return { child, session };
}

/** The loopback URL of the internal check for a request that arrived on `address`:`port`. */
export function internalAllowedUrl(address: string, port: number): string {
  const bare = address.replace(/^::ffff:/, '');
  const host = bare.includes(':') ? `[${bare}]` : bare;
  return `http://${host}:${port}/api/v4/internal/allowed`;
}

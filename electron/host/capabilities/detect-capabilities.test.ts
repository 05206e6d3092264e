import { afterEach, describe, expect, it } from 'vitest';
import { describeInstance } from '../../../shared/instance-capabilities.js';
import { startTestCore, type TestCore } from '../../core/test/helpers/test-core.js';
import { BridgeError } from '../bridge-error.js';
import { detectCapabilities } from './detect-capabilities.js';
import {
  loadFixture,
  startRecordedGitLab,
  type FixtureName,
  type RecordedGitLab,
} from './test/recorded-gitlab.js';

const TOKEN = 'glpat-capabilities-test-token-0123';
const NOW = new Date('2025-11-28T20:00:00Z');

let gitlab: RecordedGitLab | null = null;
let core: TestCore | null = null;
afterEach(async () => {
  await gitlab?.close();
  gitlab = null;
  await core?.close();
  core = null;
});

/** Serves fixture `name` and detects against it; GitLab.com's fixture counts the loopback host as gitlab.com. */
async function detect(name: FixtureName) {
  const fixture = loadFixture(name);
  gitlab = await startRecordedGitLab(fixture, { token: TOKEN });
  const caps = await detectCapabilities({
    baseUrl: gitlab.url,
    token: TOKEN,
    now: NOW,
    ...(fixture.baseHost === 'gitlab.com' ? { gitlabComHosts: ['127.0.0.1'] } : {}),
  });
  return { caps, asked: gitlab.seen.map((request) => `${request.method} ${request.path}`) };
}

describe('detectCapabilities against recorded GitLab answers', () => {
  it('13.10 EE: asks only /version and /user (no /metadata before 15.2, no tokens/self before 15.5)', async () => {
    const { caps, asked } = await detect('gitlab-13.10-ee');
    expect(asked).toEqual(['GET /api/v4/version', 'GET /api/v4/user']);
    expect(caps).toMatchObject({
      kind: 'gitlab',
      detectedAt: NOW.toISOString(),
      version: '13.10.0-ee',
      revision: 'f1a2b3c4d5e',
      edition: 'ee',
      editionSource: 'version-suffix',
      gitlabCom: false,
      kas: null,
      user: { username: 'root', isAdmin: true },
      adminMode: 'not-applicable',
    });
    expect(caps.token.known).toBe(false);
    expect(caps.token.unknownReason).toContain('15.5');
    expect(describeInstance(caps, NOW)).toBe('GitLab 13.10 EE · administrator');
  });

  it('15.4 CE: /metadata without enterprise, so the edition comes from the plain version; no tokens/self', async () => {
    const { caps, asked } = await detect('gitlab-15.4-ce');
    expect(asked).toEqual(['GET /api/v4/version', 'GET /api/v4/metadata', 'GET /api/v4/user']);
    expect(caps).toMatchObject({
      version: '15.4.6',
      edition: 'ce',
      editionSource: 'version-suffix',
      kas: { enabled: false, externalUrl: null, version: null },
      user: { username: 'dev', isAdmin: false },
      adminMode: 'not-admin',
    });
    expect(describeInstance(caps, NOW)).toBe('GitLab 15.4 CE · not an administrator');
  });

  it('16.11 EE: metadata says enterprise, KAS on; the admin token carries admin_mode', async () => {
    const { caps, asked } = await detect('gitlab-16.11-ee');
    expect(asked).toEqual([
      'GET /api/v4/version',
      'GET /api/v4/metadata',
      'GET /api/v4/user',
      'GET /api/v4/personal_access_tokens/self',
    ]);
    expect(caps).toMatchObject({
      edition: 'ee',
      editionSource: 'metadata',
      kas: { enabled: true, externalUrl: 'grpc://gitlab.example.com:8150', version: '16.11.10' },
      user: { username: 'root', isAdmin: true },
      token: { known: true, scopes: ['api', 'admin_mode'], expiresAt: '2025-05-02', name: 'Outpost' },
      adminMode: 'token-has-admin_mode',
    });
    expect(describeInstance(caps, NOW)).toBe(
      'GitLab 16.11 EE · administrator · Admin Mode: token has admin_mode · token expired 210 days ago',
    );
  });

  it('18.6 CE: metadata enterprise false wins; a read_api token of a non-administrator', async () => {
    const { caps } = await detect('gitlab-18.6-ce');
    expect(caps).toMatchObject({
      version: '18.6.1',
      edition: 'ce',
      editionSource: 'metadata',
      user: { username: 'maria', isAdmin: false },
      token: { known: true, scopes: ['read_api'], expiresAt: '2026-11-01' },
      adminMode: 'not-admin',
    });
    expect(describeInstance(caps, NOW)).toBe(
      'GitLab 18.6 CE · not an administrator · token expires in 338 days',
    );
  });

  it('18.6 EE: an administrator whose token lacks admin_mode is "may be blocked", with the expiry', async () => {
    const { caps } = await detect('gitlab-18.6-ee');
    expect(caps).toMatchObject({
      edition: 'ee',
      user: { isAdmin: true },
      token: { known: true, scopes: ['api'], expiresAt: '2025-12-10' },
      adminMode: 'token-lacks-admin_mode',
    });
    expect(caps.notes).toEqual([]);
    expect(describeInstance(caps, NOW)).toBe(
      'GitLab 18.6 EE · administrator · Admin Mode: token lacks admin_mode · token expires in 12 days',
    );
  });

  it('GitLab.com: recognised by host; pre-release version with enterprise from /metadata', async () => {
    const { caps } = await detect('gitlab-com');
    expect(caps).toMatchObject({
      gitlabCom: true,
      version: '18.7.0-pre',
      edition: 'ee',
      editionSource: 'metadata',
      user: { username: 'someone', isAdmin: false },
      adminMode: 'not-admin',
    });
    expect(describeInstance(caps, NOW)).toBe(
      'GitLab.com 18.7 EE · not an administrator · token expires in 82 days',
    );
  });

  it('the token goes only as PRIVATE-TOKEN to the instance and never into the result', async () => {
    const { caps } = await detect('gitlab-18.6-ee');
    expect(gitlab!.seen.every((request) => request.token === TOKEN)).toBe(true);
    expect(JSON.stringify(caps)).not.toContain(TOKEN);
  });

  it('an unknown token type (tokens/self answers 400) leaves scopes unknown and Admin Mode "unknown"', async () => {
    gitlab = await startRecordedGitLab(loadFixture('gitlab-18.6-ee'), {
      token: TOKEN,
      extraAnswers: {
        '/api/v4/personal_access_tokens/self': {
          status: 400,
          body: {
            message: '400 Bad request - This endpoint requires token type to be a personal access token',
          },
        },
      },
    });
    const caps = await detectCapabilities({ baseUrl: gitlab.url, token: TOKEN, now: NOW });
    expect(caps.token).toMatchObject({ known: false, scopes: null, expiresAt: null });
    expect(caps.token.unknownReason).toContain('not a personal access token');
    expect(caps.adminMode).toBe('unknown');
    expect(describeInstance(caps, NOW)).toBe('GitLab 18.6 EE · administrator · Admin Mode: unknown');
  });

  it('a refused /metadata becomes a note and the edition falls back to the version suffix', async () => {
    gitlab = await startRecordedGitLab(loadFixture('gitlab-18.6-ee'), {
      token: TOKEN,
      extraAnswers: { '/api/v4/metadata': { status: 503, body: { message: '503 Service Unavailable' } } },
    });
    const caps = await detectCapabilities({ baseUrl: gitlab.url, token: TOKEN, now: NOW });
    expect(caps).toMatchObject({ edition: 'ee', editionSource: 'version-suffix', kas: null });
    expect(caps.notes).toEqual([expect.stringContaining('GET /api/v4/metadata answered 503')]);
  });

  it('a rejected token is an error that says so, and nothing past /version is asked', async () => {
    gitlab = await startRecordedGitLab(loadFixture('gitlab-18.6-ee'), { token: TOKEN });
    const error = await detectCapabilities({ baseUrl: gitlab.url, token: 'glpat-wrong', now: NOW }).catch(
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(BridgeError);
    expect((error as BridgeError).code).toBe('bad_request');
    expect((error as BridgeError).message).toContain('refused the token on GET /api/v4/version (401)');
    expect(gitlab.seen.map((request) => request.path)).toEqual(['/api/v4/version']);
  });

  it('an instance that is gone is `unreachable`', async () => {
    gitlab = await startRecordedGitLab(loadFixture('gitlab-18.6-ee'), { token: TOKEN });
    const url = gitlab.url;
    await gitlab.close();
    gitlab = null;
    await expect(detectCapabilities({ baseUrl: url, token: TOKEN, now: NOW })).rejects.toMatchObject({
      code: 'unreachable',
    });
  });

  it('a real Outpost core reached over HTTP is recognised as Outpost (revision "outpost"): every capability', async () => {
    core = await startTestCore();
    const caps = await detectCapabilities({ baseUrl: core.url, token: core.rootToken, now: NOW });
    expect(caps).toMatchObject({
      kind: 'outpost',
      version: '13.10.0-outpost',
      revision: 'outpost',
      editionSource: 'outpost',
      adminMode: 'not-applicable',
      user: { isAdmin: true },
    });
    expect(describeInstance(caps, NOW)).toBe('Outpost (GitLab 13.10 API) · administrator');
  });
});

describe('detectCapabilities keeps what it stores small', () => {
  it('cuts long texts and long scope lists from an instance’s answers', async () => {
    gitlab = await startRecordedGitLab(loadFixture('gitlab-18.6-ee'), {
      token: TOKEN,
      extraAnswers: {
        '/api/v4/version': { status: 200, body: { version: `18.6.0-ee${'x'.repeat(5000)}`, revision: 'r' } },
        '/api/v4/personal_access_tokens/self': {
          status: 200,
          body: { name: 'n'.repeat(5000), scopes: [...Array.from({ length: 500 }, (_, i) => `s${i}`), 7] },
        },
      },
    });
    const caps = await detectCapabilities({ baseUrl: gitlab.url, token: TOKEN, now: NOW });
    expect(caps.version).toHaveLength(200);
    expect(caps.token.name).toHaveLength(200);
    expect(caps.token.scopes).toHaveLength(50);
    expect(caps.edition).toBe('ee'); // from /metadata
  });
});

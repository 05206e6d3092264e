/**
 * The GitLab behaviour proxy's rules (./rules.ts) per profile (./profiles.ts), each case named after the
 * GitLab doc or source it follows, and the proxy itself (./proxy.ts) over real HTTP on loopback in front
 * of a small upstream that answers as the core does (JSON with X-Total headers, a text body).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProfile, PROFILE_NAMES, type ProfileName } from './profiles.js';
import { startBehaviourProxy, type BehaviourProxy } from './proxy.js';
import { atLeast, decideRequest, RULES, rewriteResponse, type RuleRequest } from './rules.js';

const get = (path: string): RuleRequest => ({ method: 'GET', path });
/** The status the proxy answers itself for `req` on `profile`, or 'forward'. */
function statusOf(profile: ProfileName, req: RuleRequest): number | 'forward' {
  const decision = decideRequest(req, loadProfile(profile));
  return 'answer' in decision ? decision.answer.status : 'forward';
}

describe('rule set', () => {
  it('every rule cites a GitLab doc page or source file', () => {
    for (const rule of RULES) {
      expect(rule.source, rule.id).toMatch(/doc\/|lib\/|gitlab-org\/|electron\/core/);
    }
  });

  it('compares versions by number (13.10 > 13.9, 15.10 > 15.7)', () => {
    expect(atLeast('13.10.0-ee', '13.9')).toBe(true);
    expect(atLeast('15.10.1', '15.7')).toBe(true);
    expect(atLeast('15.6.9', '15.7')).toBe(false);
    expect(atLeast('18.7.0-pre', '17.11')).toBe(true);
  });

  it("every token the profiles report is unexpired (the fixtures' 2025 dates are past)", () => {
    for (const name of PROFILE_NAMES) {
      const self = loadProfile(name).answers['/personal_access_tokens/self'];
      if (self) expect((self.body as { expires_at: string }).expires_at, name).toBe('2099-01-01');
    }
  });

  it.each(PROFILE_NAMES)(
    'profile %s: /version answers its fixture version, which the profile states',
    (name) => {
      const profile = loadProfile(name);
      const decision = decideRequest(get('/version'), profile);
      expect('answer' in decision && decision.answer.status).toBe(200);
      const body =
        'answer' in decision ? (decision.answer.body as { version: string; revision: string }) : null;
      expect(body?.version).toBe(profile.version);
      expect(body?.revision).not.toBe('outpost');
    },
  );

  it('doc/api/metadata.md: /metadata exists from 15.2; 13.10 answers 404', () => {
    expect(statusOf('13.10-ee', get('/metadata'))).toBe(404);
    expect(statusOf('16.11-ee', get('/metadata'))).toBe(200);
    expect(statusOf('18.6-ce', get('/metadata'))).toBe(200);
  });

  it('doc/api/license.md: /license is EE-only; CE answers 404, EE is an admin endpoint', () => {
    expect(statusOf('18.6-ce', get('/license'))).toBe(404);
    expect(statusOf('18.6-ee', get('/license'))).toBe('forward');
    expect(statusOf('18.6-ee-admin-mode', get('/license'))).toBe(403);
  });

  it('doc/api/personal_access_tokens.md: /personal_access_tokens/self from 15.5', () => {
    expect(statusOf('13.10-ee', get('/personal_access_tokens/self'))).toBe(404);
    expect(statusOf('16.11-ee', get('/personal_access_tokens/self'))).toBe(200);
  });

  it('doc/api/tags.md: tag release endpoints removed in 14.0', () => {
    const post: RuleRequest = { method: 'POST', path: '/projects/1/repository/tags/v1.0/release' };
    expect(statusOf('13.10-ee', post)).toBe('forward');
    for (const name of ['16.11-ee', '18.6-ce', '18.6-ee', 'gitlab-com'] as const) {
      expect(statusOf(name, post), name).toBe(404);
    }
    expect(statusOf('18.6-ee', get('/projects/1/repository/tags/v1.0'))).toBe('forward');
  });

  it('doc/api/merge_requests.md: /merge_requests/:iid/diffs from 15.7', () => {
    expect(statusOf('13.10-ee', get('/projects/1/merge_requests/2/diffs'))).toBe(404);
    expect(statusOf('16.11-ee', get('/projects/1/merge_requests/2/diffs'))).toBe('forward');
  });

  it('certificate clusters: 404 on 17.0+ and GitLab.com (lib/api/admin/instance_clusters.rb ensure_feature_enabled!)', () => {
    expect(statusOf('13.10-ee', get('/admin/clusters'))).toBe('forward');
    expect(statusOf('16.11-ee', get('/admin/clusters/3'))).toBe('forward');
    expect(statusOf('18.6-ee', get('/admin/clusters'))).toBe(404);
    expect(statusOf('18.6-ce', get('/admin/clusters'))).toBe(404);
    // authenticated_as_admin! runs before ensure_feature_enabled!: who may not administer gets 403 first.
    expect(statusOf('gitlab-com', get('/admin/clusters'))).toBe(403);
    expect(statusOf('18.6-ee-admin-mode', get('/admin/clusters'))).toBe(403);
  });

  it('Outpost-only endpoints are absent on every GitLab', () => {
    for (const name of PROFILE_NAMES) {
      expect(statusOf(name, get('/admin/repository_storages')), name).toBe(404);
      expect(statusOf(name, get('/project_repository_storage_moves/4/progress')), name).toBe(404);
      expect(statusOf(name, get('/ci/job_sandbox')), name).toBe(404);
      expect(statusOf(name, get('/projects/1/alert_management/alerts')), name).toBe(404);
      expect(statusOf(name, get('/projects/1/alert_management/http_integrations')), name).toBe(404);
    }
    expect(statusOf('18.6-ee', get('/project_repository_storage_moves'))).toBe('forward');
  });

  it('doc/api/audit_events.md: instance audit events are EE-only (CE 404)', () => {
    expect(statusOf('18.6-ce', get('/audit_events'))).toBe(404);
    expect(statusOf('18.6-ee', get('/audit_events'))).toBe('forward');
  });

  it('Admin Mode: a token without admin_mode gets 403 "403 Forbidden" on every admin endpoint', () => {
    const profile = loadProfile('18.6-ee-admin-mode');
    for (const path of [
      '/application/settings',
      '/application/plan_limits',
      '/admin/ci/variables',
      '/audit_events',
      '/project_repository_storage_moves',
    ]) {
      const decision = decideRequest(get(path), profile);
      expect('answer' in decision && decision.answer, path).toEqual({
        status: 403,
        body: { message: '403 Forbidden' },
      });
    }
    expect(statusOf('18.6-ee-admin-mode', get('/projects'))).toBe('forward');
    expect(statusOf('18.6-ee', get('/application/settings'))).toBe('forward');
  });

  it('lib/api/helpers.rb authenticated_as_admin!: GitLab.com users (not administrators) get 403', () => {
    expect(statusOf('gitlab-com', get('/application/settings'))).toBe(403);
    expect(statusOf('gitlab-com', get('/projects/1/merge_requests'))).toBe('forward');
  });

  it('doc/api/merge_requests.md: auto_merge is dropped from a merge before 17.11 (Grape declared_params)', () => {
    const merge: RuleRequest = {
      method: 'PUT',
      path: '/projects/1/merge_requests/2/merge',
      body: { auto_merge: true, sha: 'abc' },
    };
    const old = decideRequest(merge, loadProfile('16.11-ee'));
    expect('forwardBody' in old && old.forwardBody).toEqual({ sha: 'abc' });
    const recent = decideRequest(merge, loadProfile('18.6-ee'));
    expect('forwardBody' in recent && recent.forwardBody).toEqual({ auto_merge: true, sha: 'abc' });
  });

  it('doc/api/merge_requests.md: detailed_merge_status stripped before 15.6, auto_merge before 17.11', () => {
    const mr = () => ({
      iid: 2,
      detailed_merge_status: 'mergeable',
      auto_merge: false,
      merge_status: 'can_be_merged',
    });
    const req = get('/projects/1/merge_requests/2');
    const on13 = rewriteResponse(req, { status: 200, headers: {}, body: mr() }, loadProfile('13.10-ee'));
    expect(on13.body).toEqual({ iid: 2, merge_status: 'can_be_merged' });
    const on16 = rewriteResponse(req, { status: 200, headers: {}, body: [mr()] }, loadProfile('16.11-ee'));
    expect(on16.body).toEqual([
      { iid: 2, detailed_merge_status: 'mergeable', merge_status: 'can_be_merged' },
    ]);
    const on18 = rewriteResponse(req, { status: 200, headers: {}, body: mr() }, loadProfile('18.6-ee'));
    expect(on18.body).toEqual(mr());
  });

  it('doc/api/rest/index.md: no X-Total, X-Total-Pages nor rel="last" over 10,000 records', () => {
    const headers = () => ({
      'x-total': '10001',
      'x-total-pages': '501',
      link: '<http://x/api/v4/projects?page=2>; rel="next", <http://x/api/v4/projects?page=501>; rel="last"',
    });
    const big = rewriteResponse(
      get('/projects'),
      { status: 200, headers: headers(), body: [] },
      loadProfile('16.11-ee'),
    );
    expect(big.headers).toEqual({ link: '<http://x/api/v4/projects?page=2>; rel="next"' });
    const small = rewriteResponse(
      get('/projects'),
      { status: 200, headers: { ...headers(), 'x-total': '10000' }, body: [] },
      loadProfile('16.11-ee'),
    );
    expect(small.headers['x-total']).toBe('10000');
  });

  it('audit events carry no counts on 18.x, and do on 16.11', () => {
    const res = () => ({ status: 200, headers: { 'x-total': '12', 'x-total-pages': '1' }, body: [] });
    expect(rewriteResponse(get('/audit_events'), res(), loadProfile('18.6-ee')).headers).toEqual({});
    expect(rewriteResponse(get('/audit_events'), res(), loadProfile('16.11-ee')).headers['x-total']).toBe(
      '12',
    );
  });
});

describe('proxy over HTTP', () => {
  let upstream: Server;
  let proxy: BehaviourProxy;
  const upstreamSaw: Array<{ method: string; url: string; body: string; encoding: string | undefined }> = [];

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        upstreamSaw.push({
          method: req.method ?? '',
          url: req.url ?? '',
          body,
          encoding: req.headers['accept-encoding'],
        });
        if (req.url?.startsWith('/api/v4/version')) {
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end('{"version":"13.10.0-outpost","revision":"outpost"}');
        } else if (req.url?.startsWith('/api/v4/projects/1/merge_requests')) {
          res
            .writeHead(200, {
              'content-type': 'application/json',
              'x-total': '20000',
              'x-total-pages': '1000',
              'keep-alive': 'timeout=72',
            })
            .end(JSON.stringify([{ iid: 1, detailed_merge_status: 'mergeable', auto_merge: false }]));
        } else if (req.url === '/git/info/refs') {
          res.writeHead(200, { 'content-type': 'application/x-git-upload-pack-advertisement' }).end('0000');
        } else {
          res.writeHead(200, { 'content-type': 'application/json' }).end(body || '{}');
        }
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    proxy = await startBehaviourProxy(
      `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
      loadProfile('13.10-ee'),
    );
  });
  afterAll(async () => {
    await proxy.close();
    await new Promise<void>((resolve) => upstream.close(() => resolve()));
  });

  it('answers /version as GitLab 13.10 EE without asking the core', async () => {
    const res = await fetch(`${proxy.url}/api/v4/version`);
    expect(await res.json()).toEqual({ version: '13.10.0-ee', revision: 'f1a2b3c4d5e' });
    expect(upstreamSaw.some((r) => r.url.startsWith('/api/v4/version'))).toBe(false);
  });

  it('rewrites forwarded JSON: fields of later versions and the counts of a large list', async () => {
    const res = await fetch(`${proxy.url}/api/v4/projects/1/merge_requests?state=opened`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers.get('x-total')).toBeNull();
    // Hop-by-hop: the core's keep-alive timeout is not this server's (RFC 9110 §7.6.1).
    expect(res.headers.get('keep-alive')).not.toBe('timeout=72');
    expect(res.headers.get('x-total-pages')).toBeNull();
    expect(await res.json()).toEqual([{ iid: 1 }]);
    const forwarded = upstreamSaw.find((r) => r.url.startsWith('/api/v4/projects/1/merge_requests'));
    expect(forwarded?.url).toBe('/api/v4/projects/1/merge_requests?state=opened');
    expect(forwarded?.encoding).toBeUndefined();
  });

  it('drops auto_merge from a merge sent to 13.10, and passes non-API traffic through', async () => {
    await fetch(`${proxy.url}/api/v4/projects/1/merge_requests/1/merge`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ auto_merge: true }),
    });
    expect(upstreamSaw.at(-1)).toMatchObject({ method: 'PUT', body: '{}' });
    const git = await fetch(`${proxy.url}/git/info/refs`);
    expect(await git.text()).toBe('0000');
  });

  it('counts 404s, and the rate limit answers 429 with Retry-After while on', async () => {
    await fetch(`${proxy.url}/api/v4/ci/job_sandbox`);
    await fetch(`${proxy.url}/api/v4/ci/job_sandbox`);
    await fetch(`${proxy.url}/api/v4/metadata`);
    expect(proxy.repeated404s()).toEqual([{ request: 'GET /ci/job_sandbox', count: 2 }]);
    expect(proxy.distinct404s()).toEqual(['GET /ci/job_sandbox', 'GET /metadata']);

    proxy.setRateLimit({ requests: 1, retryAfterSeconds: 7 });
    const limited = await fetch(`${proxy.url}/api/v4/projects`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(await limited.text()).toBe('Retry later\n');
    expect((await fetch(`${proxy.url}/api/v4/projects`)).status).toBe(200);
  });
});

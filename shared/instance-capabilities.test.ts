import { describe, expect, it } from 'vitest';
import {
  ADMIN_MODE_EXPLANATION,
  asInstanceCapabilities,
  decideFeature,
  describeInstance,
  EMBEDDED_CAPABILITIES,
  FEATURE_REQUIREMENTS,
  parseVersion,
  versionAtLeast,
  type FeatureId,
  type InstanceCapabilities,
} from './instance-capabilities.js';

/** A GitLab instance's capabilities with the given differences. */
function gitlab(overrides: Partial<InstanceCapabilities> = {}): InstanceCapabilities {
  return {
    kind: 'gitlab',
    detectedAt: '2025-11-28T20:00:00.000Z',
    version: '18.6.0-ee',
    revision: 'abc',
    edition: 'ee',
    editionSource: 'metadata',
    gitlabCom: false,
    kas: null,
    user: { username: 'root', isAdmin: true },
    token: { scopes: ['api', 'admin_mode'], expiresAt: null, name: 't', known: true, unknownReason: null },
    adminMode: 'token-has-admin_mode',
    notes: [],
    ...overrides,
  };
}

const FEATURES = Object.keys(FEATURE_REQUIREMENTS) as FeatureId[];

describe('versions', () => {
  it('parses GitLab version strings and compares them numerically', () => {
    expect(parseVersion('13.10.0-ee')).toEqual({ major: 13, minor: 10, patch: 0 });
    expect(parseVersion('15.2-pre')).toEqual({ major: 15, minor: 2, patch: 0 });
    expect(parseVersion('not a version')).toBeNull();
    expect(versionAtLeast('15.10.0', '15.8')).toBe(true); // 10 > 8, not "1" < "8"
    expect(versionAtLeast('15.7.9-ee', '15.8')).toBe(false);
    expect(versionAtLeast('17.11.0', '17.11')).toBe(true);
    expect(versionAtLeast('9.0.0', '15.8')).toBe(false);
    expect(versionAtLeast(null, '15.8')).toBe(false);
  });
});

describe('decideFeature: feature × instance', () => {
  it('the embedded core and a remote Outpost core have every capability', () => {
    for (const feature of FEATURES) {
      expect(decideFeature(feature, EMBEDDED_CAPABILITIES)).toEqual({ status: 'available', caveat: null });
      expect(decideFeature(feature, gitlab({ kind: 'outpost', version: '13.10.0-outpost' }))).toEqual({
        status: 'available',
        caveat: null,
      });
    }
  });

  it('before detection nothing is decided, and the reason names the call not sent', () => {
    const decision = decideFeature('alerts', null);
    expect(decision.status).toBe('unknown');
    expect(decision.status === 'unknown' && decision.explanation).toContain('POST /api/graphql');
  });

  it.each(['shard-usage', 'storage-move-progress', 'job-sandbox'] as const)(
    'Outpost-only %s is unavailable on every GitLab, saying why and what GitLab offers',
    (feature) => {
      for (const caps of [
        gitlab(),
        gitlab({ version: '13.10.0', edition: 'ce' }),
        gitlab({ gitlabCom: true, version: '18.7.0-pre' }),
      ]) {
        const decision = decideFeature(feature, caps);
        expect(decision.status).toBe('unavailable');
        if (decision.status !== 'unavailable') continue;
        expect(decision.reason).toBe('outpost-only');
        expect(decision.alternative).toBe(FEATURE_REQUIREMENTS[feature].outpostOnly?.gitlabOffers);
        expect(decision.explanation).toContain(FEATURE_REQUIREMENTS[feature].endpoint);
      }
    },
  );

  it('names the instance in the title: version, GitLab.com', () => {
    const onVersion = decideFeature('job-sandbox', gitlab());
    expect(onVersion.status === 'unavailable' && onVersion.title).toBe(
      'Job sandbox status is not available on GitLab 18.6',
    );
    const onCom = decideFeature('shard-usage', gitlab({ gitlabCom: true }));
    expect(onCom.status === 'unavailable' && onCom.title).toBe('Shard usage is not available on GitLab.com');
  });

  it('alerts come from GitLab’s GraphQL API from 13.11 on, on every edition and on GitLab.com', () => {
    for (const caps of [
      gitlab(),
      gitlab({ edition: 'ce', version: '13.11.0' }),
      gitlab({ gitlabCom: true }),
    ]) {
      expect(decideFeature('alerts', caps)).toEqual({ status: 'available', caveat: null });
    }
    const old = decideFeature('alerts', gitlab({ version: '13.10.3-ee' }));
    expect(old).toMatchObject({
      status: 'unavailable',
      reason: 'version',
      title: 'Alerts are not available on GitLab 13.10',
    });
  });

  it('minimum versions: detailed_merge_status 15.6, /diffs 15.7, auto_merge 17.11', () => {
    const cases: Array<[FeatureId, string, 'available' | 'unavailable']> = [
      ['merge-detailed-status', '15.5.9-ee', 'unavailable'],
      ['merge-detailed-status', '15.6.0-ee', 'available'],
      ['merge-request-diffs', '15.6.0', 'unavailable'],
      ['merge-request-diffs', '15.7.0', 'available'],
      ['auto-merge', '17.10.3-ee', 'unavailable'],
      ['auto-merge', '17.11.0-ee', 'available'],
    ];
    for (const [feature, version, status] of cases) {
      const decision = decideFeature(feature, gitlab({ version }));
      expect({ feature, version, status: decision.status }).toEqual({ feature, version, status });
      if (decision.status === 'unavailable') expect(decision.reason).toBe('version');
    }
  });

  it('tag release notes were removed in 14.0 and point to the Releases API', () => {
    expect(decideFeature('tag-release-notes', gitlab({ version: '13.12.15-ee' })).status).toBe('available');
    const removed = decideFeature('tag-release-notes', gitlab({ version: '14.0.0' }));
    expect(removed).toMatchObject({ status: 'unavailable', reason: 'removed' });
    expect(removed.status === 'unavailable' && removed.alternative).toContain('Releases API');
  });

  it('a version rule on an instance that did not tell its version is unknown, not guessed', () => {
    expect(decideFeature('auto-merge', gitlab({ version: null })).status).toBe('unknown');
  });

  it('audit events need Enterprise Edition: CE explains Premium; EE and an unknown edition go ahead', () => {
    const ce = decideFeature('audit-events', gitlab({ edition: 'ce' }));
    expect(ce).toMatchObject({ status: 'unavailable', reason: 'edition' });
    expect(ce.status === 'unavailable' && ce.explanation).toContain('Premium');
    expect(decideFeature('audit-events', gitlab({ edition: 'ee' })).status).toBe('available');
    expect(decideFeature('audit-events', gitlab({ edition: 'unknown' })).status).toBe('available');
  });

  it('admin features: non-administrators are told; Admin Mode adds a caveat, never a refusal', () => {
    const notAdmin = decideFeature(
      'admin-area',
      gitlab({ user: { username: 'maria', isAdmin: false }, adminMode: 'not-admin' }),
    );
    expect(notAdmin).toMatchObject({ status: 'unavailable', reason: 'admin' });
    expect(notAdmin.status === 'unavailable' && notAdmin.explanation).toContain('maria');

    expect(decideFeature('admin-area', gitlab({ adminMode: 'token-lacks-admin_mode' }))).toEqual({
      status: 'available',
      caveat: ADMIN_MODE_EXPLANATION,
    });
    expect(ADMIN_MODE_EXPLANATION).toContain('admin_mode scope');
    const unknown = decideFeature('admin-area', gitlab({ adminMode: 'unknown' }));
    expect(unknown.status === 'available' && unknown.caveat).toContain('admin_mode');
    expect(decideFeature('admin-area', gitlab())).toEqual({ status: 'available', caveat: null });
    expect(decideFeature('admin-area', gitlab({ adminMode: 'not-applicable', version: '15.4.0' }))).toEqual({
      status: 'available',
      caveat: null,
    });
  });
});

describe('describeInstance', () => {
  const now = new Date('2025-11-28T20:00:00Z');
  it('writes the switcher line of the issue', () => {
    const caps = gitlab({
      adminMode: 'token-lacks-admin_mode',
      token: { scopes: ['api'], expiresAt: '2025-12-10', name: 't', known: true, unknownReason: null },
    });
    expect(describeInstance(caps, now)).toBe(
      'GitLab 18.6 EE · administrator · Admin Mode: token lacks admin_mode · token expires in 12 days',
    );
  });
  it('says today, tomorrow, never and expired', () => {
    const withExpiry = (expiresAt: string | null) =>
      describeInstance(
        gitlab({ token: { scopes: ['api'], expiresAt, name: null, known: true, unknownReason: null } }),
        now,
      );
    expect(withExpiry('2025-11-28')).toMatch(/token expires today$/);
    expect(withExpiry('2025-11-29')).toMatch(/token expires tomorrow$/);
    expect(withExpiry('2025-11-27')).toMatch(/token expired yesterday$/);
    expect(withExpiry(null)).toMatch(/token never expires$/);
  });
  it('describes the embedded instance', () => {
    expect(describeInstance(EMBEDDED_CAPABILITIES, now)).toBe('Outpost embedded · every capability');
  });
});

describe('asInstanceCapabilities', () => {
  it('keeps a well-formed record and drops anything else', () => {
    const caps = gitlab();
    expect(asInstanceCapabilities(JSON.parse(JSON.stringify(caps)))).toEqual(caps);
    expect(asInstanceCapabilities({ ...caps, kind: 'other' })).toBeNull();
    expect(asInstanceCapabilities({ ...caps, adminMode: 'yes' })).toBeNull();
    expect(asInstanceCapabilities({ ...caps, user: { username: 'root', isAdmin: 'yes' } })).toBeNull();
    expect(asInstanceCapabilities({ ...caps, token: { ...caps.token, scopes: [1] } })).toBeNull();
    expect(asInstanceCapabilities({ ...caps, notes: [{}] })).toBeNull();
    expect(asInstanceCapabilities('gitlab')).toBeNull();
    expect(asInstanceCapabilities(null)).toBeNull();
  });
});

describe('titles', () => {
  it('agree in number with the feature', () => {
    const title = (feature: FeatureId) => {
      const decision = decideFeature(feature, gitlab({ edition: 'ce', version: '18.6.0' }));
      return decision.status === 'unavailable' ? decision.title : null;
    };
    expect(title('audit-events')).toBe('Audit events are not available on GitLab 18.6');
    expect(title('job-sandbox')).toBe('Job sandbox status is not available on GitLab 18.6');
    expect(title('storage-move-progress')).toBe('Storage move progress is not available on GitLab 18.6');
  });
});

/** Issue 26 part 3 rows: clusters, delayed deletion, protected branch roles, local path import. */
describe('issue 26 part 3 rows', () => {
  it('delayed project deletion from GitLab 18.0 (doc/api/projects.md "Delete a project")', () => {
    expect(decideFeature('project-delayed-deletion', gitlab({ version: '17.11.2' })).status).toBe(
      'unavailable',
    );
    expect(decideFeature('project-delayed-deletion', gitlab({ version: '18.0.0' })).status).toBe('available');
  });

  it('protected branch role edits are Premium: unavailable on CE with reason edition', () => {
    expect(decideFeature('protected-branch-role-edit', gitlab({ edition: 'ce' }))).toMatchObject({
      status: 'unavailable',
      reason: 'edition',
    });
    expect(decideFeature('protected-branch-role-edit', gitlab({ edition: 'ee' })).status).toBe('available');
  });

  it('local path import is Outpost-only; instance clusters need 13.2 and an administrator', () => {
    expect(decideFeature('import-local-path', gitlab())).toMatchObject({ reason: 'outpost-only' });
    expect(decideFeature('instance-clusters', gitlab({ version: '13.1.0' }))).toMatchObject({
      reason: 'version',
    });
    expect(
      decideFeature('instance-clusters', gitlab({ user: { username: 'dev', isAdmin: false } })),
    ).toMatchObject({ reason: 'admin' });
  });
});

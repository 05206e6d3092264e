import { describe, expect, it } from 'vitest';
import { EMBEDDED_CAPABILITIES, type InstanceCapabilities } from '../../../shared/instance-capabilities.js';
import type { ProfileSummary } from '../../../shared/ipc-contract.js';
import { shouldNotify, tokenNoticeFor } from './token-notice-state.js';

const NOW = new Date('2026-11-28T12:00:00Z');

function remote(expiresAt: string | null, known = true): ProfileSummary {
  const capabilities: InstanceCapabilities = {
    ...EMBEDDED_CAPABILITIES,
    kind: 'gitlab',
    token: { scopes: ['api'], expiresAt, name: 'Outpost', known, unknownReason: null },
  };
  return {
    id: 'r1',
    name: 'Prod',
    kind: 'remote',
    url: 'https://gitlab.example.com',
    active: true,
    capabilities,
  } as ProfileSummary;
}

describe('tokenNoticeFor', () => {
  it('warns from 7 days before the expiry date, counting whole UTC days', () => {
    expect(tokenNoticeFor(remote('2026-12-06'), NOW, false)).toBeNull(); // 8 days
    expect(tokenNoticeFor(remote('2026-12-05'), NOW, false)).toMatchObject({ kind: 'expiring', daysLeft: 7 });
    expect(tokenNoticeFor(remote('2026-11-29'), NOW, false)?.sentence).toContain(
      'expires tomorrow (2026-11-29)',
    );
    expect(tokenNoticeFor(remote('2026-11-28'), NOW, false)?.sentence).toContain('expires today');
  });

  it('says expired once the date is past, and refused after a 401 whatever the date', () => {
    expect(tokenNoticeFor(remote('2026-11-27'), NOW, false)).toMatchObject({ kind: 'expired', daysLeft: -1 });
    expect(tokenNoticeFor(remote(null), NOW, true)).toMatchObject({ kind: 'rejected' });
  });

  it('says nothing for tokens that never expire, unknown token facts, or the embedded instance', () => {
    expect(tokenNoticeFor(remote(null), NOW, false)).toBeNull();
    expect(tokenNoticeFor(remote('2026-11-29', false), NOW, false)).toBeNull();
    const embedded = { ...remote('2026-11-29'), kind: 'embedded' } as ProfileSummary;
    expect(tokenNoticeFor(embedded, NOW, true)).toBeNull();
  });
});

describe('shouldNotify', () => {
  it('notifies at most once per UTC day', () => {
    expect(shouldNotify(null, NOW)).toBe(true);
    expect(shouldNotify('2026-11-27', NOW)).toBe(true);
    expect(shouldNotify('2026-11-28', NOW)).toBe(false);
  });
});

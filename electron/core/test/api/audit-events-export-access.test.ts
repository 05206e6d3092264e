/**
 * The host's in-process audit export (`core.exportAuditEvents`, services/audit/export-audit-events.ts)
 * refuses exactly what `GET /audit_events` refuses over real HTTP, with the same status and body (issue
 * 31: one door per flow). Both run the same checks: services/access/token-access.ts (token and scope,
 * lib/api/api_guard.rb and lib/api/api.rb), `requireAdmin` (lib/api/helpers.rb `authenticated_as_admin!`
 * under Admin Mode, doc/administration/settings/sign_in_restrictions.md) and the list's parameter reader
 * (ee/lib/api/audit_events.rb params, in Grape's words).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

let t: TestCore;

beforeAll(async () => {
  t = await startTestCore();
});

afterAll(async () => {
  await t.close();
});

/** The HTTP list's answer and the export's, side by side (status; body unless the export was opened). */
async function bothAnswers(token: string, query: Record<string, string> = {}) {
  const http = await t.api('GET', `/audit_events?${new URLSearchParams(query)}`, { token });
  const opened = t.core.exportAuditEvents!(token, query);
  return {
    http: { status: http.status, body: http.status === 200 ? 'events' : http.body },
    export: { status: opened.status, body: 'body' in opened ? opened.body : 'events' },
  };
}

describe('core.exportAuditEvents refuses what GET /audit_events refuses', () => {
  it('token, scope, administrator and parameter refusals: same status and body', async () => {
    const regular = await createUserWithToken(t, { scopes: ['api'] });
    const readUserOnly = await createUserWithToken(t, { admin: true, scopes: ['read_user'] });
    const readApiAdmin = await createUserWithToken(t, { admin: true, scopes: ['read_api'] });
    const blocked = await createUserWithToken(t, { scopes: ['api'] });
    expect((await t.api('POST', `/users/${blocked.id}/block`)).status).toBe(201);
    const revoked = await createUserWithToken(t, { scopes: ['api'] });
    // doc/api/personal_access_tokens.md "Revoke a personal access token" (`DELETE …/self`, 15.0+).
    expect((await t.api('DELETE', '/personal_access_tokens/self', { token: revoked.token })).status).toBe(
      204,
    );

    const cases: [string, string, Record<string, string>?][] = [
      ['unknown token', 'glpat-no-such-token-000000000000'],
      ['revoked token', revoked.token],
      ['blocked user', blocked.token],
      ['token without api or read_api', readUserOnly.token],
      ['not an administrator', regular.token],
      ['bad parameters', t.rootToken, { created_after: 'yesterday', entity_id: '3' }],
      ['administrator with read_api', readApiAdmin.token],
    ];
    const statuses: number[] = [];
    for (const [name, token, query] of cases) {
      const answers = await bothAnswers(token, query);
      expect(answers.export, name).toEqual(answers.http);
      statuses.push(answers.http.status);
    }
    // Every refusal the HTTP list gives is covered, and one caller is let in.
    expect(statuses).toEqual([401, 401, 403, 403, 403, 400, 200]);
  });

  it('under Admin Mode refuses an administrator token without the admin_mode scope, as the route does', async () => {
    const admin = await createUserWithToken(t, { admin: true, scopes: ['api'] });
    const moded = await createUserWithToken(t, { admin: true, scopes: ['api', 'admin_mode'] });
    expect(await bothAnswers(admin.token)).toEqual({
      http: { status: 200, body: 'events' },
      export: { status: 200, body: 'events' },
    });
    try {
      expect((await t.api('PUT', '/application/settings', { json: { admin_mode: true } })).status).toBe(200);
      const refused = await bothAnswers(admin.token);
      expect(refused.http).toEqual({ status: 403, body: { message: '403 Forbidden' } });
      expect(refused.export).toEqual(refused.http);
      expect(await bothAnswers(moded.token)).toEqual({
        http: { status: 200, body: 'events' },
        export: { status: 200, body: 'events' },
      });
    } finally {
      expect((await t.api('PUT', '/application/settings', { json: { admin_mode: false } })).status).toBe(200);
    }
  });
});

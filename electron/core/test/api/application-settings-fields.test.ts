/**
 * The GitLab 13.10 application settings clients set (services/admin/gitlab-settings.ts): every field is
 * returned with its default, stored as sent (JSON, form or query; lists as arrays or comma strings),
 * kept over a restart, validated all or nothing; deprecated names work; and the settings with behaviour
 * (default_projects_limit, default_project_visibility, default_group_visibility, default_branch_name)
 * change what the API then creates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GITLAB_SETTINGS } from '../../services/admin/gitlab-settings.js';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

type Settings = Record<string, unknown>;

describe('application settings: the GitLab 13.10 fields', () => {
  let t: TestCore;
  const read = async () => (await t.api<Settings>('GET', '/application/settings')).body;

  beforeAll(async () => {
    t = await startTestCore();
  });
  afterAll(async () => t.close());

  it('returns every field with its default', async () => {
    const s = await read();
    for (const [key, spec] of Object.entries(GITLAB_SETTINGS)) expect(s[key], key).toEqual(spec.default);
    expect(Object.keys(GITLAB_SETTINGS).length).toBeGreaterThan(100);
    expect(s).toMatchObject({
      id: 1,
      default_projects_limit: 100000,
      signup_enabled: false,
      default_branch_name: 'main',
      max_attachment_size: 10,
      restricted_visibility_levels: [],
      domain_whitelist: [],
      allow_local_requests_from_hooks_and_services: false,
      repository_storages: ['default'],
    });
  });

  it('stores every type as sent and reads it back, also after a restart', async () => {
    const changes: Settings = {
      default_projects_limit: 7,
      signup_enabled: true,
      gravatar_enabled: false,
      max_attachment_size: 25,
      session_expire_delay: 600,
      home_page_url: 'https://intranet.example.com',
      after_sign_out_path: 'https://example.com/bye',
      sign_in_text: 'Welcome',
      default_snippet_visibility: 'internal',
      restricted_visibility_levels: ['public'],
      domain_allowlist: ['example.com', '*.example.org'],
      import_sources: ['git', 'gitlab_project'],
      polling_interval_multiplier: 1.5,
      external_authorization_service_timeout: 2.25,
      first_day_of_week: 1,
      performance_bar_allowed_group_id: 42,
      rsa_key_restriction: 2048,
      ed25519_key_restriction: -1,
      elasticsearch_project_ids: [3, 4],
    };
    let res = await t.api<Settings>('PUT', '/application/settings', { json: changes });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(changes);
    // The form forms Grape coerces: "true", numbers as strings, comma lists, x[]=.
    res = await t.api<Settings>('PUT', '/application/settings', {
      form: [
        ['html_emails_enabled', 'false'],
        ['terminal_max_session_time', '90'],
        ['domain_denylist', 'spam.example, junk.example'],
        ['disabled_oauth_sign_in_sources[]', 'github'],
        ['disabled_oauth_sign_in_sources[]', 'gitlab'],
        ['performance_bar_allowed_group_id', ''],
      ],
    });
    expect(res.status).toBe(200);
    const formChanges = {
      html_emails_enabled: false,
      terminal_max_session_time: 90,
      domain_denylist: ['spam.example', 'junk.example'],
      domain_blacklist: ['spam.example', 'junk.example'],
      disabled_oauth_sign_in_sources: ['github', 'gitlab'],
      performance_bar_allowed_group_id: null,
    };
    expect(res.body).toMatchObject(formChanges);
    res = await t.api<Settings>('PUT', '/application/settings?sign_in_text=From%20the%20query');
    expect(res.body.sign_in_text).toBe('From the query');

    await t.stop();
    t = await startTestCore({ dataDir: t.dataDir });
    expect(await read()).toMatchObject({
      ...changes,
      ...formChanges,
      sign_in_text: 'From the query',
    });
  });

  it('accepts the deprecated names GitLab 13.10 still takes (the current name wins)', async () => {
    let res = await t.api<Settings>('PUT', '/application/settings', {
      json: { domain_whitelist: ['old.example'], domain_blacklist_enabled: true },
    });
    expect(res.body).toMatchObject({
      domain_allowlist: ['old.example'],
      domain_whitelist: ['old.example'],
      domain_denylist_enabled: true,
    });
    res = await t.api<Settings>('PUT', '/application/settings', {
      json: { domain_whitelist: ['loses.example'], domain_allowlist: ['wins.example'] },
    });
    expect(res.body.domain_allowlist).toEqual(['wins.example']);
    res = await t.api<Settings>('PUT', '/application/settings', {
      json: { allow_local_requests_from_hooks_and_services: true },
    });
    expect(res.body).toMatchObject({
      allow_local_requests_from_web_hooks_and_services: true,
      allow_local_requests_from_hooks_and_services: true,
    });
    await t.api('PUT', '/application/settings', {
      json: { allow_local_requests_from_web_hooks_and_services: false },
    });
  });

  it('refuses bad values all at once with 400, storing nothing of the request', async () => {
    const before = await read();
    const res = await t.api('PUT', '/application/settings', {
      json: {
        default_projects_limit: -1,
        signup_enabled: 'perhaps',
        default_project_visibility: 'secret',
        restricted_visibility_levels: ['public', 'everyone'],
        session_expire_delay: 'soon',
        home_page_url: 'ftp://nope',
        sign_in_text: 'x'.repeat(10_001),
        first_day_of_week: 3,
        polling_interval_multiplier: 'fast',
        elasticsearch_project_ids: 'a,b',
        import_sources: [1],
        gravatar_enabled: false,
        ci_concurrent_jobs: 0,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: {
        default_projects_limit: ['must be between 0 and 2147483647'],
        signup_enabled: ['must be a boolean'],
        default_project_visibility: ['is not included in the list'],
        restricted_visibility_levels: ['is not included in the list'],
        session_expire_delay: ['must be an integer'],
        home_page_url: ['must be a valid URL'],
        sign_in_text: ['is too long (maximum is 10000 characters)'],
        first_day_of_week: ['is not included in the list'],
        polling_interval_multiplier: ['is not a number'],
        elasticsearch_project_ids: ['must be a list of ids'],
        import_sources: ['must be a list of strings'],
        ci_concurrent_jobs: ['must be between 1 and 64'],
      },
    });
    expect(await read()).toEqual(before);
    // Unknown keys are ignored, as Grape does, and secrets are not taken.
    const ok = await t.api<Settings>('PUT', '/application/settings', {
      json: { no_such_setting: 1, akismet_api_key: 'secret-key' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).not.toHaveProperty('no_such_setting');
    expect(ok.text).not.toContain('secret-key');
  });

  it('default_projects_limit, default visibilities and default_branch_name apply to what is created next', async () => {
    await t.api('PUT', '/application/settings', {
      json: {
        default_projects_limit: 3,
        default_project_visibility: 'internal',
        default_group_visibility: 'public',
        default_branch_name: 'trunk',
      },
    });
    const user = await t.api<{ projects_limit: number }>('POST', '/users', {
      json: { username: 'limited', name: 'Limited', email: 'l@example.com', password: 'long-enough-pass' },
    });
    expect(user.body.projects_limit).toBe(3);
    const explicit = await t.api<{ projects_limit: number }>('POST', '/users', {
      json: {
        username: 'unlimited',
        name: 'Unlimited',
        email: 'u@example.com',
        password: 'long-enough-pass',
        projects_limit: 50,
      },
    });
    expect(explicit.body.projects_limit).toBe(50);

    const p = await t.api<Settings>('POST', '/projects', {
      json: { name: 'defaults', initialize_with_readme: true },
    });
    expect(p.body).toMatchObject({ visibility: 'internal', default_branch: 'trunk' });
    const top = await t.api<Settings>('POST', '/groups', { json: { name: 'Open', path: 'open' } });
    expect(top.body.visibility).toBe('public');
    const priv = await t.api<{ id: number }>('POST', '/groups', {
      json: { name: 'Closed', path: 'closed', visibility: 'private' },
    });
    // Lowered to the parent's visibility rather than failing.
    const sub = await t.api<Settings>('POST', '/groups', {
      json: { name: 'Inner', path: 'inner', parent_id: priv.body.id },
    });
    expect(sub.status).toBe(201);
    expect(sub.body.visibility).toBe('private');
    const inPriv = await t.api<Settings>('POST', '/projects', {
      json: { name: 'inner-app', namespace_id: priv.body.id },
    });
    expect(inPriv.body.visibility).toBe('private');
  });
});

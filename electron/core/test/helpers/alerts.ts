/**
 * Builders for the alert tests: a project in nested groups with a member per role, integrations created
 * through the API, a raw notify client (real `fetch` to the receiver URL, any headers and body), and
 * read-only counts of what the core stored, taken straight from SQLite.
 */
import { openCoreDatabase } from './disk.js';
import { createUserWithToken } from './test-core.js';
import type { TestCore } from './test-core.js';

export interface RoleUsers {
  maintainer: { id: number; token: string };
  developer: { id: number; token: string };
  reporter: { id: number; token: string };
  stranger: { id: number; token: string };
}

export interface AlertProject {
  id: number;
  /** `group/sub/…/project`. */
  fullPath: string;
  users: RoleUsers;
}

export interface CreatedIntegration {
  id: number;
  name: string;
  active: boolean;
  type: string;
  url: string;
  token: string;
  created_at: string;
  updated_at: string;
}

let seq = 0;

/**
 * A private project under `depth` nested groups (created by root), with a Maintainer, Developer and
 * Reporter member and a user who is none of these.
 */
export async function createAlertProject(t: TestCore, opts: { depth?: number } = {}): Promise<AlertProject> {
  seq += 1;
  const tag = `${seq}${Math.random().toString(36).slice(2, 6)}`;
  let parentId: number | undefined;
  const paths: string[] = [];
  for (let i = 0; i < (opts.depth ?? 1); i++) {
    const path = `g${i}-${tag}`;
    const g = await t.api<{ id: number; full_path: string }>('POST', '/groups', {
      json: { name: `G${i} ${tag}`, path, parent_id: parentId, visibility: 'private' },
    });
    if (g.status !== 201) throw new Error(`group create failed: ${g.status} ${g.text}`);
    parentId = g.body.id;
    paths.push(path);
  }
  const p = await t.api<{ id: number; path_with_namespace: string }>('POST', '/projects', {
    json: { name: `Svc ${tag}`, path: `svc-${tag}`, namespace_id: parentId, visibility: 'private' },
  });
  if (p.status !== 201) throw new Error(`project create failed: ${p.status} ${p.text}`);
  const users: Partial<RoleUsers> = {};
  for (const [role, level] of [
    ['maintainer', 40],
    ['developer', 30],
    ['reporter', 20],
    ['stranger', 0],
  ] as const) {
    const u = await createUserWithToken(t);
    users[role] = { id: u.id, token: u.token };
    if (level > 0) {
      const m = await t.api('POST', `/projects/${p.body.id}/members`, {
        json: { user_id: u.id, access_level: level },
      });
      if (m.status !== 201) throw new Error(`member add failed: ${m.status} ${m.text}`);
    }
  }
  return { id: p.body.id, fullPath: p.body.path_with_namespace, users: users as RoleUsers };
}

/** Create an integration as root (or `token`). @throws unless 201 */
export async function createIntegration(
  t: TestCore,
  projectId: number,
  body: Record<string, unknown> = { name: 'Prometheus prod' },
  token?: string,
): Promise<CreatedIntegration> {
  const res = await t.api<CreatedIntegration>(
    'POST',
    `/projects/${projectId}/alert_management/http_integrations`,
    {
      json: body,
      token,
    },
  );
  if (res.status !== 201) throw new Error(`integration create failed: ${res.status} ${res.text}`);
  return res.body;
}

export interface NotifyResult<T = unknown> {
  status: number;
  text: string;
  body: T;
  headers: Headers;
}

/**
 * POST to a notify URL (rewritten onto the listening core), with `Authorization: Bearer <key>` unless
 * `key` is null or `headers.authorization` is given; a non-string body is sent as JSON.
 */
export async function notify<T = unknown>(
  t: Pick<TestCore, 'url'>,
  url: string,
  key: string | null,
  body: unknown,
  opts: { headers?: Record<string, string>; contentType?: string | null } = {},
): Promise<NotifyResult<T>> {
  const u = new URL(url);
  const target = `${t.url}${u.pathname}`;
  const headers: Record<string, string> = {};
  if (opts.contentType !== null) headers['content-type'] = opts.contentType ?? 'application/json';
  if (key !== null) headers.authorization = `Bearer ${key}`;
  Object.assign(headers, opts.headers);
  const res = await fetch(target, {
    method: 'POST',
    headers,
    body: typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
  return { status: res.status, text, body: parsed as T, headers: res.headers };
}

/** What the core stored, read directly: alert count, total events and integration count. */
export function storedCounts(dataDir: string): { alerts: number; events: number; integrations: number } {
  const db = openCoreDatabase(dataDir);
  try {
    const a = db.prepare('SELECT count(*) AS n, coalesce(sum(events), 0) AS e FROM alerts').get() as {
      n: number;
      e: number;
    };
    const i = db.prepare('SELECT count(*) AS n FROM alert_http_integrations').get() as { n: number };
    return { alerts: a.n, events: a.e, integrations: i.n };
  } finally {
    db.close();
  }
}

/** A stored alert row, read directly. */
export function storedAlert(
  dataDir: string,
  projectId: number,
  iid: number,
): Record<string, unknown> | undefined {
  const db = openCoreDatabase(dataDir);
  try {
    return db.prepare('SELECT * FROM alerts WHERE project_id = ? AND iid = ?').get(projectId, iid) as
      Record<string, unknown> | undefined;
  } finally {
    db.close();
  }
}

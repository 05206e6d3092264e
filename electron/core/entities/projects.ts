/**
 * Presenters for namespaces, groups, projects and members (GitLab's Namespace, Group, Project,
 * Member entities). Pure: callers load the rows each presenter needs.
 */
import type { Group, Member, NamespaceBasic, Project } from '../../../shared/api-types/projects.js';
import type { MemberRow } from '../db/members.js';
import type { NamespaceRow } from '../db/namespaces.js';
import type { ProjectRow } from '../db/projects.js';
import type { UserRow } from '../db/users.js';
import { avatarUrl } from './avatar-url.js';
import { presentUserBasic } from './users.js';

export function presentNamespace(ns: NamespaceRow, baseUrl: string): NamespaceBasic {
  return {
    id: ns.id,
    name: ns.name,
    path: ns.path,
    kind: ns.kind,
    full_path: ns.full_path,
    parent_id: ns.parent_id,
    avatar_url: ns.kind === 'group' ? avatarUrl(baseUrl, 'group', ns.id, ns.avatar) : null,
    web_url: ns.kind === 'group' ? `${baseUrl}/groups/${ns.full_path}` : `${baseUrl}/${ns.full_path}`,
  };
}

/** `full_name` of a group: names of the ancestors joined with " / ". */
export function presentGroup(ns: NamespaceRow, fullName: string, baseUrl: string): Group {
  return {
    id: ns.id,
    name: ns.name,
    path: ns.path,
    description: ns.description,
    visibility: ns.visibility,
    full_name: fullName,
    full_path: ns.full_path,
    parent_id: ns.parent_id,
    created_at: ns.created_at,
    web_url: `${baseUrl}/groups/${ns.full_path}`,
    avatar_url: avatarUrl(baseUrl, 'group', ns.id, ns.avatar),
  };
}

export interface ProjectPresentation {
  namespace: NamespaceRow;
  /** "Group / Subgroup" display name of the namespace. */
  namespaceFullName: string;
  /** Owner of a personal-namespace project. */
  owner: UserRow | null;
  /** True when the repository has no commits. */
  emptyRepo: boolean;
  /** Include admin-only fields (repository_storage). */
  admin: boolean;
}

export function presentProject(p: ProjectRow, x: ProjectPresentation, baseUrl: string): Project {
  const fullPath = `${x.namespace.full_path}/${p.path}`;
  const webUrl = `${baseUrl}/${fullPath}`;
  const host = new URL(baseUrl).hostname;
  const out: Project = {
    id: p.id,
    name: p.name,
    name_with_namespace: `${x.namespaceFullName} / ${p.name}`,
    path: p.path,
    path_with_namespace: fullPath,
    description: p.description,
    default_branch: p.default_branch,
    visibility: p.visibility,
    created_at: p.created_at,
    last_activity_at: p.last_activity_at,
    archived: p.archived === 1,
    empty_repo: x.emptyRepo,
    web_url: webUrl,
    http_url_to_repo: `${webUrl}.git`,
    ssh_url_to_repo: `git@${host}:${fullPath}.git`,
    readme_url: !x.emptyRepo && p.default_branch ? `${webUrl}/-/blob/${p.default_branch}/README.md` : null,
    avatar_url: avatarUrl(baseUrl, 'project', p.id, p.avatar),
    topics: [],
    tag_list: [],
    forks_count: 0,
    star_count: 0,
    namespace: presentNamespace(x.namespace, baseUrl),
    import_status: p.import_status,
    import_error: p.import_error,
    creator_id: p.creator_id ?? undefined,
    owner: x.owner ? { id: x.owner.id, username: x.owner.username, name: x.owner.name } : null,
  };
  if (x.admin) out.repository_storage = p.repository_storage;
  return out;
}

/** Fields of GitLab's BasicProjectDetails (`GET /projects?simple=true`; schema public_api/v4/project.json). */
const SIMPLE_PROJECT_FIELDS = [
  'id',
  'description',
  'name',
  'name_with_namespace',
  'path',
  'path_with_namespace',
  'created_at',
  'default_branch',
  'tag_list',
  'topics',
  'ssh_url_to_repo',
  'http_url_to_repo',
  'web_url',
  'readme_url',
  'avatar_url',
  'forks_count',
  'star_count',
  'last_activity_at',
  'namespace',
  'visibility',
] as const satisfies readonly (keyof Project)[];

/** The simple form of a project: only BasicProjectDetails' fields. */
export function presentProjectSimple(full: Project): Pick<Project, (typeof SIMPLE_PROJECT_FIELDS)[number]> {
  const out: Record<string, unknown> = {};
  for (const k of SIMPLE_PROJECT_FIELDS) out[k] = full[k];
  return out as Pick<Project, (typeof SIMPLE_PROJECT_FIELDS)[number]>;
}

export function presentMember(m: MemberRow, u: UserRow, baseUrl: string): Member {
  return {
    ...presentUserBasic(u, baseUrl),
    access_level: m.access_level,
    created_at: m.created_at,
    expires_at: m.expires_at,
  };
}

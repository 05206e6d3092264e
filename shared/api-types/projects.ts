/** Wire shapes of namespaces, groups, projects and members (doc/api/projects.md, groups.md, members.md). */
import type { Visibility } from '../access-levels.js';

export interface NamespaceBasic {
  id: number;
  name: string;
  path: string;
  kind: 'user' | 'group';
  full_path: string;
  parent_id: number | null;
  avatar_url: string | null;
  web_url: string;
}

export interface Group {
  id: number;
  name: string;
  path: string;
  description: string;
  visibility: Visibility;
  full_name: string;
  full_path: string;
  parent_id: number | null;
  created_at: string;
  web_url: string;
  avatar_url: string | null;
}

export interface Project {
  id: number;
  name: string;
  name_with_namespace: string;
  path: string;
  path_with_namespace: string;
  description: string | null;
  default_branch: string | null;
  visibility: Visibility;
  created_at: string;
  last_activity_at: string;
  archived: boolean;
  empty_repo: boolean;
  web_url: string;
  http_url_to_repo: string;
  ssh_url_to_repo: string;
  readme_url: string | null;
  avatar_url: string | null;
  topics: string[];
  tag_list: string[];
  forks_count: number;
  star_count: number;
  namespace: NamespaceBasic;
  repository_storage?: string;
  import_status: 'none' | 'scheduled' | 'started' | 'finished' | 'failed';
  import_error?: string | null;
  creator_id?: number;
  owner?: { id: number; username: string; name: string } | null;
}

export interface Member {
  id: number;
  username: string;
  name: string;
  state: string;
  avatar_url: string | null;
  web_url: string;
  access_level: number;
  created_at: string;
  expires_at: string | null;
}

/**
 * `GET /namespaces/:id` (GitLab's Entities::Namespace): NamespaceBasic plus
 * `members_count_with_descendants` for callers who may administer the group.
 */
export type NamespaceDetail = NamespaceBasic & { members_count_with_descendants?: number };

/** `GET /namespaces/:namespace/exists` (doc/api/namespaces.md "Get existence of a namespace"). */
export interface NamespaceExists {
  exists: boolean;
  /** Free paths like the one asked for (`path1`, `path2`, …); empty when it is free. */
  suggests: string[];
}

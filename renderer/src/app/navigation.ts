import {
  IconBell,
  IconCode,
  IconFolderCog,
  IconFolders,
  IconGauge,
  IconGitMerge,
  IconHistory,
  IconInbox,
  IconLayoutDashboard,
  IconListCheck,
  IconRocket,
  IconWorld,
  IconServer,
  IconShieldLock,
  IconTopologyStar3,
  IconTransfer,
  IconUsers,
  IconUsersGroup,
  IconVariable,
  type Icon,
} from '@tabler/icons-react';

/** One destination in the navbar (and the command palette). */
export interface NavItem {
  /** Route path below the hash root, e.g. `/admin/clusters`. */
  path: string;
  label: string;
  icon: Icon;
  /** One sentence saying what lives there; shown as the empty state while the area is unbuilt. */
  description: string;
  /** Built screens have a page; the others show an honest "not built yet" state. */
  built: boolean;
}

/** A titled group of navbar items. */
export interface NavSection {
  title: string | null;
  /** Shown only when the active instance's token belongs to an administrator. */
  adminOnly?: boolean;
  items: NavItem[];
}

/** The navbar, top to bottom. Routes for unbuilt areas are generated from the same list. */
export const NAV_SECTIONS: NavSection[] = [
  {
    title: null,
    items: [
      {
        path: '/inbox',
        label: 'Inbox',
        icon: IconInbox,
        description:
          'To-dos, review requests and merge requests assigned to you on every instance, in one list, newest first.',
        built: true,
      },
      {
        path: '/fleet',
        label: 'Fleet',
        icon: IconWorld,
        description:
          'Every instance side by side: version, reachability, token expiry, Admin Mode, counts and the last admin event, problems first.',
        built: true,
      },
      {
        path: '/projects',
        label: 'Projects',
        icon: IconFolders,
        description: 'Projects on this instance: create new ones or import existing repositories.',
        built: true,
      },
      {
        path: '/todos',
        label: 'To-do list',
        icon: IconListCheck,
        description: 'Your to-dos on this instance, newest first: open each merge request or mark it done.',
        built: true,
      },
      {
        path: '/merge-requests',
        label: 'Merge requests',
        icon: IconGitMerge,
        description:
          'Open, review and merge merge requests across projects, with their approvals, conflicts and pipelines.',
        built: true,
      },
      {
        path: '/pipelines',
        label: 'Pipelines',
        icon: IconRocket,
        description:
          'Pipelines and jobs of every project: status, job traces, retries, test reports, environments and deployments.',
        built: true,
      },
      {
        path: '/repository',
        label: 'Repository',
        icon: IconCode,
        description: 'Browse a project’s files, branches, tags and commits, with blame and diffs.',
        built: true,
      },
    ],
  },
  {
    title: 'Admin',
    adminOnly: true,
    items: [
      {
        path: '/admin/overview',
        label: 'Overview',
        icon: IconLayoutDashboard,
        description:
          'The admin area at a glance: version and edition, counts of users, groups, projects and merge requests, health, jobs, storage and the latest audit events.',
        built: true,
      },
      {
        path: '/admin/users',
        label: 'Users',
        icon: IconUsers,
        description:
          'Every user of the instance: search and filter, create and edit, block, ban, deactivate or delete, with memberships and tokens.',
        built: true,
      },
      {
        path: '/admin/groups',
        label: 'Groups',
        icon: IconUsersGroup,
        description:
          'Groups and subgroups of the instance with their members, projects, settings, transfer and deletion.',
        built: true,
      },
      {
        path: '/admin/projects',
        label: 'Projects',
        icon: IconFolderCog,
        description:
          'Every project of the instance with its namespace, shard, size, last activity and archived state: sort by size, transfer, archive or delete.',
        built: true,
      },
      {
        path: '/admin/clusters',
        label: 'Clusters',
        icon: IconTopologyStar3,
        description: 'Kubernetes clusters attached to the instance, with their environments and status.',
        built: true,
      },
      {
        path: '/admin/runners',
        label: 'Runners',
        icon: IconServer,
        description:
          'The runners that run CI/CD jobs: state, version and last contact, pause and resume, and the running, pending and failed jobs.',
        built: true,
      },
      {
        path: '/admin/ci-variables',
        label: 'CI/CD variables',
        icon: IconVariable,
        description: 'Instance-wide CI/CD variables, with their masking and protection settings.',
        built: true,
      },
      {
        path: '/admin/storage-moves',
        label: 'Storage moves',
        icon: IconTransfer,
        description:
          'Move project repositories between storage shards and follow each move until it finishes.',
        built: true,
      },
      {
        path: '/admin/plan-limits',
        label: 'Plan limits',
        icon: IconGauge,
        description:
          'Limits the instance applies per plan, such as the largest package file each registry accepts.',
        built: true,
      },
      {
        path: '/admin/security',
        label: 'Security',
        icon: IconShieldLock,
        description:
          'Pipeline job sandbox and limits, requests imports may make, and default branch protection.',
        built: true,
      },
      {
        path: '/admin/audit-events',
        label: 'Audit events',
        icon: IconHistory,
        description: 'Who changed what and when on the instance, filterable by entity, author and date.',
        built: true,
      },
    ],
  },
  {
    title: 'Monitor',
    items: [
      {
        path: '/alerts',
        label: 'Alerts',
        icon: IconBell,
        description:
          'Alerts raised by monitoring tools through HTTP endpoints: severity, status, events and the raw payload.',
        built: true,
      },
    ],
  },
];

/** The sections a user sees: the Admin section only for administrators. */
export function navSectionsFor(isAdmin: boolean): NavSection[] {
  return NAV_SECTIONS.filter((section) => !section.adminOnly || isAdmin);
}

/** Every navbar item, flattened. */
export const NAV_ITEMS: NavItem[] = NAV_SECTIONS.flatMap((section) => section.items);

/** The git command blocks the clone panel shows for one project. */
export interface CloneCommands {
  /** Clone the project into a new folder. */
  clone: string[];
  /** Turn a folder without git into the project's first commit and push it. */
  pushFolder: string[];
  /** Point an existing repository at the project and push every branch and tag. */
  pushRepository: string[];
}

/** The folder `git clone URL` creates: the URL's last path segment without `.git`. */
export function cloneDirectory(url: string): string {
  const last = url.replace(/\/+$/, '').split('/').pop() ?? '';
  return last.replace(/\.git$/, '') || 'repository';
}

/**
 * The commands GitLab's empty-project page offers (HTTP remote), for `url` (the project's
 * `http_url_to_repo`, doc/api/projects.md) and `defaultBranch` (the project's default branch, or
 * `main` for a project without one). Pure: shell quoting is not needed as GitLab URLs hold no spaces.
 */
export function cloneCommands(url: string, defaultBranch: string | null | undefined): CloneCommands {
  const branch = defaultBranch || 'main';
  return {
    clone: [`git clone ${url}`, `cd ${cloneDirectory(url)}`],
    pushFolder: [
      `git init --initial-branch=${branch}`,
      `git remote add origin ${url}`,
      'git add .',
      'git commit -m "Initial commit"',
      `git push --set-upstream origin ${branch}`,
    ],
    pushRepository: [
      'git remote rename origin old-origin',
      `git remote add origin ${url}`,
      'git push --set-upstream origin --all',
      'git push --set-upstream origin --tags',
    ],
  };
}

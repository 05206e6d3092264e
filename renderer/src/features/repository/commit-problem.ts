import { ApiError } from '../../api/api-error.js';
import { describeError } from '../../api/describe-error.js';

/** What went wrong with a file commit, and what the administrator can do about it. */
export interface CommitProblem {
  kind: 'conflict' | 'protected' | 'exists' | 'unchanged' | 'missing' | 'other';
  title: string;
  /** The instance's own words. */
  detail: string;
  /** What to do next, in one or two sentences. */
  advice: string;
}

const CONFLICT = /changed since|has (been )?changed|was changed|been modified|moved|stale|last[_ ]commit/i;
const UNCHANGED = /no changes|nothing to commit|identical|empty commit|same content/i;
const EXISTS = /already exists/i;

/**
 * Classify an error of a file create, update or delete (GitLab answers 400 for every refusal of the
 * files API, 403 when the branch is protected against the caller) for a clear alert.
 */
export function describeCommitProblem(error: unknown, branch: string): CommitProblem {
  const detail = describeError(error);
  if (!(error instanceof ApiError)) {
    return {
      kind: 'other',
      title: 'The change was not committed',
      detail,
      advice: 'Your text is still here. Try again once the instance is reachable.',
    };
  }
  if (error.status === 403) {
    return {
      kind: 'protected',
      title: `You can’t push to ${branch}`,
      detail,
      advice:
        'The branch is protected and your role may not push to it. Commit to a new branch instead, or ask a maintainer to change the rule under Protected branches.',
    };
  }
  if (error.status === 404) {
    return {
      kind: 'missing',
      title: 'The file or branch no longer exists',
      detail,
      advice: 'Someone may have deleted or renamed it. Go back to the folder and start again from there.',
    };
  }
  if (CONFLICT.test(detail)) {
    return {
      kind: 'conflict',
      title: 'Someone changed this file since you started editing',
      detail,
      advice:
        'Your text is still in the editor. Copy it, load the latest version, and apply your changes to it again, so the other change is not overwritten.',
    };
  }
  if (UNCHANGED.test(detail)) {
    return {
      kind: 'unchanged',
      title: 'Nothing to commit',
      detail,
      advice: 'The content is the same as on the branch. Change something first.',
    };
  }
  if (EXISTS.test(detail)) {
    return {
      kind: 'exists',
      title: 'A file with this name already exists',
      detail,
      advice: 'Pick another name, or open the existing file and edit it.',
    };
  }
  return {
    kind: 'other',
    title: 'The change was not committed',
    detail,
    advice: 'Your text is still here. Check the message above, then try again.',
  };
}

import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { describeError } from '../../api/describe-error.js';
import { fileRoute } from '../repository/repository-paths.js';

/**
 * Whether Run pipeline was refused for want of a CI file: GitLab answers 400 `{"message": {"base":
 * ["Missing CI config file"]}}` (Gitlab::Ci::Pipeline::Chain::Config::Content; before 14.x
 * "Missing .gitlab-ci.yml file"), and so does the embedded core.
 */
export function isMissingCiConfig(error: unknown): boolean {
  return /Missing (CI config|\.gitlab-ci\.yml) file/i.test(describeError(error));
}

/**
 * The way out of "Missing CI config file." (issue 30, defect 19): a link to the repository's new-file
 * screen on the chosen branch with the name `.gitlab-ci.yml` filled in (as GitLab's "Set up CI/CD"
 * links to `-/new/<branch>?file_name=.gitlab-ci.yml`).
 */
export function MissingCiConfigHelp({ projectId, branch }: { projectId: number; branch: string | null }) {
  const to = `${fileRoute(projectId, 'new', '', branch ?? undefined)}${branch ? '&' : '?'}file_name=.gitlab-ci.yml`;
  return (
    <Text size="sm" data-testid="missing-ci-config-help">
      Pipelines run from a <code>.gitlab-ci.yml</code> file at the root of the branch.{' '}
      <Anchor component={Link} to={to}>
        Create .gitlab-ci.yml{branch ? ` on ${branch}` : ''}
      </Anchor>
      , then run the pipeline again.
    </Text>
  );
}

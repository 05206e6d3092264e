import { Anchor, type AnchorProps } from '@mantine/core';
import { Link } from 'react-router';
import { commitTitle } from './blame-rows.js';
import { commitRoute } from './repository-paths.js';

/**
 * A commit's title as a link to its page (`/repository/:projectId/commit/:sha`), truncated with the
 * whole message in the tooltip. Every list of commits (history, branches, tags, blame, last commit)
 * shows titles this way.
 */
export function CommitTitleLink({
  projectId,
  commit,
  className,
  ...props
}: {
  projectId: number;
  commit: { id: string; title?: string; message: string };
  className?: string;
} & AnchorProps) {
  return (
    <Anchor
      component={Link}
      to={commitRoute(projectId, commit.id)}
      c="var(--mantine-color-text)"
      truncate
      title={commit.message}
      className={className}
      data-testid="commit-title-link"
      {...props}
    >
      {commitTitle(commit)}
    </Anchor>
  );
}

import { Button, CopyButton, type ButtonProps } from '@mantine/core';
import { IconCheck, IconCopy, IconGitBranch, IconRefresh } from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';
import { CommitProblemAlert } from './commit-problem-alert.js';
import type { CommitProblem } from './commit-problem.js';

/** One fix offered in the problem alert: a small light button, red unless it says otherwise. */
function FixButton({
  icon,
  children,
  ...rest
}: ButtonProps & { icon: ReactNode; onClick?: () => void; children: ReactNode }) {
  return (
    <Button size="xs" variant="light" color="red" leftSection={icon} {...rest}>
      {children}
    </Button>
  );
}

/** Props of {@link EditorCommitProblem}. */
export interface EditorCommitProblemProps {
  problem: CommitProblem;
  /** The alert's wrapper, scrolled into view when a commit fails. */
  problemRef: Ref<HTMLDivElement>;
  /** Offer "Commit to a new branch instead" (a protected branch refused the push). */
  onUseNewBranch?: () => void;
  /** The text being edited, for "Copy my text" after a conflict. */
  content: string;
  /** "Load the latest version" after a conflict (editing an existing file only). */
  onReload?: () => void;
  reloading?: boolean;
}

/**
 * Why the file editor's commit failed, with the fixes on offer: a new branch when a protected branch
 * refused it; after a conflict, copying the edited text and loading the latest version.
 */
export function EditorCommitProblem({
  problem,
  problemRef,
  onUseNewBranch,
  content,
  onReload,
  reloading,
}: EditorCommitProblemProps) {
  return (
    <div ref={problemRef}>
      <CommitProblemAlert problem={problem}>
        {problem.kind === 'protected' && onUseNewBranch ? (
          <FixButton icon={<IconGitBranch size={14} />} onClick={onUseNewBranch}>
            Commit to a new branch instead
          </FixButton>
        ) : null}
        {problem.kind === 'conflict' ? (
          <>
            <CopyButton value={content}>
              {({ copied, copy }) => (
                <FixButton
                  color={copied ? 'teal' : 'red'}
                  icon={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy my text'}
                </FixButton>
              )}
            </CopyButton>
            {onReload ? (
              <FixButton icon={<IconRefresh size={14} />} onClick={onReload} loading={reloading}>
                Load the latest version
              </FixButton>
            ) : null}
          </>
        ) : null}
      </CommitProblemAlert>
    </div>
  );
}

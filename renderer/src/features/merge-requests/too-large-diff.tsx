import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { fileDiffFromRaw, mergeRequestDiffQueries } from '../../api/merge-requests/diff-pages.js';
import type { MergeRequestChange } from '../../api/merge-requests/types.js';
import type { DiffViewType } from '../../components/diff-viewer/diff-view-type-control.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { fileRoute } from '../repository/repository-paths.js';
import { FileDiffBody } from './diff-file-body.js';
import type { ThreadTarget } from './discussion-thread.js';

/**
 * A file GitLab sent without its diff (`too_large`: over `diff_max_patch_bytes`; doc/api/merge_requests.md
 * "List merge request diffs", doc/administration/instance_limits.md "Diff limits"), said as such, with a
 * link to the file in the repository at `headSha` and, for the merge request's latest diff
 * (`rawDiffFrom`), "Load the full diff": `GET …/raw_diffs` (gitlab-org/gitlab!178813) read once and this
 * file's hunks cut out of it, drawn read-only. An instance without that endpoint (404) is told so.
 */
export function TooLargeDiff({
  change,
  viewType,
  projectId,
  headSha,
  rawDiffFrom,
}: {
  change: MergeRequestChange;
  viewType: DiffViewType;
  /** The project the file lives in (0 or absent: no link). */
  projectId?: number;
  /** The commit the link opens the file at. */
  headSha?: string;
  /** The merge request whose `raw_diffs` hold this file's diff; null: not offered. */
  rawDiffFrom?: ThreadTarget | null;
}) {
  const [asked, setAsked] = useState(false);
  const raw = useQuery({
    ...mergeRequestDiffQueries.rawDiffs(
      rawDiffFrom?.profileId ?? '',
      rawDiffFrom?.projectId ?? 0,
      rawDiffFrom?.iid ?? 0,
    ),
    enabled: asked && !!rawDiffFrom,
  });
  const fileDiff = useMemo(
    () => (typeof raw.data === 'string' ? fileDiffFromRaw(raw.data, change.new_path) : null),
    [raw.data, change.new_path],
  );
  const full = useMemo(
    () => (fileDiff ? { ...change, diff: fileDiff, too_large: false } : null),
    [change, fileDiff],
  );

  if (full) return <FileDiffBody change={full} viewType={viewType} />;
  return (
    <Alert m="sm" color="gray" data-testid="mr-file-too-large">
      <Text size="sm">
        This file’s diff is too large to show: GitLab sent it without its changes (over the instance’s maximum
        patch size).
      </Text>
      <Group gap="sm" mt={6}>
        {projectId && headSha && !change.deleted_file ? (
          <Anchor
            component={Link}
            size="sm"
            to={fileRoute(projectId, 'blob', change.new_path, headSha)}
            data-testid="mr-file-too-large-link"
          >
            View it in the repository
          </Anchor>
        ) : null}
        {rawDiffFrom ? (
          <Button
            size="compact-xs"
            variant="default"
            loading={raw.isFetching}
            disabled={raw.data === null || (raw.isSuccess && fileDiff === null)}
            onClick={() => setAsked(true)}
            data-testid="mr-file-load-raw"
          >
            Load the full diff
          </Button>
        ) : null}
      </Group>
      {raw.isError ? <QueryErrorAlert m="xs" title="Couldn’t load the full diff" query={raw} /> : null}
      {raw.data === null ? (
        <Text size="sm" mt="xs" data-testid="mr-file-raw-unavailable">
          This instance has no raw diff endpoint (GET …/raw_diffs), so the file’s changes can only be read in
          the repository.
        </Text>
      ) : raw.isSuccess && fileDiff === null ? (
        <Text size="sm" mt="xs" data-testid="mr-file-raw-unavailable">
          The full diff holds no text changes for this file (a binary file).
        </Text>
      ) : null}
    </Alert>
  );
}

import {
  Badge,
  Button,
  EmptyState,
  Group,
  SegmentedControl,
  Spoiler,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import {
  IconFileDescription,
  IconFolderOpen,
  IconPlus,
  IconSignature,
  IconTag,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import type { TagListFilters } from '../../api/repository/keys.js';
import { useDeleteTag } from '../../api/repository/mutations.js';
import { repositoryQueries } from '../../api/repository/queries.js';
import type { Tag } from '../../api/repository/types.js';
import { dataTableClasses, RowActions } from '../../components/data-table/index.js';
import { RelativeTime } from '../../components/relative-time.js';
import { CommitSha } from './commit-sha.js';
import { CommitTitleLink } from './commit-title-link.js';
import { CreateTagModal } from './create-tag-modal.js';
import { DeleteRefModal } from './mutation-confirm-modal.js';
import { MarkdownView } from '../../components/markdown-view.js';
import { ReleaseNotesModal } from './release-notes-modal.js';
import { RefListPage, useRefListState } from './ref-list-page.js';
import { useRepository } from './repository-context.js';
import { fileRoute } from './repository-paths.js';
import { splitTagSignature } from './tag-signature.js';

const PER_PAGE = 20;

/** Tag rows align their cells at the top (notes and annotations make rows of different heights). */
const TOP = { verticalAlign: 'top' } as const;

/** An annotation without its signature armour; a "signed" badge when one was appended. */
function TagMessage({ message }: { message: string | null }) {
  if (!message) return null;
  const { text, signed } = splitTagSignature(message);
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      {signed ? (
        <Tooltip label="The tag carries a signature (git tag -s); Outpost doesn’t verify it.">
          <Badge
            size="xs"
            variant="light"
            color="teal"
            leftSection={<IconSignature size={12} />}
            style={{ flex: 'none' }}
            data-testid="tag-signed"
          >
            signed
          </Badge>
        </Tooltip>
      ) : null}
      {text ? (
        <Text
          size="xs"
          c="dimmed"
          lineClamp={2}
          title={text}
          data-testid="tag-message"
          style={{ minWidth: 0 }}
        >
          {text}
        </Text>
      ) : null}
    </Group>
  );
}

/**
 * Tags: newest or by name, searchable; annotated/lightweight badge, the annotation, the commit,
 * and release notes rendered from Markdown (add/edit in a dialog); create and delete tags.
 */
export function TagsPage() {
  const { profileId, projectId, empty } = useRepository();
  const [orderBy, setOrderBy] = useState<TagListFilters['orderBy']>('updated');
  const state = useRefListState(orderBy);
  const { search, page } = state;
  const [createOpened, createModal] = useDisclosure(false);
  const [notesFor, setNotesFor] = useState<Tag | null>(null);
  const [toDelete, setToDelete] = useState<Tag | null>(null);
  const deleteTag = useDeleteTag(profileId, projectId);

  const filters: TagListFilters = {
    search,
    page,
    perPage: PER_PAGE,
    orderBy,
    sort: orderBy === 'name' ? 'asc' : 'desc',
  };
  const query = useQuery({ ...repositoryQueries.tagList(profileId, projectId, filters), enabled: !empty });

  const newTag = (
    <Button leftSection={<IconPlus size={16} />} onClick={createModal.open} disabled={empty}>
      New tag
    </Button>
  );

  return (
    <RefListPage
      noun={{ title: 'Tags', one: 'tag', many: 'tags' }}
      blurb="Named points in the history, such as releases."
      describeTotal={(total, search) =>
        `${total} ${total === 1 ? 'tag' : 'tags'}${search ? ` matching “${search}”` : ''}`
      }
      actions={newTag}
      empty={empty}
      state={state}
      query={query}
      toolbar={
        <SegmentedControl
          size="xs"
          value={orderBy}
          onChange={(value) => setOrderBy(value as TagListFilters['orderBy'])}
          data={[
            { value: 'updated', label: 'Newest' },
            { value: 'name', label: 'Name' },
          ]}
          aria-label="Order tags by"
        />
      }
      noRefs={
        <EmptyState
          py={56}
          variant="light"
          icon={<IconTag size={26} stroke={1.6} />}
          title="No tags yet"
          description="Tags mark points in the history, such as releases. Create one from any branch."
        >
          <EmptyState.Actions>{newTag}</EmptyState.Actions>
        </EmptyState>
      }
      columns={[
        { label: 'Tag', skeletonWidth: 120 },
        { label: 'Commit', skeletonWidth: '70%' },
        { label: 'Release notes', skeletonWidth: '50%' },
        { skeletonWidth: 70 },
      ]}
      skeletonRows={5}
      tableMinWidth={880}
      renderRow={(tag) => (
        <Table.Tr key={tag.name} data-testid="tag-row">
          <Table.Td style={{ ...TOP, width: '26%' }}>
            <Stack gap={4}>
              <Group gap={8} wrap="nowrap">
                <IconTag size={16} stroke={1.7} color="var(--mantine-color-dimmed)" />
                <Text size="sm" fw={600} ff="monospace" data-testid="tag-name">
                  {tag.name}
                </Text>
                <Badge
                  size="sm"
                  variant="light"
                  color={tag.message !== null ? 'violet' : 'gray'}
                  data-testid="tag-kind"
                >
                  {tag.message !== null ? 'annotated' : 'lightweight'}
                </Badge>
                {tag.protected ? (
                  <Badge size="sm" variant="light" color="orange">
                    protected
                  </Badge>
                ) : null}
              </Group>
              <TagMessage message={tag.message} />
            </Stack>
          </Table.Td>
          <Table.Td style={{ ...TOP, maxWidth: 0, width: '34%' }}>
            <Stack gap={4}>
              <Group gap="sm" wrap="nowrap">
                <CommitSha sha={tag.commit.id} withCopy={false} />
                <CommitTitleLink projectId={projectId} commit={tag.commit} size="sm" />
              </Group>
              <Text size="xs" c="dimmed">
                {tag.commit.author_name} · <RelativeTime iso={tag.commit.committed_date} span inherit />
              </Text>
            </Stack>
          </Table.Td>
          <Table.Td style={TOP}>
            {tag.release?.description ? (
              <Spoiler
                maxHeight={84}
                showLabel="Show more"
                hideLabel="Show less"
                styles={{ control: { fontSize: 'var(--mantine-font-size-xs)' } }}
              >
                <MarkdownView source={tag.release.description} compact />
              </Spoiler>
            ) : (
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPlus size={14} />}
                onClick={() => setNotesFor(tag)}
              >
                Add release notes
              </Button>
            )}
          </Table.Td>
          <Table.Td className={dataTableClasses.actions} style={TOP}>
            <RowActions
              actions={[
                {
                  tooltip: 'Browse files',
                  label: `Browse files at ${tag.name}`,
                  icon: <IconFolderOpen size={16} />,
                  to: fileRoute(projectId, 'tree', '', tag.name),
                },
                {
                  tooltip: tag.release ? 'Edit release notes' : 'Add release notes',
                  label: `Release notes of ${tag.name}`,
                  icon: <IconFileDescription size={16} />,
                  onClick: () => setNotesFor(tag),
                },
                {
                  tooltip: 'Delete tag',
                  label: `Delete tag ${tag.name}`,
                  icon: <IconTrash size={16} />,
                  color: 'red',
                  onClick: () => setToDelete(tag),
                },
              ]}
            />
          </Table.Td>
        </Table.Tr>
      )}
    >
      {/* Mounted on open, so it starts from the ref being browsed now. */}
      {createOpened ? <CreateTagModal opened onClose={createModal.close} /> : null}
      {notesFor ? <ReleaseNotesModal tag={notesFor} onClose={() => setNotesFor(null)} /> : null}
      <DeleteRefModal kind="tag" target={toDelete} mutation={deleteTag} onClose={() => setToDelete(null)}>
        <Text size="sm">
          Delete the tag <b>{toDelete?.name}</b>
          {toDelete?.release ? ' and its release notes' : ''}? The commit it points at stays in the history.
        </Text>
      </DeleteRefModal>
    </RefListPage>
  );
}

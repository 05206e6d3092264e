import {
  ActionIcon,
  Badge,
  Button,
  CloseButton,
  Group,
  Menu,
  Modal,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  IconAdjustmentsHorizontal,
  IconBookmark,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  useMergeRequestViewDeleted,
  useMergeRequestViewSaved,
  useSavedMergeRequestViews,
} from '../../stores/merge-requests-store.js';
import {
  DEFAULT_FILTERS,
  FILTER_FIELDS,
  activeFilterChips,
  filtersToSearch,
  type MergeRequestFilters,
} from './merge-request-filters.js';

/** Search box, removable chips for the set filters, a panel with every filter, and saved views. */
export function FilterBar({
  filters,
  onApply,
  onUpdate,
  profileId,
}: {
  filters: MergeRequestFilters;
  onApply: (filters: MergeRequestFilters) => void;
  onUpdate: (patch: Partial<MergeRequestFilters>) => void;
  profileId: string;
}) {
  const [search, setSearch] = useState(filters.search);
  const [panel, setPanel] = useState(false);
  const [draft, setDraft] = useState(filters);
  const [saving, setSaving] = useState(false);
  const [viewName, setViewName] = useState('');
  const views = useSavedMergeRequestViews(profileId);
  const viewSaved = useMergeRequestViewSaved();
  const viewDeleted = useMergeRequestViewDeleted();
  const [, setSearchParams] = useSearchParams();
  // Follow the URL when it changes the search (chip removed, saved view opened): adjust during render.
  const [shownSearch, setShownSearch] = useState(filters.search);
  if (shownSearch !== filters.search) {
    setShownSearch(filters.search);
    setSearch(filters.search);
  }
  const chips = activeFilterChips(filters);

  return (
    <Stack gap="xs" mb="sm">
      <Group gap="xs" wrap="nowrap">
        <TextInput
          aria-label="Search merge requests"
          placeholder="Search title and description, press Enter"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onUpdate({ search: search.trim() });
          }}
          style={{ flex: 1 }}
        />
        <Button
          variant={panel ? 'light' : 'default'}
          leftSection={<IconAdjustmentsHorizontal size={16} />}
          onClick={() => {
            setDraft(filters);
            setPanel((open) => !open);
          }}
        >
          Filters
        </Button>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="default" leftSection={<IconBookmark size={16} />}>
              Views
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {views.length === 0 ? <Menu.Label>No saved views yet</Menu.Label> : null}
            {views.map((view) => (
              <Menu.Item
                key={view.name}
                onClick={() => setSearchParams(new URLSearchParams(view.query))}
                rightSection={
                  <ActionIcon
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Delete view ${view.name}`}
                    onClick={(event) => {
                      event.stopPropagation();
                      viewDeleted(profileId, view.name);
                    }}
                  >
                    <IconTrash size={12} />
                  </ActionIcon>
                }
              >
                {view.name}
              </Menu.Item>
            ))}
            <Menu.Divider />
            <Menu.Item leftSection={<IconPlus size={14} />} onClick={() => setSaving(true)}>
              Save current view…
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      {chips.length > 0 ? (
        <Group gap={6} data-testid="mr-filter-chips">
          {chips.map((chip) => (
            <Badge
              key={chip.key}
              variant="light"
              color="gray"
              tt="none"
              size="lg"
              radius="sm"
              pr={3}
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label={`Remove ${chip.label} filter`}
                  onClick={() => onUpdate({ [chip.key]: '' })}
                />
              }
            >
              {chip.label}: {chip.value}
            </Badge>
          ))}
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => onApply({ ...DEFAULT_FILTERS, state: filters.state })}
          >
            Clear all
          </Button>
        </Group>
      ) : null}
      {panel ? (
        <Paper withBorder p="md">
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
            {FILTER_FIELDS.map(({ key, label, placeholder, type = 'text' }) => (
              <TextInput
                key={key}
                label={label}
                placeholder={placeholder}
                type={type}
                value={String(draft[key])}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setDraft((current) => ({ ...current, [key]: value }));
                }}
              />
            ))}
          </SimpleGrid>
          <Group mt="sm" justify="space-between">
            <Group gap="xs">
              <Text size="sm" fw={500}>
                Draft
              </Text>
              <SegmentedControl
                size="xs"
                value={draft.wip || 'any'}
                onChange={(value) =>
                  setDraft((current) => ({ ...current, wip: value === 'any' ? '' : (value as 'yes' | 'no') }))
                }
                data={[
                  { value: 'any', label: 'Any' },
                  { value: 'yes', label: 'Drafts' },
                  { value: 'no', label: 'Ready' },
                ]}
              />
            </Group>
            <Group gap="xs">
              <Button variant="default" onClick={() => setPanel(false)}>
                Cancel
              </Button>
              <Button
                onClick={() => {
                  onApply({ ...draft, search: filters.search, state: filters.state, page: 1 });
                  setPanel(false);
                }}
              >
                Apply filters
              </Button>
            </Group>
          </Group>
        </Paper>
      ) : null}
      <Modal opened={saving} onClose={() => setSaving(false)} title="Save view" size="sm">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            viewSaved(profileId, { name: viewName, query: filtersToSearch(filters).toString() });
            setSaving(false);
            setViewName('');
          }}
        >
          <Stack>
            <TextInput
              label="Name"
              value={viewName}
              onChange={(event) => setViewName(event.currentTarget.value)}
              data-autofocus
              required
            />
            <Group justify="flex-end">
              <Button type="submit" disabled={viewName.trim() === ''}>
                Save view
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}

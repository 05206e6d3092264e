import { Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { NamespaceBasic } from '../../../../shared/api-types/projects.js';
import { namespaceQueries } from '../../api/namespaces/queries.js';

/** Props of {@link NamespaceSelect}. */
export interface NamespaceSelectProps {
  profileId: string;
  /** Selected namespace id as a string; null means "the user's own namespace" (no `namespace_id`). */
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string | undefined;
  /** Line under the label (default: "Leave empty for your personal namespace."). */
  description?: string;
  /** Placeholder while nothing is picked (default: "Your personal namespace"). */
  placeholder?: string;
}

/**
 * Where the project goes. Lists `GET /namespaces`; when the instance has no such endpoint (or it
 * fails), says the project goes to the user's personal namespace and sends no `namespace_id`.
 */
export function NamespaceSelect({
  profileId,
  value,
  onChange,
  error,
  description = 'Leave empty for your personal namespace.',
  placeholder = 'Your personal namespace',
}: NamespaceSelectProps) {
  const { data, isPending, isError } = useQuery(namespaceQueries.list(profileId));

  if (isError || (data && data.length === 0)) {
    return (
      <Text size="sm" c="dimmed">
        The project will be created in your personal namespace.
      </Text>
    );
  }
  const toOption = (namespace: NamespaceBasic) => ({
    value: String(namespace.id),
    label: namespace.full_path,
  });
  const namespaces = data ?? [];
  const groups = [
    { group: 'Users', items: namespaces.filter((namespace) => namespace.kind === 'user').map(toOption) },
    { group: 'Groups', items: namespaces.filter((namespace) => namespace.kind !== 'user').map(toOption) },
  ].filter((group) => group.items.length > 0);

  return (
    <Select
      label="Namespace"
      description={description}
      placeholder={isPending ? 'Loading namespaces…' : placeholder}
      data={groups}
      value={value}
      onChange={onChange}
      disabled={isPending}
      clearable
      searchable
      nothingFoundMessage="No namespace matches"
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

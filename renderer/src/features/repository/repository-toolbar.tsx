import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { PathBreadcrumbs } from './path-breadcrumbs.js';
import { RefSwitcher } from './ref-switcher.js';
import { useRepository } from './repository-context.js';
import { useSwitchRef } from './use-switch-ref.js';

/** The row above files, blame and history: the ref switcher, the path, and the screen's actions. */
export function RepositoryToolbar({ path, children }: { path?: string; children?: ReactNode }) {
  const { profileId, projectId, ref } = useRepository();
  const switchRef = useSwitchRef();
  return (
    <Group justify="space-between" gap="sm" mb="md" wrap="wrap">
      <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
        <RefSwitcher profileId={profileId} projectId={projectId} value={ref} onChange={switchRef} />
        {path !== undefined ? <PathBreadcrumbs path={path} /> : null}
      </Group>
      {children ? <Group gap="xs">{children}</Group> : null}
    </Group>
  );
}

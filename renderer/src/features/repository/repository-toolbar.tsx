import { Button, Group } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PathBreadcrumbs } from './path-breadcrumbs.js';
import { RefSwitcher } from './ref-switcher.js';
import { useRepository } from './repository-context.js';
import { historyRoute } from './repository-paths.js';
import { useLinkRef, useSwitchRef } from './use-switch-ref.js';

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

/** The toolbar's "History" button: the commits of the current ref that touch `path`. */
export function HistoryButton({ path }: { path: string }) {
  const { projectId } = useRepository();
  const linkRef = useLinkRef();
  return (
    <Button
      variant="default"
      size="sm"
      leftSection={<IconHistory size={16} />}
      component={Link}
      to={historyRoute(projectId, linkRef, path)}
    >
      History
    </Button>
  );
}

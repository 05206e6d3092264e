import { Button, Popover } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import type { Project } from '../../../../shared/api-types/projects.js';
import { ClonePanel } from './clone-panel.js';

/** The repository header's "Clone" button: opens the {@link ClonePanel} in a popover. */
export function CloneButton({ project }: { project: Pick<Project, 'http_url_to_repo' | 'default_branch'> }) {
  return (
    <Popover width={560} position="bottom-end" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <Button
          leftSection={<IconDownload size={16} />}
          rightSection={<IconChevronDown size={14} />}
          data-testid="clone-button"
        >
          Clone
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <ClonePanel project={project} opened={['clone']} />
      </Popover.Dropdown>
    </Popover>
  );
}

import { Badge } from '@mantine/core';
import { IconLock, IconShieldHalf, IconWorld } from '@tabler/icons-react';
import type { Visibility } from '../../../../shared/access-levels.js';

const LOOK: Record<Visibility, { label: string; color: string; icon: typeof IconLock }> = {
  private: { label: 'Private', color: 'gray', icon: IconLock },
  internal: { label: 'Internal', color: 'yellow', icon: IconShieldHalf },
  public: { label: 'Public', color: 'teal', icon: IconWorld },
};

/** Private / Internal / Public, with GitLab's icons. */
export function VisibilityBadge({ visibility }: { visibility: Visibility }) {
  const look = LOOK[visibility] ?? LOOK.private;
  const Icon = look.icon;
  return (
    <Badge variant="light" color={look.color} leftSection={<Icon size={12} stroke={2} />} tt="none" fw={500}>
      {look.label}
    </Badge>
  );
}

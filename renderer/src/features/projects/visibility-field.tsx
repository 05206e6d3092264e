import { Group, Radio, Stack, Text } from '@mantine/core';
import { IconLock, IconShieldHalf, IconWorld } from '@tabler/icons-react';
import { VISIBILITY_LEVELS, type Visibility } from '../../../../shared/access-levels.js';
import classes from './visibility-field.module.css';

const DETAILS: Record<Visibility, { label: string; description: string; icon: typeof IconLock }> = {
  private: { label: 'Private', description: 'Only project members can see it.', icon: IconLock },
  internal: { label: 'Internal', description: 'Any signed-in user can see it.', icon: IconShieldHalf },
  public: { label: 'Public', description: 'Anyone can see it, without signing in.', icon: IconWorld },
};

/** Visibility level as three radio cards (GitLab's new-project form). */
export function VisibilityField({
  value,
  onChange,
  error,
}: {
  value: Visibility;
  onChange: (value: Visibility) => void;
  error?: string | undefined;
}) {
  return (
    <Radio.Group
      label="Visibility level"
      value={value}
      onChange={(next) => onChange(next as Visibility)}
      error={error}
    >
      <Group gap="xs" mt={6} grow wrap="nowrap" align="stretch">
        {VISIBILITY_LEVELS.map((level) => {
          const { label, description, icon: Icon } = DETAILS[level];
          return (
            <Radio.Card key={level} value={level} className={classes.card} radius="md">
              <Stack gap={4}>
                <Group gap={6} wrap="nowrap">
                  <Radio.Indicator size="xs" />
                  <Icon size={15} stroke={1.8} />
                  <Text size="sm" fw={500}>
                    {label}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed" lh={1.35}>
                  {description}
                </Text>
              </Stack>
            </Radio.Card>
          );
        })}
      </Group>
    </Radio.Group>
  );
}

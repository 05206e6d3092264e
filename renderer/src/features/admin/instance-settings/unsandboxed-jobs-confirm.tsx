import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';

/** Props of {@link UnsandboxedJobsConfirm}. */
export interface UnsandboxedJobsConfirmProps {
  opened: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * The question asked before unsandboxed jobs are allowed: what any user who can push a
 * `.gitlab-ci.yml` can then do. Focus starts on Cancel, so Enter alone never loosens the instance.
 */
export function UnsandboxedJobsConfirm({ opened, onConfirm, onClose }: UnsandboxedJobsConfirmProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={600}>Allow jobs to run without a sandbox?</Text>}
      size="md"
    >
      <Stack gap="md">
        <Text size="sm">
          Where no sandbox can be had, pipeline jobs will then run as your own user, with everything you can
          reach. <strong>Any user who can push a .gitlab-ci.yml</strong> to a project of this instance, or
          import one, can then:
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>
            read every token this app holds, including the tokens of your other instances;
          </List.Item>
          <List.Item>
            read and change the data dir: the database, the token vault and every repository;
          </List.Item>
          <List.Item>run any program as you on this computer.</List.Item>
        </List>
        <Text size="sm">Allow it only if you trust everyone who can push to this instance.</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm}>
            Allow unsandboxed jobs
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

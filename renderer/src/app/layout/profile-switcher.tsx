import { Button, Group, Menu, Stack, Text, ThemeIcon } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  IconCheck,
  IconCloud,
  IconPencil,
  IconPlus,
  IconRefresh,
  IconSelector,
  IconServer,
} from '@tabler/icons-react';
import type { ProfileSummary } from '../../../../shared/ipc-contract.js';
import { ADMIN_MODE_EXPLANATION } from '../../../../shared/instance-capabilities.js';
import { capabilitiesOf, instanceDetailsLine } from '../../api/capabilities/capabilities.js';
import { getBridge } from '../../api/bridge.js';
import { BridgeError } from '../../api/bridge-error.js';
import { apiRequest, isSuccess } from '../../api/client.js';
import { describeError } from '../../api/describe-error.js';
import { profileKeys } from '../../api/profiles/keys.js';
import { useSetActiveProfile } from '../../api/profiles/mutations.js';
import { userQueries } from '../../api/users/queries.js';
import { AddInstanceModal } from './add-instance-modal.js';
import { EditInstanceModal } from './edit-instance-modal.js';

/** Props of {@link ProfileSwitcher}. */
export interface ProfileSwitcherProps {
  profiles: ProfileSummary[];
  active: ProfileSummary | null;
}

function ProfileIcon({ profile, size = 16 }: { profile: ProfileSummary; size?: number }) {
  return profile.kind === 'embedded' ? (
    <IconServer size={size} stroke={1.7} />
  ) : (
    <IconCloud size={size} stroke={1.7} />
  );
}

function describeLocation(profile: ProfileSummary): string {
  if (profile.kind === 'embedded') return 'Built-in instance';
  try {
    return new URL(profile.url).host;
  } catch {
    return profile.url;
  }
}

/**
 * What Outpost knows of the active instance, at the top of the switcher's menu (issue 26): the details
 * line, and what stands in the way (Admin Mode and a token without `admin_mode`; a token whose scopes and
 * expiry could not be read; a failed detection).
 */
function ActiveInstanceDetails({ profile }: { profile: ProfileSummary }) {
  const capabilities = capabilitiesOf(profile);
  const warnings: string[] = [];
  if (capabilities?.adminMode === 'token-lacks-admin_mode') warnings.push(ADMIN_MODE_EXPLANATION);
  if (
    capabilities &&
    capabilities.kind === 'gitlab' &&
    !capabilities.token.known &&
    capabilities.token.unknownReason
  )
    warnings.push(capabilities.token.unknownReason);
  return (
    <Stack gap={4} px="sm" py={6} maw={380} data-testid="instance-details">
      <Text size="xs" fw={600}>
        {profile.name}
      </Text>
      <Text size="xs" c="dimmed" data-testid="instance-details-line">
        {instanceDetailsLine(profile, new Date())}
      </Text>
      {warnings.map((warning) => (
        <Text key={warning} size="xs" c="orange">
          {warning}
        </Text>
      ))}
      {capabilities && capabilities.kind !== 'outpost-embedded' ? (
        <Text size="xs" c="dimmed">
          Checked {new Date(capabilities.detectedAt).toLocaleString()}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The project a route is about (`/projects/7/…`, `/repository/7/…`, `/merge-requests/7/…`,
 * `/pipelines/7/…`, `/alerts/7`), or null for routes that are not a project's. Project ids are per
 * instance: after a switch the same id is another project, or none.
 */
export function projectIdOfRoute(pathname: string): number | null {
  const match = /^\/(?:projects|repository|merge-requests|pipelines|alerts)\/(\d+)(?:\/|$)/.exec(pathname);
  return match ? Number(match[1]) : null;
}

/** Whether the error says the instance could not be asked at all (as the header's "unreachable"). */
function isUnreachable(error: unknown): boolean {
  return error instanceof BridgeError && (error.code === 'timeout' || error.code === 'unreachable');
}

/** What a switch found: whether the route's project exists there, and how `GET /user` went. */
interface SwitchOutcome {
  keepRoute: boolean;
  /** null when the instance answered `GET /user`. */
  userError: unknown;
}

/**
 * Header control listing the connection profiles. Picking one makes it active (the previous
 * profile's cached data is dropped); "Edit <name>…" (remote instances) renames it, replaces its token
 * or removes it; "Add GitLab instance" opens the connect dialog.
 *
 * Before the switch, the new instance is asked for the signed-in user (`GET /user`, the header's own
 * query) and, on a project's route, for that project (`GET /projects/:id`): when the project is not
 * there (or the instance does not answer) the screen moves to Projects instead of "Project not found".
 * The toast says "Switched to …" only when the instance answered; otherwise it says it was switched
 * but is unreachable (orange), as the header will.
 */
export function ProfileSwitcher({ profiles, active }: ProfileSwitcherProps) {
  const [addOpened, addHandlers] = useDisclosure(false);
  const [editing, setEditing] = useState<ProfileSummary | null>(null);
  const remotes = profiles.filter((profile) => profile.kind === 'remote');
  const setActive = useSetActiveProfile();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const switching = useMutation({
    mutationFn: async (id: string): Promise<SwitchOutcome> => {
      const projectId = projectIdOfRoute(pathname);
      const user = queryClient.fetchQuery(userQueries.current(id)).then(
        () => null,
        (error: unknown) => error ?? new Error('The instance did not answer.'),
      );
      const project =
        projectId === null
          ? Promise.resolve(true)
          : apiRequest({ method: 'GET', path: `/projects/${projectId}`, profileId: id }).then(
              (response) => isSuccess(response.status),
              () => false,
            );
      const keepRoute = await project;
      await setActive.mutateAsync({ id, previousId: active?.id ?? null });
      return { keepRoute, userError: await user };
    },
    onSuccess: ({ keepRoute }) => {
      if (!keepRoute) void navigate('/projects', { replace: true });
    },
  });
  // On demand: the host checks the instance again and relearns its capabilities (profiles:check).
  const recheck = useMutation({
    mutationFn: (id: string) => getBridge().profiles.check(id),
    meta: { invalidates: [profileKeys.list()], invalidatesOnError: true },
  });

  const switchTo = (profile: ProfileSummary) => {
    if (profile.id === active?.id) return;
    switching.mutate(profile.id, {
      onSuccess: ({ userError }) => {
        if (userError === null) {
          notifications.show({ color: 'teal', message: `Switched to ${profile.name}` });
        } else if (isUnreachable(userError)) {
          notifications.show({
            color: 'orange',
            title: `Switched to ${profile.name}, but it is unreachable`,
            message: describeError(userError),
          });
        } else {
          notifications.show({
            color: 'orange',
            title: `Switched to ${profile.name}, but it did not accept the token`,
            message: describeError(userError),
          });
        }
      },
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: `Could not switch to ${profile.name}`,
          message: describeError(error),
        }),
    });
  };

  const switchToAdded = (id: string) =>
    switching.mutate(id, {
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: 'Could not switch instance',
          message: describeError(error),
        }),
    });

  return (
    <>
      <Menu position="bottom-start" width={300} withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            size="sm"
            loading={switching.isPending}
            leftSection={active ? <ProfileIcon profile={active} /> : <IconServer size={16} />}
            rightSection={<IconSelector size={14} stroke={1.7} />}
            aria-label="Switch GitLab instance"
            data-testid="profile-switcher"
            maw={280}
            styles={{ label: { overflow: 'hidden' } }}
          >
            <Text span size="sm" fw={500} truncate>
              {active ? active.name : 'No instance'}
            </Text>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {active ? (
            <>
              <Menu.Label>This instance</Menu.Label>
              <ActiveInstanceDetails profile={active} />
              {active.kind === 'remote' ? (
                <Menu.Item
                  leftSection={<IconRefresh size={16} />}
                  closeMenuOnClick={false}
                  disabled={recheck.isPending}
                  onClick={() =>
                    recheck.mutate(active.id, {
                      onSuccess: (result) => {
                        if (!result.ok)
                          notifications.show({
                            color: 'red',
                            title: `Could not check ${active.name}`,
                            message: result.error ?? 'The instance did not answer.',
                          });
                      },
                      onError: (error) =>
                        notifications.show({
                          color: 'red',
                          title: `Could not check ${active.name}`,
                          message: describeError(error),
                        }),
                    })
                  }
                >
                  {recheck.isPending ? 'Checking…' : 'Check this instance again'}
                </Menu.Item>
              ) : null}
              <Menu.Divider />
            </>
          ) : null}
          <Menu.Label>GitLab instances</Menu.Label>
          {profiles.map((profile) => (
            <Menu.Item
              key={profile.id}
              onClick={() => switchTo(profile)}
              leftSection={
                <ThemeIcon variant="light" size="md" color={profile.active ? undefined : 'gray'}>
                  <ProfileIcon profile={profile} />
                </ThemeIcon>
              }
              rightSection={profile.active ? <IconCheck size={16} /> : null}
              aria-current={profile.active ? 'true' : undefined}
            >
              <Stack gap={0}>
                <Text size="sm" fw={500} truncate>
                  {profile.name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {describeLocation(profile)}
                  {!profile.hasToken ? ' · no token' : ''}
                </Text>
                <Text size="xs" c="dimmed" truncate title={instanceDetailsLine(profile, new Date())}>
                  {instanceDetailsLine(profile, new Date())}
                </Text>
              </Stack>
            </Menu.Item>
          ))}
          <Menu.Divider />
          {remotes.map((profile) => (
            <Menu.Item
              key={profile.id}
              leftSection={<IconPencil size={16} />}
              onClick={() => setEditing(profile)}
              aria-label={`Edit ${profile.name}`}
            >
              <Text size="sm" truncate>
                Edit {profile.name}…
              </Text>
            </Menu.Item>
          ))}
          <Menu.Item leftSection={<IconPlus size={16} />} onClick={addHandlers.open}>
            <Group gap={4}>Add GitLab instance…</Group>
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <AddInstanceModal opened={addOpened} onClose={addHandlers.close} onAdded={switchToAdded} />
      <EditInstanceModal profile={editing} onClose={() => setEditing(null)} />
    </>
  );
}

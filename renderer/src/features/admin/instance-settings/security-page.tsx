import { Paper, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { instanceSettingQueries } from '../../../api/admin/instance-settings/queries.js';
import { useActiveProfile } from '../../../app/active-profile.js';
import { PageHeader } from '../../../components/page-header.js';
import { AdminLoadError } from '../admin-query-error.js';
import { SecuritySettingsForm } from './security-settings-form.js';

/**
 * Admin → Security: the instance settings that decide what untrusted code and input can reach
 * (`GET/PUT /application/settings`): whether pipeline jobs run sandboxed or at all, the runner
 * limits, whether imports may reach the local network, and how new default branches are protected.
 */
export function SecurityPage() {
  const profile = useActiveProfile();
  const query = useQuery(instanceSettingQueries.detail(profile.id));

  let body;
  if (query.isError && !query.data) {
    body = <AdminLoadError what="the security settings" query={query} />;
  } else if (!query.data) {
    body = (
      <Stack gap="md" aria-busy>
        {Array.from({ length: 3 }, (_, index) => (
          <Paper key={index} withBorder p="md">
            <Stack gap="sm">
              <Skeleton height={10} width={140} />
              <Skeleton height={34} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  } else {
    body = <SecuritySettingsForm profileId={profile.id} settings={query.data} />;
  }

  return (
    <>
      <PageHeader
        title="Security"
        description={`What code and requests from the users of ${profile.name} can reach: pipeline jobs, imports and default branches.`}
      />
      <Stack gap="md" maw={880}>
        {body}
      </Stack>
    </>
  );
}

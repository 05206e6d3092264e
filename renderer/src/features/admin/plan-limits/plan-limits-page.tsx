import { Alert, Button, Group, Loader, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { IconGauge, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { planLimitQueries } from '../../../api/admin/plan-limits/queries.js';
import { planNamesToProbe } from '../../../api/admin/plan-limits/plan-names.js';
import { ApiError } from '../../../api/api-error.js';
import { useInstanceCapabilities } from '../../../api/capabilities/capabilities.js';
import { useActiveProfile } from '../../../app/active-profile.js';
import { TableEmptyState } from '../../../components/data-table/index.js';
import { PageHeader } from '../../../components/page-header.js';
import { AdminLoadError } from '../admin-query-error.js';
import { planLabel } from './plan-limit-labels.js';
import { PlanLimitsForm } from './plan-limits-form.js';

/**
 * Admin → Plan limits: the package file-size limits of each plan the instance has. There is no
 * endpoint listing plans, so the screen asks `GET /application/plan_limits` once for each plan the
 * instance's edition has (`planNamesToProbe`: `default` alone on the Community Edition, four on the
 * Enterprise Edition) and offers those the instance answers for.
 */
export function PlanLimitsPage() {
  const profile = useActiveProfile();
  const [planName, setPlanName] = useState('default');
  const query = useQuery(planLimitQueries.detail(profile.id, planName));
  const { capabilities } = useInstanceCapabilities();
  const planNames = planNamesToProbe(capabilities);
  const probes = useQueries({
    queries: planNames.map((name) => planLimitQueries.detail(profile.id, name)),
  });
  const available = planNames.filter((_name, index) => probes[index]?.isSuccess);
  const probing = probes.some((probe) => probe.isPending);
  const planOptions = (available.includes(planName) ? available : [planName, ...available]).map((name) => ({
    value: name,
    label: planLabel(name),
  }));

  const planSelect = (
    <Select
      label="Plan"
      data={planOptions}
      value={planName}
      onChange={(value) => value && setPlanName(value)}
      allowDeselect={false}
      w={220}
      rightSection={probing ? <Loader size={14} /> : undefined}
      comboboxProps={{ withinPortal: true }}
      data-testid="plan-select"
    />
  );

  let body;
  if (query.isError && !query.data) {
    body =
      query.error instanceof ApiError && query.error.status === 404 ? (
        <TableEmptyState
          icon={<IconGauge size={26} stroke={1.6} />}
          title={`No plan “${planName}” on this instance`}
          description="The Community Edition has only the default plan; paid plans exist on the Enterprise Edition."
          actions={
            <Button variant="light" onClick={() => setPlanName('default')}>
              Show the default plan
            </Button>
          }
        />
      ) : (
        <AdminLoadError what="plan limits" query={query} />
      );
  } else if (!query.data) {
    body = (
      <Paper withBorder p="md" aria-busy>
        <Stack gap="lg">
          {Array.from({ length: 6 }, (_, index) => (
            <Group key={index} justify="space-between" data-testid="plan-limit-skeleton">
              <Stack gap={6} style={{ flex: 1 }}>
                <Skeleton height={10} width={120} />
                <Skeleton height={8} width="40%" />
              </Stack>
              <Skeleton height={34} width={220} />
            </Group>
          ))}
        </Stack>
      </Paper>
    );
  } else {
    body = <PlanLimitsForm key={planName} profileId={profile.id} planName={planName} limits={query.data} />;
  }

  return (
    <>
      <PageHeader
        title="Plan limits"
        description={`Limits ${profile.name} applies to the projects of each plan. Sizes are binary: 1 GiB = 1024 MiB.`}
      />
      <Stack gap="md" maw={880}>
        <Group align="flex-end" justify="space-between">
          {planSelect}
          {!probing && available.length <= 1 ? (
            <Alert variant="transparent" color="gray" icon={<IconInfoCircle size={16} />} p={0}>
              <Text size="xs" c="dimmed">
                This instance has one plan. Enterprise editions add paid plans.
              </Text>
            </Alert>
          ) : null}
        </Group>
        {body}
      </Stack>
    </>
  );
}

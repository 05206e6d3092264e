import { Anchor, Code, Text } from '@mantine/core';
import { IconTopologyStar3 } from '@tabler/icons-react';
import type { InstanceCapabilities } from '../../../../../shared/instance-capabilities.js';
import { instanceName } from '../../../../../shared/instance-capabilities.js';
import { ScreenEmptyState } from '../../../components/screen-empty-state/screen-empty-state.js';

/** The GitLab docs page of the GitLab agent for Kubernetes (doc/user/clusters/agent/index.md). */
export const AGENT_DOCS_URL = 'https://docs.gitlab.com/user/clusters/agent/';

/**
 * The honest state of Admin → Clusters on a GitLab that answered `GET /admin/clusters` with 404:
 * certificate-based clusters are off there (deprecated in 14.5, disabled by default in 17.0 behind the
 * `certificate_based_clusters` feature flag: doc/user/infrastructure/clusters/index.md;
 * lib/api/admin/instance_clusters.rb `ensure_feature_enabled!`). GitLab connects clusters through the
 * GitLab agent for Kubernetes instead (doc/user/clusters/agent/), registered per project, with `kas` (the
 * agent server) reported by `GET /metadata` when enabled. Never an error colour: nothing failed.
 */
export function CertificateClustersOff({ capabilities }: { capabilities: InstanceCapabilities | null }) {
  const name = capabilities ? instanceName(capabilities) : 'This GitLab';
  const kas = capabilities?.kas;
  return (
    <ScreenEmptyState
      testId="certificate-clusters-off"
      maw={560}
      icon={IconTopologyStar3}
      title={`Certificate-based clusters are turned off on ${name}`}
      description={
        <>
          <Text span display="block" size="sm" c="dimmed">
            GitLab deprecated certificate-based Kubernetes clusters in 14.5 and disabled them by default in
            17.0, so {name} answers the instance clusters API with “404 Not Found”. Outpost asked once and
            does not ask again.
          </Text>
          <Text span display="block" size="sm" mt={8}>
            GitLab connects clusters through the GitLab agent for Kubernetes instead: install the agent in the
            cluster, register it in a project (Operate → Kubernetes clusters), and share it with other groups
            and projects through its <Code>ci_access</Code> configuration.{' '}
            {kas?.enabled
              ? `The agent server (KAS${kas.version ? ` ${kas.version}` : ''}) is enabled on this instance${kas.externalUrl ? ` at ${kas.externalUrl}` : ''}.`
              : 'The agent server (KAS) must be enabled on the instance; GitLab’s /metadata does not report it enabled here.'}
          </Text>
          <Text span display="block" size="sm" mt={8}>
            An administrator can still turn certificate-based clusters back on with the{' '}
            <Code>certificate_based_clusters</Code> feature flag until GitLab removes them.{' '}
            <Anchor href={AGENT_DOCS_URL} target="_blank" rel="noreferrer" size="sm">
              The GitLab agent for Kubernetes
            </Anchor>
          </Text>
        </>
      }
    />
  );
}

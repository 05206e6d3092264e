import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import type { Project } from '../../../../shared/api-types/projects.js';
import {
  decideFeature,
  instanceName,
  type InstanceCapabilities,
} from '../../../../shared/instance-capabilities.js';
import { instanceSettingQueries } from '../../api/admin/instance-settings/queries.js';
import { useInstanceCapabilities } from '../../api/capabilities/capabilities.js';
import { describeError } from '../../api/describe-error.js';
import { FormModalBody } from '../../components/form-modal/form-modal.js';
import { ImportFailedAlert, ImportProgressBar } from './import-run.js';
import type { ImportTarget } from './import-source.js';
import { ImportSourceInput, ProjectNameFields, ProjectPlacementFields } from './project-fields.js';
import { useImportProjectState } from './use-import-project-state.js';

/** Props of {@link ImportProjectModal}. */
export interface ImportProjectModalProps {
  profileId: string;
  opened: boolean;
  onClose: () => void;
}

type ImportState = ReturnType<typeof useImportProjectState>;

/** While the import runs, or after it failed: progress or the reason, and what to do next. */
function ImportProgressView({ state, importing }: { state: ImportState; importing: Project }) {
  const failed = importing.import_status === 'failed';
  return (
    <Stack gap="md" data-testid="import-progress">
      {failed ? (
        <ImportFailedAlert project={importing}>
          The project {importing.path_with_namespace} exists but its repository is empty.
        </ImportFailedAlert>
      ) : (
        <>
          <Group gap="sm" wrap="nowrap">
            <Loader size="sm" />
            <Text size="sm">
              Importing into <b>{importing.path_with_namespace}</b>…{' '}
              <Text span c="dimmed" size="sm">
                ({importing.import_status})
              </Text>
            </Text>
          </Group>
          <ImportProgressBar />
          <Text size="xs" c="dimmed">
            You can close this dialog: the import continues, and a notification tells you when it ends.
          </Text>
        </>
      )}
      {state.deleteProject.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} title="Could not delete the project">
          {describeError(state.deleteProject.error)}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        {failed ? (
          <>
            <Button
              variant="default"
              color="red"
              loading={state.deleteProject.isPending}
              onClick={() => state.deleteFailed(importing)}
            >
              Delete project
            </Button>
            <Button
              loading={state.importPending}
              disabled={state.deleteProject.isPending}
              onClick={() => state.retryFailed(importing)}
            >
              Delete and import again
            </Button>
          </>
        ) : null}
        <Button variant="default" onClick={state.close} disabled={state.deleteProject.isPending}>
          {failed ? 'Close' : 'Continue in background'}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * What GitLab needs to import by URL (doc/user/project/import/repo_by_url.md; doc/api/projects.md
 * `import_url` of "Create a project"): it fetches the repository itself, so the URL must be reachable from
 * the GitLab server, a private repository needs credentials in the URL, and "Repository by URL" (`git` in
 * `import_sources`, doc/api/settings.md) must be enabled. The settings are read only with a token that may
 * (an administrator whose token is not blocked by Admin Mode, per the capabilities); otherwise the
 * requirement is stated without checking it.
 */
function GitLabImportNote({
  profileId,
  capabilities,
}: {
  profileId: string;
  capabilities: InstanceCapabilities | null;
}) {
  const mayRead =
    capabilities?.kind === 'gitlab' &&
    capabilities.user?.isAdmin === true &&
    capabilities.adminMode !== 'token-lacks-admin_mode';
  const settings = useQuery({ ...instanceSettingQueries.detail(profileId), enabled: mayRead });
  const sources = settings.data?.import_sources;
  const byUrlOff = Array.isArray(sources) && !sources.includes('git');
  const name = capabilities ? instanceName(capabilities) : 'GitLab';
  return (
    <Alert
      variant="light"
      color={byUrlOff ? 'yellow' : 'gray'}
      icon={<IconInfoCircle size={18} />}
      title={`${name} imports by URL`}
      data-testid="gitlab-import-note"
    >
      <Text size="sm">
        Importing a repository from this computer is an Outpost feature. {name} fetches the repository itself,
        so the URL must be reachable from the GitLab server; for a private repository include a username and
        an access token in the URL.{' '}
        {byUrlOff
          ? '“Repository by URL” is not among the import sources enabled on this instance (Admin > Settings > General > Import and export settings), so GitLab may refuse the import.'
          : sources
            ? '“Repository by URL” is enabled on this instance.'
            : 'An administrator must have enabled “Repository by URL” among the import sources.'}
      </Text>
    </Alert>
  );
}

/**
 * "Import repository": a Git repository on this machine (absolute path or `file://` URL) becomes a
 * project via `POST /projects` with `import_url`. After the POST the dialog follows `import_status`
 * until the import finishes (success notification) or fails (the instance's reason, inline). On GitLab
 * (no local paths: capability `import-local-path`) it asks for an http(s):// or git:// URL and says what
 * GitLab needs ({@link GitLabImportNote}). State
 * and handlers live in {@link useImportProjectState}.
 */
export function ImportProjectModal({ profileId, opened, onClose }: ImportProjectModalProps) {
  const { capabilities } = useInstanceCapabilities();
  // Local paths are Outpost's (capability `import-local-path`); GitLab imports by URL only.
  const target: ImportTarget =
    decideFeature('import-local-path', capabilities).status === 'unavailable' ? 'gitlab' : 'outpost';
  const state = useImportProjectState(profileId, onClose, target);
  const { form, errors } = state;
  return (
    <Modal
      opened={opened}
      onClose={state.close}
      title={<Text fw={600}>Import repository</Text>}
      size="lg"
      closeOnClickOutside={!state.busy}
    >
      {state.importing ? (
        <ImportProgressView state={state} importing={state.importing} />
      ) : (
        <FormModalBody
          onSubmit={() => void state.submit()}
          onCancel={state.close}
          submitLabel="Import"
          busy={state.busy}
          error={errors.general}
          errorTitle="The repository was not imported"
          footerMt="xs"
          formTestId="import-project-form"
        >
          {target === 'gitlab' ? (
            <GitLabImportNote profileId={profileId} capabilities={capabilities} />
          ) : null}
          <ImportSourceInput
            description={
              target === 'gitlab'
                ? 'The http://, https:// or git:// URL of a Git repository the GitLab server can reach.'
                : 'A Git repository on this computer: an absolute path or a file:// URL.'
            }
            placeholder={
              target === 'gitlab' ? 'https://git.example.com/team/my-app.git' : '/srv/git/my-app.git'
            }
            value={form.source}
            onChange={state.onSourceChange}
            error={errors.fields.import_url}
            data-autofocus
          />
          <ProjectNameFields
            layout="row"
            value={form}
            onChange={state.onNameChange}
            errors={errors.fields}
            namePlaceholder="my-app"
            pathPlaceholder="my-app"
          />
          <ProjectPlacementFields
            profileId={profileId}
            namespaceId={form.namespaceId}
            visibility={form.visibility}
            onChange={state.update}
            errors={errors.fields}
          />
        </FormModalBody>
      )}
    </Modal>
  );
}

import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { Project } from '../../../../shared/api-types/projects.js';
import { describeError } from '../../api/describe-error.js';
import { FormModalBody } from '../../components/form-modal/form-modal.js';
import { ImportFailedAlert, ImportProgressBar } from './import-run.js';
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
 * "Import repository": a Git repository on this machine (absolute path or `file://` URL) becomes a
 * project via `POST /projects` with `import_url`. After the POST the dialog follows `import_status`
 * until the import finishes (success notification) or fails (the instance's reason, inline); state
 * and handlers live in {@link useImportProjectState}.
 */
export function ImportProjectModal({ profileId, opened, onClose }: ImportProjectModalProps) {
  const state = useImportProjectState(profileId, onClose);
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
          <ImportSourceInput
            description="A Git repository on this computer: an absolute path or a file:// URL."
            placeholder="/srv/git/my-app.git"
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

import {
  Alert,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconCertificate, IconInfoCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useAddCluster, useUpdateCluster } from '../../../api/admin/clusters/mutations.js';
import {
  CLUSTER_AUTHORIZATION_TYPES,
  type ClusterAuthorizationType,
  type InstanceCluster,
} from '../../../api/admin/clusters/types.js';
import { FormModalBody } from '../../../components/form-modal/form-modal.js';
import { AdminDialog, announceAndClose } from '../admin-dialog.js';
import { toFormErrors, type FormErrors } from '../form-errors.js';
import { AUTHORIZATION_TYPE_LABELS } from './authorization-types.js';
import {
  canEditConnection,
  clusterFieldForAttribute,
  clusterToForm,
  EMPTY_CLUSTER_FORM,
  toAddClusterInput,
  toUpdateClusterInput,
  validateClusterForm,
  type ClusterFormField,
  type ClusterFormValues,
} from './cluster-form-values.js';
import { findPemBlocks } from './cluster-rules.js';

/** Props of {@link ClusterFormModal}. */
export interface ClusterFormModalProps {
  profileId: string;
  opened: boolean;
  /** The cluster to edit; null to add one. */
  cluster: InstanceCluster | null;
  /** Every cluster of the instance, to catch a scope already in use. */
  clusters: readonly InstanceCluster[];
  onClose: () => void;
}

const NO_SERVER_ERRORS: FormErrors<ClusterFormField> = { fields: {}, general: null };
const CHECKED_WHILE_TYPING: ReadonlySet<ClusterFormField> = new Set(['environmentScope']);
const monospace = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/**
 * "Add cluster" and "Edit cluster": name, environment scope, API URL, write-only service token,
 * CA certificate, authorization type, domain, enabled and managed. Fields are checked as
 * they are edited (URL, PEM, scope…); the instance's own errors land on the same fields.
 */
export function ClusterFormModal(props: ClusterFormModalProps) {
  // Mounted per opening, so the form starts fresh from the cluster each time.
  return (
    <AdminDialog
      opened={props.opened}
      onClose={props.onClose}
      title={props.cluster ? `Edit cluster “${props.cluster.name}”` : 'Add cluster'}
      size="lg"
    >
      <ClusterForm key={props.cluster?.id ?? 'new'} {...props} />
    </AdminDialog>
  );
}

function ClusterForm({ profileId, cluster, clusters, onClose }: ClusterFormModalProps) {
  const [values, setValues] = useState<ClusterFormValues>(() =>
    cluster ? clusterToForm(cluster) : EMPTY_CLUSTER_FORM,
  );
  const [touched, setTouched] = useState<ReadonlySet<ClusterFormField>>(new Set());
  const [serverErrors, setServerErrors] = useState<FormErrors<ClusterFormField>>(NO_SERVER_ERRORS);
  const addCluster = useAddCluster(profileId);
  const updateCluster = useUpdateCluster(profileId);
  const pending = addCluster.isPending || updateCluster.isPending;
  const connectionEditable = canEditConnection(cluster);

  const clientErrors = validateClusterForm(values, { editing: cluster, clusters });
  const errorOf = (field: ClusterFormField) =>
    serverErrors.fields[field] ?? (touched.has(field) ? clientErrors[field] : undefined);

  const update = <F extends ClusterFormField>(field: F, value: ClusterFormValues[F]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setServerErrors((previous) => {
      if (!previous.fields[field]) return previous;
      const fields = { ...previous.fields };
      delete fields[field];
      return { ...previous, fields };
    });
  };
  const touch = (field: ClusterFormField) =>
    setTouched((previous) => (previous.has(field) ? previous : new Set([...previous, field])));
  const textProps = (field: 'name' | 'apiUrl' | 'environmentScope' | 'domain') => ({
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) => {
      update(field, event.currentTarget.value);
      // Character rules (the scope) are checked from the first keystroke; the name and URL
      // once the field was left or edited again, so a half-typed URL is not called wrong.
      if (CHECKED_WHILE_TYPING.has(field) || values[field] !== '') touch(field);
    },
    onBlur: () => touch(field),
    error: errorOf(field),
  });

  const certificates = findPemBlocks(values.caCert).filter(
    (block) => block.label === 'CERTIFICATE' && block.validBody,
  ).length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set(Object.keys(values) as ClusterFormField[]));
    setServerErrors(NO_SERVER_ERRORS);
    if (Object.keys(clientErrors).length > 0) return;
    const onError = (error: unknown) => setServerErrors(toFormErrors(error, clusterFieldForAttribute));
    if (!cluster) {
      addCluster.mutate(toAddClusterInput(values), {
        onSuccess: announceAndClose(onClose, (added) => ({
          title: 'Cluster added',
          message: `${added.name} serves the environment scope ${added.environment_scope}.`,
        })),
        onError,
      });
      return;
    }
    const input = toUpdateClusterInput(values, cluster);
    if (Object.keys(input).length === 0) {
      onClose();
      return;
    }
    updateCluster.mutate(
      { id: cluster.id, input },
      {
        onSuccess: announceAndClose(onClose, (updated) => ({
          title: 'Cluster saved',
          message: `${updated.name} is up to date.`,
        })),
        onError,
      },
    );
  };

  return (
    <FormModalBody
      onSubmit={submit}
      onCancel={onClose}
      submitLabel={cluster ? 'Save changes' : 'Add cluster'}
      busy={pending}
      error={serverErrors.general}
      errorTitle={cluster ? 'The cluster was not saved' : 'The cluster was not added'}
      footerMt="xs"
      formTestId="cluster-form"
      autoComplete="off"
    >
      {!connectionEditable ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle />}>
          This cluster was not added through the API, so its name, API URL, certificate and token stay as they
          are.
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="Cluster name"
          description="How the Admin area lists it."
          placeholder="production"
          required
          disabled={!connectionEditable}
          data-autofocus
          {...textProps('name')}
        />
        <TextInput
          label="Environment scope"
          description="* for every environment, or e.g. review/*"
          required
          styles={monospace}
          {...textProps('environmentScope')}
        />
      </SimpleGrid>
      <TextInput
        label="API URL"
        description="The address of the Kubernetes API server."
        placeholder="https://kubernetes.example.com:6443"
        required
        disabled={!connectionEditable}
        styles={monospace}
        {...textProps('apiUrl')}
      />
      <PasswordInput
        label="Service token"
        description={
          cluster
            ? 'Leave empty to keep the current token. The token is never shown again.'
            : 'A service account token GitLab uses against the cluster API. Stored encrypted; never shown again.'
        }
        placeholder={cluster ? 'Leave empty to keep the current token' : undefined}
        required={!cluster}
        disabled={!connectionEditable}
        autoComplete="new-password"
        value={values.token}
        onChange={(event) => update('token', event.currentTarget.value)}
        onBlur={() => touch('token')}
        error={errorOf('token')}
        styles={monospace}
      />
      <Textarea
        label="CA certificate"
        description="PEM. Needed when the API uses a certificate no public authority signed."
        placeholder={'-----BEGIN CERTIFICATE-----\n…\n-----END CERTIFICATE-----'}
        autosize
        minRows={3}
        maxRows={8}
        disabled={!connectionEditable}
        value={values.caCert}
        onChange={(event) => {
          update('caCert', event.currentTarget.value);
          touch('caCert');
        }}
        error={errorOf('caCert')}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
        inputWrapperOrder={['label', 'description', 'input', 'error']}
      />
      {certificates > 0 && !errorOf('caCert') ? (
        <Group gap={6} mt={-8} c="teal" data-testid="ca-cert-ok">
          <IconCertificate size={16} stroke={1.7} />
          <Text size="xs">
            {certificates === 1 ? 'One PEM certificate' : `${certificates} PEM certificates (a chain)`}
          </Text>
        </Group>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label="Authorization type"
          description={cluster ? 'Set when the cluster was added.' : 'How the token is authorized.'}
          data={CLUSTER_AUTHORIZATION_TYPES.map((type) => ({
            value: type,
            label: AUTHORIZATION_TYPE_LABELS[type],
          }))}
          value={values.authorizationType}
          onChange={(value) => value && update('authorizationType', value as ClusterAuthorizationType)}
          allowDeselect={false}
          disabled={cluster !== null}
          error={errorOf('authorizationType')}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label="Base domain"
          description="Optional; for Auto DevOps review apps."
          placeholder="apps.example.com"
          {...textProps('domain')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Switch
          label="Enabled"
          description="Jobs may deploy to this cluster."
          checked={values.enabled}
          onChange={(event) => update('enabled', event.currentTarget.checked)}
        />
        <Switch
          label="GitLab-managed"
          description="GitLab creates namespaces and service accounts."
          checked={values.managed}
          onChange={(event) => update('managed', event.currentTarget.checked)}
        />
      </SimpleGrid>
    </FormModalBody>
  );
}

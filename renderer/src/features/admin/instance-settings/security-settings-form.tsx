import { Alert, Button, Group, NumberInput, Paper, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useUpdateSecuritySettings } from '../../../api/admin/instance-settings/mutations.js';
import type { ApplicationSettings, SecuritySettingKey } from '../../../api/admin/instance-settings/types.js';
import { toFormErrors } from '../form-errors.js';
import { JobSandboxStatus } from './job-sandbox-status.js';
import { branchProtectionState } from '../../../api/admin/instance-settings/branch-protection-defaults.js';
import {
  changedKeys,
  clientErrors,
  LIMIT_KEYS,
  presentSettingKeys,
  settingForAttribute,
  toFormValues,
  toUpdateInput,
  type SecurityFormValues,
} from './security-form-values.js';
import { BRANCH_PROTECTION_OPTIONS, LIMIT_LABELS, SETTING_NAMES } from './security-setting-labels.js';
import classes from './security-settings-form.module.css';
import { RiskySwitch } from './risky-switch.js';
import { UnsandboxedJobsConfirm } from './unsandboxed-jobs-confirm.js';

/** Props of {@link SecuritySettingsForm}. */
export interface SecuritySettingsFormProps {
  profileId: string;
  settings: ApplicationSettings;
}

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Paper withBorder component="section" aria-label={title} data-testid={testId}>
      <div className={classes.sectionHeader}>
        <Text
          size="xs"
          fw={600}
          c="dimmed"
          tt="uppercase"
          className={classes.sectionTitle}
          component="h3"
          m={0}
        >
          {title}
        </Text>
      </div>
      <Stack gap="md" className={classes.sectionBody}>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * The security settings of the instance in three sections: pipeline jobs (the sandbox status, the
 * unsandboxed-jobs switch behind a confirmation, and the runner limits; only where the instance has
 * them, i.e. Outpost's own core), imports and outbound requests, and default branch protection.
 * Saves the changed settings in one `PUT /application/settings`; the instance's per-field errors
 * show under their fields and nothing is stored when one is refused.
 */
export function SecuritySettingsForm({ profileId, settings }: SecuritySettingsFormProps) {
  const keys = presentSettingKeys(settings);
  const [values, setValues] = useState<SecurityFormValues>(() => toFormValues(settings));
  const [serverErrors, setServerErrors] = useState<Partial<Record<SecuritySettingKey, string>>>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const update = useUpdateSecuritySettings(profileId);
  const saving = update.isPending;

  const local = clientErrors(values, keys);
  const errors = { ...serverErrors, ...local };
  const changed = changedKeys(values, settings, keys);
  const input = toUpdateInput(values, settings, keys);
  const has = (key: SecuritySettingKey) => keys.includes(key);
  const changedClass = (key: SecuritySettingKey) => (changed.includes(key) ? classes.changed : undefined);

  const set = <K extends keyof SecurityFormValues>(key: K, value: SecurityFormValues[K]) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    setServerErrors(({ [key]: _dropped, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!input || changed.length === 0 || saving) return;
    setGeneralError(null);
    update.mutate(input, {
      onSuccess: (saved) => {
        setValues(toFormValues(saved));
        setServerErrors({});
        notifications.show({
          color: 'teal',
          title: 'Security settings saved',
          message: `Updated: ${changed.map((key) => SETTING_NAMES[key]).join(', ')}.`,
        });
      },
      onError: (error) => {
        const split = toFormErrors(error, (attribute) => settingForAttribute(attribute, keys));
        setServerErrors(split.fields);
        setGeneralError(split.general);
      },
    });
  };

  const reset = () => {
    setValues(toFormValues(settings));
    setServerErrors({});
    setGeneralError(null);
    update.reset();
  };

  const protection = BRANCH_PROTECTION_OPTIONS.find(
    (option) => option.value === values.default_branch_protection,
  );

  return (
    <form onSubmit={submit} noValidate data-testid="security-settings-form">
      <Stack gap="md">
        {has('allow_unsandboxed_ci_jobs') ? (
          <Section title="Pipeline jobs" testId="section-pipeline-jobs">
            <JobSandboxStatus profileId={profileId} />
            <RiskySwitch
              setting="allow_unsandboxed_ci_jobs"
              checked={values.allow_unsandboxed_ci_jobs}
              onChange={(checked) => {
                if (checked) setConfirmOpen(true);
                else set('allow_unsandboxed_ci_jobs', false);
              }}
              disabled={saving}
              error={errors.allow_unsandboxed_ci_jobs}
              className={changedClass('allow_unsandboxed_ci_jobs')}
            />
            <div className={classes.limits}>
              {LIMIT_KEYS.filter(has).map((key) => (
                <NumberInput
                  key={key}
                  label={LIMIT_LABELS[key].label}
                  description={LIMIT_LABELS[key].description}
                  value={values[key]}
                  onChange={(value) =>
                    set(key, typeof value === 'number' ? value : value === '' ? '' : Number.NaN)
                  }
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="none"
                  thousandSeparator=","
                  hideControls
                  rightSection={
                    <Text size="xs" c="dimmed" pr={8}>
                      {LIMIT_LABELS[key].unit}
                    </Text>
                  }
                  rightSectionWidth={64}
                  rightSectionPointerEvents="none"
                  error={errors[key]}
                  disabled={saving}
                  className={changedClass(key)}
                  data-testid={`limit-${key}`}
                />
              ))}
            </div>
          </Section>
        ) : null}

        {has('allow_local_requests_from_web_hooks_and_services') ? (
          <Section title="Imports and outbound requests" testId="section-outbound">
            <RiskySwitch
              setting="allow_local_requests_from_web_hooks_and_services"
              checked={values.allow_local_requests_from_web_hooks_and_services}
              onChange={(checked) => set('allow_local_requests_from_web_hooks_and_services', checked)}
              disabled={saving}
              error={errors.allow_local_requests_from_web_hooks_and_services}
              className={changedClass('allow_local_requests_from_web_hooks_and_services')}
            />
          </Section>
        ) : null}

        {has('default_branch_protection') ? (
          <Section title="Default branch protection" testId="section-branch-protection">
            <Select
              label="Initial default branch protection"
              description={
                (protection
                  ? `${protection.description} Applies to the default branch of each new project.`
                  : 'Applies to the default branch of each new project.') +
                (branchProtectionState(settings).custom
                  ? ' The instance has a custom protection set in GitLab (roles or force push beyond these levels); saving a level here replaces it.'
                  : '')
              }
              data={BRANCH_PROTECTION_OPTIONS.map((option) => ({
                value: String(option.value),
                label: option.label,
              }))}
              value={String(values.default_branch_protection)}
              onChange={(value) => {
                if (value !== null) set('default_branch_protection', Number(value));
              }}
              allowDeselect={false}
              maw={360}
              disabled={saving}
              error={errors.default_branch_protection}
              comboboxProps={{ withinPortal: true }}
              className={changedClass('default_branch_protection')}
              data-testid="branch-protection-select"
            />
          </Section>
        ) : null}

        <Paper withBorder p="md" className={classes.footer}>
          <Stack gap="sm">
            {generalError ? (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertCircle />}
                title="The settings were not saved"
              >
                {generalError}
              </Alert>
            ) : null}
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed" data-testid="unsaved-changes">
                {changed.length === 0
                  ? 'No unsaved changes.'
                  : `${changed.length} unsaved ${changed.length === 1 ? 'change' : 'changes'}.`}
              </Text>
              <Group gap="sm">
                <Button variant="default" disabled={changed.length === 0 || saving} onClick={reset}>
                  Reset
                </Button>
                <Button type="submit" loading={saving} disabled={changed.length === 0 || input === null}>
                  Save changes
                </Button>
              </Group>
            </Group>
          </Stack>
        </Paper>
      </Stack>
      <UnsandboxedJobsConfirm
        opened={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        onConfirm={() => {
          set('allow_unsandboxed_ci_jobs', true);
          setConfirmOpen(false);
        }}
      />
    </form>
  );
}

import { Button, Group, Stack } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import {
  hasConnectionErrors,
  insecureHttpConsent,
  InstanceConnectionFields,
  normalizedInstanceUrl,
  validateConnectionFields,
  type ConnectionFieldErrors,
} from '../../app/layout/instance-connection-fields.js';
import { instanceNameFromUrl } from './instance-name.js';
import { useConnectRemote } from '../../api/onboarding/mutations.js';
import classes from './welcome.module.css';
import { ErrorAlert } from '../../components/error-alert/error-alert.js';

/** Props of {@link RemoteStep}. */
export interface RemoteStepProps {
  /** Called once the instance is connected, active and the choice recorded. */
  onConnected: () => void;
}

/**
 * "Connect to a GitLab instance": URL and personal access token. The host checks them with
 * `GET /version` and `GET /user` and explains a failure in a sentence (unreachable, TLS, 401, 403
 * scope, not GitLab, timeout), shown above the form. After a failure the token stays in its field (only in
 * this step's memory, never persisted) so a mistyped URL can be fixed without pasting it again.
 */
export function RemoteStep({ onConnected }: RemoteStepProps) {
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  const [allowInsecureHttp, setAllowInsecureHttp] = useState(false);
  const [errors, setErrors] = useState<ConnectionFieldErrors>({});
  const connect = useConnectRemote();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = validateConnectionFields(url, token, allowInsecureHttp);
    setErrors(next);
    if (hasConnectionErrors(next)) return;
    const base = normalizedInstanceUrl(url);
    const input = {
      name: instanceNameFromUrl(base),
      url: base,
      token: token.trim(),
      ...insecureHttpConsent(base, allowInsecureHttp),
    };
    connect.mutate(input, {
      onSuccess: () => {
        setToken('');
        onConnected();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="remote-form">
      <Stack gap="md">
        {connect.isError ? (
          <ErrorAlert title="Outpost could not connect" error={connect.error} testId="remote-error" />
        ) : null}
        <InstanceConnectionFields
          url={url}
          token={token}
          onUrlChange={(next) => {
            setUrl(next);
            // A confirmation is for the address it was given for.
            setAllowInsecureHttp(false);
          }}
          onTokenChange={setToken}
          allowInsecureHttp={allowInsecureHttp}
          onAllowInsecureHttpChange={setAllowInsecureHttp}
          errors={errors}
          tokenDescription="Needs the api scope (read_api is enough to browse). It stays in this computer’s vault and is never shown again."
          autoFocusUrl
          urlClassName={classes.mono}
        />
        <Group justify="flex-end" mt="xs">
          <Button type="submit" loading={connect.isPending} leftSection={<IconPlugConnected size={16} />}>
            Connect
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

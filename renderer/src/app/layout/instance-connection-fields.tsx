import { Alert, Checkbox, PasswordInput, TextInput } from '@mantine/core';
import { IconLockOpen } from '@tabler/icons-react';
import { INSECURE_HTTP_WARNING, isInsecureRemoteUrl } from '../../../../shared/instance-url-security.js';
import { validateInstanceUrl } from './validate-instance-url.js';

/** Field errors of the URL + token pair (and the plain-http confirmation). */
export interface ConnectionFieldErrors {
  url?: string | undefined;
  token?: string | undefined;
  insecure?: string | undefined;
}

/**
 * Checks the URL (`validateInstanceUrl`), that a token was pasted, and that a plain `http://` URL to a
 * host that is not this computer (`isInsecureRemoteUrl`) was confirmed. Returns one sentence per bad
 * field; an empty object when all are fine.
 */
export function validateConnectionFields(
  url: string,
  token: string,
  allowInsecureHttp = false,
): ConnectionFieldErrors {
  const errors: ConnectionFieldErrors = {};
  const urlError = validateInstanceUrl(url);
  if (urlError) errors.url = urlError;
  if (!token.trim()) errors.token = 'Paste a personal access token with the api scope.';
  if (!urlError && isInsecureRemoteUrl(url) && !allowInsecureHttp)
    errors.insecure = 'Confirm that the token may travel unencrypted, or use an https:// address.';
  return errors;
}

/** True when `errors` has any sentence to show (the form must not be sent). */
export function hasConnectionErrors(errors: ConnectionFieldErrors): boolean {
  return Boolean(errors.url || errors.token || errors.insecure);
}

/**
 * The `allowInsecureHttp` part of `profiles:add-remote`'s input: present (true) only when the URL needs
 * the confirmation and the administrator gave it, so the host never gets a blanket permission.
 */
export function insecureHttpConsent(url: string, allowInsecureHttp: boolean): { allowInsecureHttp?: true } {
  return allowInsecureHttp && isInsecureRemoteUrl(url) ? { allowInsecureHttp: true } : {};
}

/** The instance base URL as the host stores it: trimmed, without trailing slashes. */
export function normalizedInstanceUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

/** Props of {@link InstanceConnectionFields}. */
export interface InstanceConnectionFieldsProps {
  url: string;
  token: string;
  onUrlChange: (url: string) => void;
  onTokenChange: (token: string) => void;
  /** The administrator confirmed sending the token over plain http:// (only asked when it applies). */
  allowInsecureHttp: boolean;
  onAllowInsecureHttpChange: (allow: boolean) => void;
  errors: ConnectionFieldErrors;
  /** Helper line under the token field. */
  tokenDescription: string;
  /** Focus the URL field when the form opens (the first field of the form). */
  autoFocusUrl?: boolean;
  /** Extra class for the URL input (monospace on the welcome screen). */
  urlClassName?: string;
}

/**
 * The URL and personal access token fields shared by "Add GitLab instance" and the welcome screen's
 * "Connect to a GitLab instance". The token never leaves these inputs except to the host's vault.
 * For a plain `http://` URL to another computer it shows the warning that the token will travel
 * unencrypted and a checkbox the administrator must tick before the form may be sent (the host refuses
 * such a URL without that consent too).
 */
export function InstanceConnectionFields({
  url,
  token,
  onUrlChange,
  onTokenChange,
  allowInsecureHttp,
  onAllowInsecureHttpChange,
  errors,
  tokenDescription,
  autoFocusUrl = false,
  urlClassName,
}: InstanceConnectionFieldsProps) {
  return (
    <>
      <TextInput
        label="URL"
        placeholder="https://gitlab.example.com"
        value={url}
        onChange={(event) => onUrlChange(event.currentTarget.value)}
        error={errors.url}
        required
        type="url"
        autoComplete="url"
        data-autofocus={autoFocusUrl || undefined}
        autoFocus={autoFocusUrl}
        className={urlClassName}
      />
      {!validateInstanceUrl(url) && isInsecureRemoteUrl(url) ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconLockOpen />}
          title="The token will travel unencrypted"
          data-testid="insecure-http-warning"
        >
          {INSECURE_HTTP_WARNING}
          <Checkbox
            mt="sm"
            label="Send the token over http:// anyway"
            checked={allowInsecureHttp}
            onChange={(event) => onAllowInsecureHttpChange(event.currentTarget.checked)}
            error={errors.insecure}
          />
        </Alert>
      ) : null}
      <PasswordInput
        label="Personal access token"
        description={tokenDescription}
        placeholder="glpat-…"
        value={token}
        onChange={(event) => onTokenChange(event.currentTarget.value)}
        error={errors.token}
        required
        autoComplete="off"
      />
    </>
  );
}

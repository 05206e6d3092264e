import { PasswordInput, TextInput } from '@mantine/core';
import { validateInstanceUrl } from './validate-instance-url.js';

/** Field errors of the URL + token pair. */
export interface ConnectionFieldErrors {
  url?: string | undefined;
  token?: string | undefined;
}

/**
 * Checks the URL (`validateInstanceUrl`) and that a token was pasted. Returns one sentence per bad field;
 * an empty object when both are fine.
 */
export function validateConnectionFields(url: string, token: string): ConnectionFieldErrors {
  const errors: ConnectionFieldErrors = {};
  const urlError = validateInstanceUrl(url);
  if (urlError) errors.url = urlError;
  if (!token.trim()) errors.token = 'Paste a personal access token with the api scope.';
  return errors;
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
 */
export function InstanceConnectionFields({
  url,
  token,
  onUrlChange,
  onTokenChange,
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

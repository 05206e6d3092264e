/**
 * ADMIN-MODE-REQUIRED — what an Admin screen shows when GitLab refuses an administrator's token with 403
 * because of Admin Mode (doc/administration/settings/sign_in_restrictions.md, "Admin Mode": on 15.8+, the
 * API gives administrators their rights only through a token with the `admin_mode` scope). Shown instead
 * of "Administrator access required", which would be untrue: the account is an administrator.
 */
import { Button } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ADMIN_MODE_EXPLANATION, type InstanceCapabilities } from '../../../shared/instance-capabilities.js';
import { ApiError } from '../api/api-error.js';
import { ScreenEmptyState } from './screen-empty-state/screen-empty-state.js';

/**
 * True when a 403 from an admin endpoint is best explained by Admin Mode: the token's user is an
 * administrator (GET /user `is_admin`) on 15.8+ and the token lacks `admin_mode`, or its scopes are unknown.
 */
export function adminModeExplains403(capabilities: InstanceCapabilities | null): boolean {
  return (
    capabilities?.kind === 'gitlab' &&
    capabilities.user?.isAdmin === true &&
    (capabilities.adminMode === 'token-lacks-admin_mode' || capabilities.adminMode === 'unknown')
  );
}

/**
 * True when `error` is a 403 that Admin Mode explains ({@link adminModeExplains403}): the screen already
 * shows {@link AdminModeRequired}, so a part of it that failed the same way shows no red error of its own.
 */
export function refusedByAdminMode(error: unknown, capabilities: InstanceCapabilities | null): boolean {
  return error instanceof ApiError && error.status === 403 && adminModeExplains403(capabilities);
}

/** The Admin Mode explanation in place of an Admin screen refused with 403. */
export function AdminModeRequired({
  instanceName,
  capabilities,
}: {
  instanceName: string;
  capabilities: InstanceCapabilities;
}) {
  const who = capabilities.user ? `@${capabilities.user.username}` : 'This account';
  const description =
    capabilities.adminMode === 'token-lacks-admin_mode'
      ? `${who} is an administrator of ${instanceName}, but GitLab refused this request (403). ${ADMIN_MODE_EXPLANATION}`
      : `${who} is an administrator of ${instanceName}, but GitLab refused this request (403). Outpost could not read the token's scopes; if Admin Mode is enabled on the instance, the token needs the admin_mode scope: create one with the api and admin_mode scopes (User settings > Access tokens) and give it to this profile (Edit instance > Token).`;
  return (
    <ScreenEmptyState
      testId="admin-mode-required"
      maw={560}
      icon={IconShieldLock}
      title="Admin Mode: the token lacks the admin_mode scope"
      description={description}
      actions={
        <Button component={Link} to="/projects" variant="light">
          Go to projects
        </Button>
      }
    />
  );
}

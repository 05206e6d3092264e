import { adminKeys } from '../admin-keys.js';

/** Query keys for the instance's security settings, under `['profile', profileId, 'admin', 'instance-settings']`. */
export const instanceSettingKeys = {
  all: (profileId: string) => [...adminKeys.all(profileId), 'instance-settings'] as const,
  /** `GET /application/settings` as the Security screen reads it. */
  detail: (profileId: string) => [...instanceSettingKeys.all(profileId), 'detail'] as const,
};

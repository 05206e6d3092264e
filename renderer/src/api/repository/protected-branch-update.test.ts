/**
 * The re-protect path of GitLab CE (lib/api/protected_branches.rb: CE's PATCH ignores role arrays) when
 * GitLab refuses the new rule: the old rule is created again and the refusal is reported; when even that
 * fails, the error says the branch is unprotected. Answers shaped as doc/api/protected_branches.md.
 */
import { describe, expect, it } from 'vitest';
import { createFakeBridge, jsonResponse } from '../../../test-utils/fake-bridge.js';
import { ApiError } from '../api-error.js';
import { setBridge } from '../bridge.js';
import { ProtectionNotChangedError, updateProtectedBranch } from './protected-branch-update.js';
import type { ProtectedBranch } from './types.js';

const current = {
  id: 1,
  name: 'main',
  push_access_levels: [
    { id: 11, access_level: 40, access_level_description: 'Maintainers', user_id: null, group_id: null },
  ],
  merge_access_levels: [
    { id: 12, access_level: 40, access_level_description: 'Maintainers', user_id: null, group_id: null },
  ],
  unprotect_access_levels: [],
  allow_force_push: false,
  code_owner_approval_required: false,
} satisfies ProtectedBranch;

describe('updateProtectedBranch (reprotect)', () => {
  it('restores the old rule when GitLab refuses the new one, and reports the refusal', async () => {
    let posts = 0;
    const { bridge, requests } = createFakeBridge((req) => {
      if (req.method === 'DELETE') return jsonResponse(null, 204);
      if (req.method === 'POST') {
        posts += 1;
        return posts === 1
          ? jsonResponse({ message: ['Push access levels is invalid'] }, 422)
          : jsonResponse(current, 201);
      }
      return undefined;
    });
    setBridge(bridge);
    const error = await updateProtectedBranch(
      'p',
      5,
      { name: 'main', push: { accessLevel: 30 } },
      'reprotect',
      current,
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(requests.map((r) => r.method)).toEqual(['DELETE', 'POST', 'POST']);
    expect(requests[1]?.body).toMatchObject({
      push_access_level: 30,
      merge_access_level: 40,
      allow_force_push: false,
    });
    expect(requests[2]?.body).toMatchObject({ push_access_level: 40, merge_access_level: 40 });
  });

  it('says the branch is unprotected when restoring fails too', async () => {
    const { bridge } = createFakeBridge((req) =>
      req.method === 'DELETE'
        ? jsonResponse(null, 204)
        : jsonResponse({ message: '500 Internal Server Error' }, 500),
    );
    setBridge(bridge);
    const error = await updateProtectedBranch(
      'p',
      5,
      { name: 'main', merge: { accessLevel: 30 } },
      'reprotect',
      current,
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProtectionNotChangedError);
    expect((error as Error).message).toContain('the branch is unprotected now');
  });
});

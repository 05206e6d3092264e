/**
 * python-gitlab (Debian's python3-gitlab, 3.12), unchanged, against a real core over loopback, on the
 * behaviours real clients found wrong (issue 26 part 5): python-gitlab/client_found.py drives them and
 * prints what the library saw. Needs python3 with python-gitlab; without it the test FAILS with the
 * install instruction (see python-gitlab-runner.ts).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_TOKEN, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';
import { SCRIPTS, findPython, run } from './python-gitlab-runner.js';

describe('python-gitlab on what clients found (client_found.py)', () => {
  let t: TestCore;
  let python: string | null = null;
  let missing = '';

  beforeAll(async () => {
    const found = await findPython();
    if ('python' in found) python = found.python;
    else missing = found.missing;
    t = await startTestCore();
  });
  afterAll(async () => t.close());

  it('skip_groups, group label by name, labels None/Any, datetime dates, all commits, snapshot, revert, user fields', async () => {
    if (!python) throw new Error(missing);
    const r = await run(python, [path.join(SCRIPTS, 'client_found.py')], {
      OUTPOST_URL: t.url,
      OUTPOST_TOKEN: ROOT_TOKEN,
    });
    expect(r.code, `client_found.py exited ${r.code}:\n${r.stderr}`).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      skip_groups: ['py-keep'],
      group_label: ['py new', '#00ff00', ['py new']],
      issues: { None: ['bare'], Any: ['labelled'], bug: ['labelled'] },
      milestone: ['2031-02-03', '2031-04-05'],
      commits_all: [false, true],
      snapshot: [true, 'Only on py-side'],
      revert_message: true,
      user_fields: {
        locked: false,
        private_profile: false,
        created_by: null,
        is_admin: false,
        commit_email: 'py-found@example.com',
      },
      user_agent_detail: [404, '404 UserAgentDetail Not Found'],
    });
  }, 120_000);
});

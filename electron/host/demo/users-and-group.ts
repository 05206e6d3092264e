/**
 * Demo step "Creating users and the group": the group `outpost-demo`, four users with names and emails
 * (doc/api/users.md `POST /users`), a personal access token each (`POST /users/:id/personal_access_tokens`,
 * scope `api`) so later steps act as them, and group members at Maintainer, Developer and Reporter
 * (doc/api/members.md). Refuses to run when the demo group already exists.
 */
import { AccessLevel } from '../../../shared/access-levels.js';
import { DemoStepError, enc } from './demo-api.js';
import { DEMO_GROUP_PATH, DEMO_PROJECT_FULL_PATH } from './demo-context.js';
import type { DemoContext, DemoStep, DemoUser, DemoUsers } from './demo-context.js';

/** The cast: role in the story → username, name and group access level. */
export const DEMO_CAST: Record<keyof DemoUsers, { username: string; name: string; access: number }> = {
  lead: { username: 'maya.lindqvist', name: 'Maya Lindqvist', access: AccessLevel.Maintainer },
  developer: { username: 'omar.haddad', name: 'Omar Haddad', access: AccessLevel.Developer },
  reviewer: { username: 'lena.fischer', name: 'Lena Fischer', access: AccessLevel.Developer },
  observer: { username: 'kwame.mensah', name: 'Kwame Mensah', access: AccessLevel.Reporter },
};

/** Fails with a clear sentence when a demo was already built on this instance. */
async function refuseExistingDemo(ctx: DemoContext): Promise<void> {
  const existing = await ctx.api.send({ method: 'GET', path: `/groups/${enc(DEMO_GROUP_PATH)}` });
  if (existing.status === 200) {
    throw new DemoStepError(
      `Demo data is already loaded on this instance (group ${DEMO_GROUP_PATH}, project ${DEMO_PROJECT_FULL_PATH}). ` +
        'Open it from the projects list, or delete the group to build the demo again.',
    );
  }
}

async function createUser(ctx: DemoContext, role: keyof DemoUsers): Promise<DemoUser> {
  const { username, name } = DEMO_CAST[role];
  const user = await ctx.api.expect<{ id: number }>(`Creating the user ${username}`, {
    method: 'POST',
    path: '/users',
    body: {
      username,
      name,
      email: `${username}@demo.outpost.test`,
      force_random_password: true,
      skip_confirmation: true,
      bio: `Demo user (${role}) of the Outpost demo instance.`,
    },
  });
  const token = await ctx.api.expect<{ token: string }>(`Creating a personal access token for ${username}`, {
    method: 'POST',
    path: `/users/${user.id}/personal_access_tokens`,
    body: { name: 'outpost-demo', scopes: ['api'] },
  });
  return { id: user.id, username, name, token: token.token };
}

export const usersAndGroupStep: DemoStep = {
  title: 'Creating users and the group',
  async run(ctx) {
    await refuseExistingDemo(ctx);
    const group = await ctx.api.expect<{ id: number }>('Creating the group', {
      method: 'POST',
      path: '/groups',
      body: {
        name: 'Outpost demo',
        path: DEMO_GROUP_PATH,
        visibility: 'internal',
        description: 'A lived-in demo instance built from a real repository history.',
      },
    });
    ctx.groupId = group.id;
    const users = {} as DemoUsers;
    for (const role of Object.keys(DEMO_CAST) as Array<keyof DemoUsers>) {
      users[role] = await createUser(ctx, role);
      await ctx.api.expect(`Adding ${users[role].username} to the group`, {
        method: 'POST',
        path: `/groups/${group.id}/members`,
        body: { user_id: users[role].id, access_level: DEMO_CAST[role].access },
      });
    }
    ctx.users = users;
  },
};

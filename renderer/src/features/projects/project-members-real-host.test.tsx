/**
 * Members on the project side (issue 28), on the real browser host: the project's Settings page adds a
 * member found by a server-side user search; the merge request reviewer and assignee choices
 * (`GET /projects/:id/members/all`) then offer that person, and the group's members too.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../../../shared/api-types/projects.js';
import { openRealHostSession, type RealHostSession } from '../../../test-utils/real-host-session.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { mergeRequestPeopleQueries } from '../../api/merge-requests/queries.js';
import { routes } from '../../app/router.js';

const WAIT = { timeout: 10_000 };
let session: RealHostSession;
let project: Project;

beforeAll(async () => {
  session = await openRealHostSession();
  for (const [username, name] of [
    ['erin', 'Erin Reviewer'],
    ['gus', 'Gus Groupmember'],
  ]) {
    await session.api('POST', '/users', {
      username,
      name,
      email: `${username}@example.com`,
      password: 'correct-horse-battery',
      skip_confirmation: true,
    });
  }
  const group = await session.api<{ id: number }>('POST', '/groups', { name: 'Shop', path: 'shop' });
  const gus = (await session.api<{ id: number }[]>('GET', '/users?username=gus'))[0]!;
  await session.api('POST', `/groups/${group.id}/members`, { user_id: gus.id, access_level: 30 });
  project = await session.api<Project>('POST', '/projects', { name: 'Checkout', namespace_id: group.id });
}, 60_000);

afterAll(async () => {
  await session?.host.close();
});

describe('project members on the real browser host', () => {
  it('adds a member from Settings, and the reviewer choices offer direct and group members', async () => {
    const router = createMemoryRouter(routes, { initialEntries: [`/projects/${project.id}/settings`] });
    const { queryClient } = renderWithProviders(<RouterProvider router={router} />, {
      bridge: session.bridge,
      withRouter: false,
    });
    const panel = await screen.findByTestId('members-panel', {}, WAIT);
    fireEvent.change(within(panel).getByLabelText('Add member', { selector: 'input' }), {
      target: { value: 'eri' },
    });
    fireEvent.click(await screen.findByRole('option', { name: 'Erin Reviewer (@erin)' }, WAIT));
    fireEvent.click(within(panel).getByRole('button', { name: 'Add' }));
    await within(panel).findByText('@erin', {}, WAIT);
    const direct = await session.api<{ username: string; access_level: number }[]>(
      'GET',
      `/projects/${project.id}/members`,
    );
    expect(direct.find((member) => member.username === 'erin')?.access_level).toBe(30);

    const people = await queryClient.fetchQuery(
      mergeRequestPeopleQueries.members(session.profileId, project.id),
    );
    expect(people.map((person) => person.username)).toEqual(expect.arrayContaining(['erin', 'gus']));
  });
});

/**
 * Admin → Groups against a real core behind the real browser host (issue 28): create a group from the
 * dialog, open its subgroups, add a member found by a server-side search, change the member's role,
 * save settings, and delete the group. Each change is checked in the core through the v4 API.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Group } from '../../../../../shared/api-types/projects.js';
import type { ProfileSummary } from '../../../../../shared/ipc-contract.js';
import { openRealHostSession, type RealHostSession } from '../../../../test-utils/real-host-session.js';
import { renderWithProviders } from '../../../../test-utils/render.js';
import type { Member } from '../../../api/members/types.js';
import { GroupsPage } from './groups-page.js';

const WAIT = { timeout: 10_000 };
let session: RealHostSession;
let profile: ProfileSummary;

beforeAll(async () => {
  session = await openRealHostSession();
  profile = (await session.bridge.profiles.list()).find((candidate) => candidate.id === session.profileId)!;
  await session.api('POST', '/users', {
    username: 'dora',
    name: 'Dora Explorer',
    email: 'dora@example.com',
    password: 'correct-horse-battery',
    skip_confirmation: true,
  });
}, 60_000);

afterAll(async () => {
  await session?.host.close();
});

describe('Admin → Groups on the real browser host', () => {
  it('creates a group, lists its subgroups, manages a member, saves settings and deletes it', async () => {
    renderWithProviders(<GroupsPage />, { bridge: session.bridge, profile });
    fireEvent.click(await screen.findByRole('button', { name: 'New group' }, WAIT));
    const form = await screen.findByTestId('group-form');
    fireEvent.change(within(form).getByLabelText(/^Group name/), { target: { value: 'Platform Team' } });
    expect((within(form).getByLabelText(/^Group path/) as HTMLInputElement).value).toBe('platform-team');
    fireEvent.click(within(form).getByRole('button', { name: 'Create group' }));
    expect(await screen.findByText('Group created', {}, WAIT)).toBeTruthy();
    const group = await session.api<Group>('GET', '/groups/platform-team');
    expect(group).toMatchObject({ name: 'Platform Team', visibility: 'private', parent_id: null });

    // The drawer opened on the new group: a subgroup from "New subgroup".
    const drawer = await screen.findByTestId('group-drawer', {}, WAIT);
    fireEvent.click(await within(drawer).findByRole('button', { name: 'New subgroup' }, WAIT));
    const subForm = await screen.findByTestId('group-form');
    fireEvent.change(within(subForm).getByLabelText(/^Group name/), { target: { value: 'Runners' } });
    fireEvent.click(within(subForm).getByRole('button', { name: 'Create group' }));
    await within(drawer).findByText('platform-team/runners', {}, WAIT);
    expect((await session.api<Group>('GET', '/groups/platform-team%2Frunners')).parent_id).toBe(group.id);

    // Add Dora, found by the server-side user search.
    const picker = within(drawer).getByLabelText('Add member', { selector: 'input' });
    fireEvent.change(picker, { target: { value: 'dor' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Dora Explorer (@dora)' }, WAIT));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Add' }));
    await within(drawer).findByText('@dora', {}, WAIT);
    const members = () => session.api<Member[]>('GET', `/groups/${group.id}/members`);
    expect((await members()).find((m) => m.username === 'dora')?.access_level).toBe(30);

    // Settings: a description, saved.
    fireEvent.change(within(drawer).getByLabelText('Description'), {
      target: { value: 'Builds and runners' },
    });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('platform-team: settings saved.', {}, WAIT)).toBeTruthy();
    expect((await session.api<Group>('GET', `/groups/${group.id}`)).description).toBe('Builds and runners');

    // Delete: gone from the core (the embedded instance deletes at once).
    fireEvent.click(within(drawer).getByRole('button', { name: 'Delete group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete group platform-team?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete group' }));
    expect(await screen.findByText('Group deleted', {}, WAIT)).toBeTruthy();
    await expect(session.api('GET', `/groups/${group.id}`)).rejects.toThrow(/404/);
  });
});

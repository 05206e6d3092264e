/**
 * Admin → Users against a real core behind the real browser host (issue 28): the list shows the
 * instance's users with the total, filters on the server, creates a user from the dialog, blocks one
 * after GitLab's confirmation, and deletes one only once the username is typed. Every change is checked
 * in the core through the v4 API.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../../../shared/api-types/users.js';
import type { ProfileSummary } from '../../../../../shared/ipc-contract.js';
import { openRealHostSession, type RealHostSession } from '../../../../test-utils/real-host-session.js';
import { renderWithProviders } from '../../../../test-utils/render.js';
import { UsersPage } from './users-page.js';

const WAIT = { timeout: 10_000 };
let session: RealHostSession;
let profile: ProfileSummary;

beforeAll(async () => {
  session = await openRealHostSession();
  profile = (await session.bridge.profiles.list()).find((candidate) => candidate.id === session.profileId)!;
  for (const username of ['alice', 'bob']) {
    await session.api('POST', '/users', {
      username,
      name: username[0]!.toUpperCase() + username.slice(1),
      email: `${username}@example.com`,
      password: 'correct-horse-battery',
      skip_confirmation: true,
    });
  }
}, 60_000);

afterAll(async () => {
  await session?.host.close();
});

const userByName = async (username: string) =>
  (await session.api<User[]>('GET', `/users?username=${username}`))[0] ?? null;

const rowNames = () => screen.getAllByTestId('user-name').map((node) => node.textContent);

describe('Admin → Users on the real browser host', () => {
  it('lists the users with their total, filters blocked users on the server, and blocks after confirming', async () => {
    renderWithProviders(<UsersPage />, { bridge: session.bridge, profile });
    await waitFor(() => expect(rowNames()).toEqual(expect.arrayContaining(['Alice', 'Bob'])), WAIT);
    const total = (await session.api<User[]>('GET', '/users?per_page=100')).length;
    expect(screen.getByText(`${total} users on ${profile.name}`)).toBeTruthy();

    fireEvent.click(screen.getAllByTestId('user-name').find((node) => node.textContent === 'Alice')!);
    const drawer = await screen.findByTestId('user-drawer');
    await within(drawer).findByText('alice@example.com', {}, WAIT);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block user alice?' });
    expect(within(dialog).getByText('User will not be able to access git repositories')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('alice was blocked.', {}, WAIT)).toBeTruthy();
    expect((await userByName('alice'))?.state).toBe('blocked');
    await waitFor(() => expect(within(drawer).getByRole('button', { name: 'Unblock' })).toBeTruthy(), WAIT);
    fireEvent.keyDown(drawer, { key: 'Escape' });

    fireEvent.click(screen.getByRole('radio', { name: 'Blocked' }));
    await waitFor(() => expect(rowNames()).toEqual(['Alice']), WAIT);
  });

  it('creates a user from the dialog, keeping what was typed when GitLab refuses a taken e-mail', async () => {
    renderWithProviders(<UsersPage />, { bridge: session.bridge, profile });
    fireEvent.click(await screen.findByRole('button', { name: 'New user' }));
    const form = await screen.findByTestId('user-form');
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Carol Danvers' } });
    fireEvent.change(within(form).getByLabelText(/^Username/), { target: { value: 'carol' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^E-mail/ }), {
      target: { value: 'bob@example.com' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Create user' }));
    expect(await within(form).findByText(/Email has already been taken/, {}, WAIT)).toBeTruthy();
    expect((within(form).getByLabelText(/^Username/) as HTMLInputElement).value).toBe('carol');
    expect(await userByName('carol')).toBeNull();

    fireEvent.change(within(form).getByRole('textbox', { name: /^E-mail/ }), {
      target: { value: 'carol@example.com' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('User created', {}, WAIT)).toBeTruthy();
    const carol = await userByName('carol');
    expect(carol).toMatchObject({ name: 'Carol Danvers', state: 'active' });
  });

  it('deletes a user only once the username is typed', async () => {
    renderWithProviders(<UsersPage />, { bridge: session.bridge, profile });
    await waitFor(() => expect(rowNames()).toContain('Bob'), WAIT);
    fireEvent.click(screen.getAllByTestId('user-name').find((node) => node.textContent === 'Bob')!);
    const drawer = await screen.findByTestId('user-drawer');
    await within(drawer).findByText('bob@example.com', {}, WAIT);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user bob?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    expect(await within(dialog).findByText('Type bob to confirm.')).toBeTruthy();
    expect(await userByName('bob')).not.toBeNull();

    fireEvent.change(within(dialog).getByLabelText('Type bob to confirm'), { target: { value: 'bob' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    expect(await screen.findByText('User deleted', {}, WAIT)).toBeTruthy();
    await waitFor(async () => expect(await userByName('bob')).toBeNull(), WAIT);
  });

  it('creates an impersonation token shown once, then revokes it', async () => {
    renderWithProviders(<UsersPage />, { bridge: session.bridge, profile });
    await waitFor(() => expect(rowNames()).toContain('Carol Danvers'), WAIT);
    fireEvent.click(screen.getAllByTestId('user-name').find((node) => node.textContent === 'Carol Danvers')!);
    const drawer = await screen.findByTestId('user-drawer');
    const form = await within(drawer).findByRole('form', { name: 'Create impersonation token' }, WAIT);
    fireEvent.change(within(form).getByLabelText('Token name'), { target: { value: 'support-session' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
    const token = (await within(drawer).findByTestId('new-impersonation-token', {}, WAIT)).textContent ?? '';
    expect(token.length).toBeGreaterThan(10);
    // The core lists it as Carol's impersonation token (that it authenticates as Carol is covered by
    // electron/core/test/api/impersonation-tokens.test.ts over real HTTP).
    const carol = await userByName('carol');
    const before = await session.api<{ name: string; impersonation: boolean; active: boolean }[]>(
      'GET',
      `/users/${carol!.id}/impersonation_tokens`,
    );
    expect(before.find((t) => t.name === 'support-session')).toMatchObject({
      impersonation: true,
      active: true,
    });

    fireEvent.click(
      await within(drawer).findByRole('button', { name: 'Revoke impersonation token support-session' }, WAIT),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Revoke impersonation token support-session?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Impersonation token support-session revoked.', {}, WAIT)).toBeTruthy();
    const listed = await session.api<{ name: string; revoked: boolean }[]>(
      'GET',
      `/users/${carol!.id}/impersonation_tokens?state=all`,
    );
    expect(listed.find((t) => t.name === 'support-session')?.revoked).toBe(true);
  });

  it('lists only administrators under Administrators (GET /users?admins=true)', async () => {
    renderWithProviders(<UsersPage />, { bridge: session.bridge, profile });
    fireEvent.click(await screen.findByRole('radio', { name: 'Administrators' }, WAIT));
    const admins = (await session.api<User[]>('GET', '/users?admins=true&per_page=100')).map((u) => u.name);
    await waitFor(() => expect(rowNames().sort()).toEqual(admins.sort()), WAIT);
    expect(rowNames()).not.toContain('Alice');
  });
});

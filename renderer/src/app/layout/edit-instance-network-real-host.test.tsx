/**
 * The Edit instance dialog's network settings against the real browser host (issue 27): the
 * certificate authority (PEM) and the timeout are saved through `profiles:update`, the host's
 * validation error shows under the field and changes nothing, and what is saved comes back in the
 * ProfileSummary.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutpostBridge, ProfileSummary } from '../../../../shared/ipc-contract.js';
import { makeTestCaPem } from '../../../test-utils/real-host.js';
import { openRealHostSession, type RealHostSession } from '../../../test-utils/real-host-session.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { EditInstanceModal } from './edit-instance-modal.js';

let session: RealHostSession;
let bridge: OutpostBridge;
let caPem: string | null;

beforeAll(async () => {
  session = await openRealHostSession();
  ({ bridge } = session);
  caPem = await makeTestCaPem('test-ca');
}, 60_000);

afterAll(async () => {
  await session?.host.close();
});

/** The stored profile `id`, as the host lists it now. */
const stored = async (id: string): Promise<ProfileSummary> =>
  (await bridge.profiles.list()).find((p) => p.id === id)!;

/** Opens the dialog for `profile`; resolves the number of times it asked to close. */
function openDialog(profile: ProfileSummary): { closed: () => number; unmount: () => void } {
  let closed = 0;
  const { unmount } = renderWithProviders(
    <EditInstanceModal profile={profile} onClose={() => (closed += 1)} />,
    { bridge },
  );
  return { closed: () => closed, unmount };
}

const caField = () => screen.getByLabelText('Certificate authority (PEM)');
const timeoutField = () => screen.getByLabelText('Timeout (seconds)');
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('Edit instance: certificate authority and timeout on the real browser host', () => {
  it('shows the host’s error for a bad PEM and changes nothing; stores a valid one; Remove clears it', async (ctx) => {
    if (caPem === null) ctx.skip(); // no openssl CLI on this machine to make the test CA
    const profile = await bridge.profiles.addRemote({
      name: 'corp',
      url: 'https://gitlab.corp.example',
      token: 'glpat-edit-network-test',
    });
    const before = await stored(profile.id);
    expect(before.caCertificate).toBeUndefined();

    const first = openDialog(before);
    fireEvent.change(caField(), { target: { value: 'not a certificate' } });
    save();
    expect(
      await screen.findByText(/^This is not a CA certificate in PEM form\./, {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(caField().getAttribute('aria-invalid')).toBe('true');
    expect(first.closed()).toBe(0);
    expect(await stored(profile.id)).toEqual(before);

    // Editing the field clears the error; a valid PEM is stored and shown in the ProfileSummary.
    fireEvent.change(caField(), { target: { value: caPem } });
    expect(screen.queryByText(/^This is not a CA certificate/)).toBeNull();
    save();
    await waitFor(() => expect(first.closed()).toBe(1), { timeout: 10_000 });
    const withCa = await stored(profile.id);
    expect(withCa.caCertificate).toBe(`${caPem!.trim()}\n`);
    first.unmount();

    // The dialog shows the stored PEM; "Remove" clears it and Save removes it from the profile.
    const second = openDialog(withCa);
    expect((caField() as HTMLTextAreaElement).value).toBe(withCa.caCertificate);
    fireEvent.click(screen.getByRole('button', { name: 'Remove the certificate authority' }));
    expect((caField() as HTMLTextAreaElement).value).toBe('');
    save();
    await waitFor(() => expect(second.closed()).toBe(1), { timeout: 10_000 });
    expect((await stored(profile.id)).caCertificate).toBeUndefined();
    second.unmount();
  }, 30_000);

  it('shows the host’s error for a timeout out of range in place; saves 45 s and clears it back to the default', async () => {
    const profile = await bridge.profiles.addRemote({
      name: 'slow-link',
      url: 'https://gitlab.far.example',
      token: 'glpat-edit-timeout-test',
    });
    const before = await stored(profile.id);
    expect(before.timeoutSeconds).toBeUndefined();

    const first = openDialog(before);
    fireEvent.change(timeoutField(), { target: { value: '301' } });
    save();
    expect(
      await screen.findByText('Give a timeout of 1 to 300 whole seconds.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(timeoutField().getAttribute('aria-invalid')).toBe('true');
    expect(await stored(profile.id)).toEqual(before);

    fireEvent.change(timeoutField(), { target: { value: '45' } });
    save();
    await waitFor(() => expect(first.closed()).toBe(1), { timeout: 10_000 });
    expect((await stored(profile.id)).timeoutSeconds).toBe(45);
    first.unmount();

    const second = openDialog(await stored(profile.id));
    expect((timeoutField() as HTMLInputElement).value).toBe('45');
    fireEvent.change(timeoutField(), { target: { value: '' } });
    save();
    await waitFor(() => expect(second.closed()).toBe(1), { timeout: 10_000 });
    expect((await stored(profile.id)).timeoutSeconds).toBeUndefined();
    second.unmount();
  }, 30_000);
});

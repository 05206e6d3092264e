import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeBridge } from '../../../test-utils/fake-bridge.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { AddInstanceModal } from './add-instance-modal.js';

function fill(name: string, url: string, token: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: name } });
  fireEvent.change(screen.getByRole('textbox', { name: 'URL' }), { target: { value: url } });
  fireEvent.change(screen.getByLabelText(/Personal access token/), { target: { value: token } });
}

describe('AddInstanceModal', () => {
  it('adds the profile, checks it, and reports the new id', async () => {
    const { bridge } = createFakeBridge(() => undefined);
    const addRemote = vi.spyOn(bridge.profiles, 'addRemote');
    const onAdded = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<AddInstanceModal opened onClose={onClose} onAdded={onAdded} />, { bridge });

    fill('Work', 'https://gitlab.example.com/', 'glpat-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));

    await waitFor(() => expect(onAdded).toHaveBeenCalledWith('remote-1'));
    expect(addRemote).toHaveBeenCalledWith({
      name: 'Work',
      url: 'https://gitlab.example.com',
      token: 'glpat-secret',
    });
    expect(onClose).toHaveBeenCalled();
    expect(await screen.findByText('Signed in as @root · GitLab 17.0.0')).toBeTruthy();
  });

  it('shows why the check failed, removes the profile and clears the token', async () => {
    const { bridge } = createFakeBridge(() => undefined);
    vi.spyOn(bridge.profiles, 'check').mockResolvedValue({
      ok: false,
      error: 'The token was rejected (401).',
    });
    const remove = vi.spyOn(bridge.profiles, 'remove');
    const onAdded = vi.fn();
    renderWithProviders(<AddInstanceModal opened onClose={() => undefined} onAdded={onAdded} />, { bridge });

    fill('Work', 'https://gitlab.example.com', 'glpat-wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));

    expect(
      await screen.findByText(/The token was rejected \(401\)\. The instance was not added\./),
    ).toBeTruthy();
    expect(remove).toHaveBeenCalledWith('remote-1');
    expect(onAdded).not.toHaveBeenCalled();
    expect((screen.getByLabelText(/Personal access token/) as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('textbox', { name: 'URL' }) as HTMLInputElement).value).toBe(
      'https://gitlab.example.com',
    );
  });

  it('validates the URL before calling the host', async () => {
    const { bridge } = createFakeBridge(() => undefined);
    const addRemote = vi.spyOn(bridge.profiles, 'addRemote');
    renderWithProviders(<AddInstanceModal opened onClose={() => undefined} onAdded={() => undefined} />, {
      bridge,
    });
    fill('Work', 'gitlab.example.com', 'x');
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText(/full address/)).toBeTruthy();
    expect(addRemote).not.toHaveBeenCalled();
  });
});

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

/** Renders the open modal on a fake bridge; returns the bridge and spies on `addRemote`, `onAdded`, `onClose`. */
function renderModal() {
  const { bridge } = createFakeBridge(() => undefined);
  const addRemote = vi.spyOn(bridge.profiles, 'addRemote');
  const onAdded = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(<AddInstanceModal opened onClose={onClose} onAdded={onAdded} />, { bridge });
  return { bridge, addRemote, onAdded, onClose };
}

describe('AddInstanceModal', () => {
  it('adds the profile, checks it, and reports the new id', async () => {
    const { addRemote, onAdded, onClose } = renderModal();

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

  it('shows why the check failed, removes the profile and keeps the pasted token for a retry (issue 30, defect 13)', async () => {
    const { bridge, onAdded } = renderModal();
    vi.spyOn(bridge.profiles, 'check').mockResolvedValue({
      ok: false,
      error: 'The token was rejected (401).',
    });
    const remove = vi.spyOn(bridge.profiles, 'remove');

    fill('Work', 'https://gitlab.example.com', 'glpat-wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));

    expect(
      await screen.findByText(/The token was rejected \(401\)\. The instance was not added\./),
    ).toBeTruthy();
    expect(remove).toHaveBeenCalledWith('remote-1');
    expect(onAdded).not.toHaveBeenCalled();
    expect((screen.getByLabelText(/Personal access token/) as HTMLInputElement).value).toBe('glpat-wrong');
    expect((screen.getByRole('textbox', { name: 'URL' }) as HTMLInputElement).value).toBe(
      'https://gitlab.example.com',
    );
    // A retry sends the same token without pasting it again.
    vi.spyOn(bridge.profiles, 'check').mockResolvedValue({ ok: true, username: 'root', version: '17.0.0' });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
  });

  it('needs no name, and clears each error as soon as its field changes', async () => {
    const { addRemote } = renderModal();
    fill('', 'gitlab.example.com', '');
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText(/full address/)).toBeTruthy();
    expect(screen.getByText('Paste a personal access token with the api scope.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'URL' }), {
      target: { value: 'https://gitlab.example.com' },
    });
    expect(screen.queryByText(/full address/)).toBeNull();
    expect(screen.getByText('Paste a personal access token with the api scope.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Personal access token/), { target: { value: 'glpat-x' } });
    expect(screen.queryByText('Paste a personal access token with the api scope.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() =>
      expect(addRemote).toHaveBeenCalledWith({
        name: '',
        url: 'https://gitlab.example.com',
        token: 'glpat-x',
      }),
    );
  });

  it('validates the URL before calling the host', async () => {
    const { addRemote } = renderModal();
    fill('Work', 'gitlab.example.com', 'x');
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText(/full address/)).toBeTruthy();
    expect(addRemote).not.toHaveBeenCalled();
  });

  it('warns about plain http:// to another computer and blocks saving until the administrator confirms', async () => {
    const { addRemote, onAdded } = renderModal();

    fill('Lab', 'http://gitlab.lab.example/', 'glpat-lab');
    const warning = await screen.findByTestId('insecure-http-warning');
    expect(warning.textContent).toContain('The token will travel unencrypted');
    expect(warning.textContent).toContain('anyone on the network path can read it');

    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText(/Confirm that the token may travel unencrypted/)).toBeTruthy();
    expect(addRemote).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Send the token over http:// anyway' }));
    fireEvent.change(screen.getByLabelText(/Personal access token/), { target: { value: 'glpat-lab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith('remote-1'));
    expect(addRemote).toHaveBeenCalledWith({
      name: 'Lab',
      url: 'http://gitlab.lab.example',
      token: 'glpat-lab',
      allowInsecureHttp: true,
    });
  });

  it('forgets the confirmation when the address changes', async () => {
    const { addRemote } = renderModal();
    fill('Lab', 'http://gitlab.lab.example', 'glpat-lab');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Send the token over http:// anyway' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'URL' }), {
      target: { value: 'http://other.example' },
    });
    const box = screen.getByRole('checkbox', {
      name: 'Send the token over http:// anyway',
    }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText(/Confirm that the token may travel unencrypted/)).toBeTruthy();
    expect(addRemote).not.toHaveBeenCalled();
  });

  it.each([
    'https://gitlab.example.com',
    'http://localhost:8080',
    'http://127.0.0.1:3000',
    'http://[::1]:8080',
  ])('asks nothing for %s and sends no consent', async (url) => {
    const { addRemote, onAdded } = renderModal();
    fill('Here', url, 'glpat-x');
    expect(screen.queryByTestId('insecure-http-warning')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(addRemote).toHaveBeenCalledWith({ name: 'Here', url, token: 'glpat-x' });
  });
});

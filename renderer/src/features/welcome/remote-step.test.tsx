/** The welcome screen's "Connect to a GitLab instance" step with a plain http:// address. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeBridge } from '../../../test-utils/fake-bridge.js';
import { renderWithProviders } from '../../../test-utils/render.js';
import { RemoteStep } from './remote-step.js';

describe('RemoteStep over plain http://', () => {
  it('shows the warning and connects only after the confirmation, sending it to the host', async () => {
    const { bridge } = createFakeBridge(() => undefined);
    const addRemote = vi.spyOn(bridge.profiles, 'addRemote');
    const onConnected = vi.fn();
    renderWithProviders(<RemoteStep onConnected={onConnected} />, { bridge });

    fireEvent.change(screen.getByRole('textbox', { name: 'URL' }), {
      target: { value: 'http://10.1.2.3:8080' },
    });
    fireEvent.change(screen.getByLabelText(/Personal access token/), { target: { value: 'glpat-lan' } });
    expect((await screen.findByTestId('insecure-http-warning')).textContent).toContain(
      'the token will travel unencrypted',
    );
    fireEvent.submit(screen.getByTestId('remote-form'));
    expect(await screen.findByText(/Confirm that the token may travel unencrypted/)).toBeTruthy();
    expect(addRemote).not.toHaveBeenCalled();
    // The token stays in its field when nothing was sent.
    expect((screen.getByLabelText(/Personal access token/) as HTMLInputElement).value).toBe('glpat-lan');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Send the token over http:// anyway' }));
    fireEvent.submit(screen.getByTestId('remote-form'));
    await waitFor(() => expect(onConnected).toHaveBeenCalled());
    expect(addRemote).toHaveBeenCalledWith({
      name: '10.1.2.3:8080',
      url: 'http://10.1.2.3:8080',
      token: 'glpat-lan',
      allowInsecureHttp: true,
    });
  });
});

describe('RemoteStep after a failed attempt (issue 30, defect 13)', () => {
  it('keeps the pasted token in its field so the URL can be fixed and retried', async () => {
    const { bridge } = createFakeBridge(() => undefined);
    const check = vi
      .spyOn(bridge.profiles, 'check')
      .mockResolvedValueOnce({ ok: false, error: 'Outpost could not reach gitlab.exmaple.com.' });
    const addRemote = vi.spyOn(bridge.profiles, 'addRemote');
    const onConnected = vi.fn();
    renderWithProviders(<RemoteStep onConnected={onConnected} />, { bridge });

    fireEvent.change(screen.getByRole('textbox', { name: 'URL' }), {
      target: { value: 'https://gitlab.exmaple.com' },
    });
    fireEvent.change(screen.getByLabelText(/Personal access token/), { target: { value: 'glpat-keep' } });
    fireEvent.submit(screen.getByTestId('remote-form'));
    expect(await screen.findByTestId('remote-error')).toBeTruthy();
    expect(onConnected).not.toHaveBeenCalled();
    expect((screen.getByLabelText(/Personal access token/) as HTMLInputElement).value).toBe('glpat-keep');

    fireEvent.change(screen.getByRole('textbox', { name: 'URL' }), {
      target: { value: 'https://gitlab.example.com' },
    });
    fireEvent.submit(screen.getByTestId('remote-form'));
    await waitFor(() => expect(onConnected).toHaveBeenCalled());
    expect(check).toHaveBeenCalledTimes(2);
    expect(addRemote).toHaveBeenLastCalledWith({
      name: 'gitlab.example.com',
      url: 'https://gitlab.example.com',
      token: 'glpat-keep',
    });
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { instanceCluster } from '../../../../test-utils/admin-fixtures.js';
import { createFakeBridge, jsonResponse, TEST_PROFILE } from '../../../../test-utils/fake-bridge.js';
import { renderWithProviders } from '../../../../test-utils/render.js';
import { ClustersPage } from './clusters-page.js';

const cluster = instanceCluster({ id: 4, environment_scope: '*' });

describe('ClustersPage', () => {
  it('flips the enabled switch at once and rolls it back when the instance refuses', async () => {
    let release: () => void = () => undefined;
    const { bridge, requests } = createFakeBridge(async (req) => {
      if (req.method === 'GET' && req.path === '/admin/clusters') return jsonResponse([cluster]);
      if (req.method === 'PUT' && req.path === '/admin/clusters/4') {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return jsonResponse({ message: '500 Internal Server Error' }, 500);
      }
      return undefined;
    });
    renderWithProviders(<ClustersPage />, { bridge, profile: TEST_PROFILE });

    const toggle = await screen.findByRole('switch', { name: 'Enabled: production' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect(requests.some((req) => req.method === 'PUT')).toBe(true));
    const current = () => screen.getByRole('switch', { name: 'Enabled: production' }) as HTMLInputElement;
    await waitFor(() => expect(current().checked).toBe(false));
    // The same switch, not a remounted one: keyboard focus stays where the administrator left it.
    expect(current()).toBe(toggle);
    expect(requests.find((req) => req.method === 'PUT')?.body).toEqual({ enabled: false });

    release();
    expect(await screen.findByText('Couldn’t disable production')).toBeTruthy();
    await waitFor(() => expect(current().checked).toBe(true));
  });

  it('names the cluster in the delete confirmation', async () => {
    const { bridge } = createFakeBridge((req) =>
      req.path === '/admin/clusters' ? jsonResponse([cluster]) : undefined,
    );
    renderWithProviders(<ClustersPage />, { bridge, profile: TEST_PROFILE });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete production' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete cluster “production”?')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Delete cluster' })).toBeTruthy();
  });

  it('shows the access-required state when the instance answers 403', async () => {
    const { bridge } = createFakeBridge((req) =>
      req.path === '/admin/clusters' ? jsonResponse({ message: '403 Forbidden' }, 403) : undefined,
    );
    renderWithProviders(<ClustersPage />, { bridge, profile: TEST_PROFILE });
    expect(await screen.findByText('Administrator access required')).toBeTruthy();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProjectRepositoryStorageMove } from '../../../api/admin/storage-moves/types.js';
import { createFakeBridge, jsonResponse, TEST_PROFILE } from '../../../../test-utils/fake-bridge.js';
import { renderWithProviders } from '../../../../test-utils/render.js';
import { StorageMovesPage } from './storage-moves-page.js';

const project = {
  id: 7,
  description: null,
  name: 'Checkout',
  name_with_namespace: 'Administrator / Checkout',
  path: 'checkout',
  path_with_namespace: 'root/checkout',
  created_at: '2026-11-20T10:00:00.000Z',
};

const move = (state: string): ProjectRepositoryStorageMove => ({
  id: 3,
  created_at: '2026-11-20T10:00:00.000Z',
  state: state as ProjectRepositoryStorageMove['state'],
  source_storage_name: 'default',
  destination_storage_name: 'second',
  error_message: null,
  project,
});

const pageHeaders = { 'x-total': '1', 'x-page': '1', 'x-per-page': '100', 'x-total-pages': '1' };
const settings = { repository_storages_weighted: { default: 100, second: 0 } };
const usage = [
  { name: 'default', path: '/data/default', weight: 100, repositories_count: 1, repositories_bytes: 2048 },
  { name: 'second', path: '/data/second', weight: 0, repositories_count: 0, repositories_bytes: 0 },
];

describe('StorageMovesPage', () => {
  it('follows a running move every second, shows its progress, and stops once it has finished', async () => {
    let listCalls = 0;
    const { bridge, requests } = createFakeBridge((req) => {
      if (req.path === '/project_repository_storage_moves') {
        listCalls += 1;
        return jsonResponse([move(listCalls < 3 ? 'started' : 'finished')], 200, pageHeaders);
      }
      if (req.path === '/project_repository_storage_moves/3/progress') {
        return jsonResponse({
          ...move(listCalls < 3 ? 'started' : 'finished'),
          project_id: 7,
          bytes_copied: listCalls < 3 ? 1024 : 2048,
          bytes_total: 2048,
          updated_at: '2026-11-20T10:00:05.000Z',
          started_at: '2026-11-20T10:00:01.000Z',
          finished_at: null,
        });
      }
      if (req.path === '/application/settings') return jsonResponse(settings);
      if (req.path === '/admin/repository_storages') return jsonResponse(usage);
      return undefined;
    });
    renderWithProviders(<StorageMovesPage />, { bridge, profile: TEST_PROFILE });

    expect(await screen.findByText('50% · 1 KiB of 2 KiB')).toBeTruthy();
    expect(screen.getByText('Copying')).toBeTruthy();
    expect(screen.getByText('Live')).toBeTruthy();
    expect(await screen.findByText('Finished', {}, { timeout: 4_000 })).toBeTruthy();
    expect(await screen.findByText('2 KiB of 2 KiB')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Live')).toBeNull());

    const settled = requests.filter((req) => req.path === '/project_repository_storage_moves').length;
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect(requests.filter((req) => req.path === '/project_repository_storage_moves').length).toBe(settled);
  }, 10_000);

  it('previews a shard move, asks for confirmation, and schedules it', async () => {
    const { bridge, requests } = createFakeBridge((req) => {
      if (req.method === 'GET' && req.path === '/project_repository_storage_moves') {
        return jsonResponse([], 200, { ...pageHeaders, 'x-total': '0' });
      }
      if (req.method === 'POST' && req.path === '/project_repository_storage_moves') {
        return jsonResponse({ message: '202 Accepted' }, 202);
      }
      if (req.path === '/projects') {
        return jsonResponse([{ ...project, repository_storage: 'default' }], 200, pageHeaders);
      }
      if (req.path === '/application/settings') return jsonResponse(settings);
      if (req.path === '/admin/repository_storages') return jsonResponse(usage);
      return undefined;
    });
    renderWithProviders(<StorageMovesPage />, { bridge, profile: TEST_PROFILE });

    expect(await screen.findByText('No storage moves yet')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Move a shard' })[0]!);
    const dialog = await screen.findByRole('dialog');
    // Only `default` takes new projects, so automatic has nowhere to go: `second` is preselected.
    await waitFor(() =>
      expect(
        (within(dialog).getByRole('combobox', { name: 'Destination shard' }) as HTMLInputElement).value,
      ).toBe('second'),
    );
    const preview = await within(dialog).findByTestId('shard-move-preview');
    expect(preview.textContent).toContain('1 project on default');
    expect(preview.textContent).toContain('Administrator / Checkout');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Move 1 project' }));
    expect(within(dialog).getByTestId('shard-move-confirmation').textContent).toContain(
      '1 project on default will move to second',
    );
    expect(requests.some((req) => req.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule 1 move' }));
    expect(await screen.findByText('Moves scheduled')).toBeTruthy();
    expect(requests.find((req) => req.method === 'POST')?.body).toEqual({
      source_storage_name: 'default',
      destination_storage_name: 'second',
    });
  });
});

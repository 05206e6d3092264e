import path from 'node:path';
import { expect, test } from './fixtures/browser-host.js';

const artifacts = '/tmp/scratch-shots';
const project = (id: number, name: string) => ({
  id,
  description: null,
  name,
  name_with_namespace: `Administrator / ${name}`,
  path: name.toLowerCase().replace(/ /g, '-'),
  path_with_namespace: `root/${name.toLowerCase().replace(/ /g, '-')}`,
  created_at: '2025-11-20T10:00:00Z',
});
const now = new Date().toISOString();
const moves = [
  { id: 4, created_at: now, updated_at: now, state: 'started', source_storage_name: 'default', destination_storage_name: 'second', project: project(4, 'Outpost source'), error_message: null, bytes_copied: 3_400_000, bytes_total: 7_900_000 },
  { id: 3, created_at: now, updated_at: now, state: 'scheduled', source_storage_name: 'default', destination_storage_name: 'second', project: project(3, 'Checkout service'), error_message: null, bytes_copied: 0, bytes_total: 0 },
  { id: 2, created_at: '2025-11-21T10:00:00Z', updated_at: '2025-11-21T10:01:00Z', state: 'failed', source_storage_name: 'second', destination_storage_name: 'default', project: project(2, 'Billing'), error_message: 'Destination not writable: EACCES: permission denied, mkdir /srv/shards/default/@hashed/ab', bytes_copied: 1000, bytes_total: 90000 },
  { id: 1, created_at: '2025-11-20T10:00:00Z', updated_at: '2025-11-20T10:01:00Z', state: 'finished', source_storage_name: 'default', destination_storage_name: 'second', project: project(1, 'Website'), error_message: null, bytes_copied: 90000, bytes_total: 90000 },
];
const usage = [
  { name: 'default', path: '/home/me/.local/share/outpost/core/repositories/default', weight: 100, repositories_count: 5, repositories_bytes: 12_400_000, active_moves_count: 2 },
  { name: 'second', path: '/srv/shards/second', weight: 0, repositories_count: 2, repositories_bytes: 190_000, active_moves_count: 2 },
];

test('scratch', async ({ page, browserHost }) => {
  await page.route('**/bridge/api:request', async (route) => {
    const { args } = route.request().postDataJSON() as { args: [{ path: string; method: string }] };
    const req = args[0];
    const reply = (body: unknown, headers: Record<string, string> = {}) =>
      route.fulfill({ json: { result: { status: 200, headers, body } } });
    if (req.path === '/project_repository_storage_moves' && req.method === 'GET')
      return reply(moves, { 'x-total': '4', 'x-page': '1', 'x-per-page': '100', 'x-total-pages': '1' });
    if (req.path === '/admin/repository_storages') return reply(usage);
    if (req.path === '/application/settings') return reply({ repository_storages_weighted: { default: 100, second: 0 } });
    return route.continue();
  });
  await page.goto(browserHost.url);
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Storage moves' }).click();
  await expect(page.getByTestId('storage-move-row')).toHaveCount(4);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: path.join(artifacts, 'mock.png'), fullPage: true });
  await page.getByRole('button', { name: 'Move a shard' }).first().click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(artifacts, 'mock-bulk.png') });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Move project' }).first().click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(artifacts, 'mock-project.png') });
});

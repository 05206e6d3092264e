/**
 * MR Changes file tree at 1024×700 in Chromium (issue 30, defects 4 and 6): the "+n −n" counts of every
 * file are shown whole — "−450" and "−304" were cut to "−45"/"−30", and at 1024 px only "+" was left —
 * while long names give way with an ellipsis; and the diffs run in the tree's order (folders first).
 */
import type { Page } from '@playwright/test';
import { bridgeApi } from './fixtures/demo-instance.js';
import { expect, test, type BrowserHostInfo } from './fixtures/browser-host.js';

async function api<T>(page: Page, host: BrowserHostInfo, method: string, apiPath: string, body?: unknown) {
  const answer = await bridgeApi<T>(page.request, host, { method, path: apiPath, body });
  expect(answer.status, `${method} ${apiPath}`).toBeLessThan(300);
  return answer.body;
}

const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n') + '\n';

test('at 1024×700 the file tree shows −450 and −304 whole, and the diffs follow the tree', async ({
  page,
  browserHost,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1024, height: 700 });
  const project = await api<{ id: number }>(page, browserHost, 'POST', '/projects', {
    name: 'Tree counts',
    initialize_with_readme: true,
  });
  const long = 'src/components/merge-request-approval-rules-summary-panel.tsx';
  await api(page, browserHost, 'POST', `/projects/${project.id}/repository/commits`, {
    branch: 'main',
    commit_message: 'Add big files',
    actions: [
      { action: 'create', file_path: long, content: lines(450) },
      { action: 'create', file_path: 'legacy-configuration-loader.js', content: lines(320) },
    ],
  });
  await api(page, browserHost, 'POST', `/projects/${project.id}/repository/commits`, {
    branch: 'trim',
    start_branch: 'main',
    commit_message: 'Trim',
    actions: [
      { action: 'delete', file_path: long },
      { action: 'update', file_path: 'legacy-configuration-loader.js', content: lines(16) },
    ],
  });
  const mr = await api<{ iid: number }>(page, browserHost, 'POST', `/projects/${project.id}/merge_requests`, {
    source_branch: 'trim',
    target_branch: 'main',
    title: 'Trim',
  });

  await page.goto(`${browserHost.url}#/merge-requests/${project.id}/${mr.iid}/changes`);
  const tree = page.getByTestId('mr-file-tree');
  await expect(tree.getByTestId('mr-file-tree-item')).toHaveCount(2);
  const stats = tree.getByTestId('mr-file-tree-stat');
  await expect(stats).toHaveText(['+0 −450', '+0 −304']);
  const fits = await stats.evaluateAll((nodes) => {
    const panel = nodes[0]!.closest('[data-testid="mr-file-tree"]')!.getBoundingClientRect();
    return nodes.map((node) => {
      const box = node.getBoundingClientRect();
      return {
        whole: node.scrollWidth <= node.clientWidth + 1,
        inside: box.left >= panel.left && box.right <= panel.right + 0.5,
      };
    });
  });
  expect(fits).toEqual([
    { whole: true, inside: true },
    { whole: true, inside: true },
  ]);
  await expect(page.getByTestId('mr-file-diff')).toHaveCount(2);
  expect(
    await page
      .getByTestId('mr-file-diff')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-path'))),
  ).toEqual([long, 'legacy-configuration-loader.js']);
});

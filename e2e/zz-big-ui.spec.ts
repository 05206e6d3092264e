import { test, expect } from '@playwright/test';
test('big', async ({ page }) => {
  test.setTimeout(300_000);
  const url = process.env.BIG_URL!;
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(url);
  await page.goto(url.split('?')[0] + '#/admin/audit-events');
  await expect(page.getByTestId('audit-event-row').first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('audit-events-chart').getByText(/in range/)).toBeVisible({ timeout: 120_000 });
  await page.getByRole('radio', { name: '30 days' }).click({ force: true }).catch(() => page.getByText('30 days').click());
  await expect(page.getByTestId('audit-events-chart').getByText(/in range/)).toBeVisible({ timeout: 120_000 });
  await page.mouse.move(0, 0);
  await page.screenshot({ path: '/tmp/big-1.png', fullPage: true });
  const table = page.getByTestId('audit-event-table');
  const t0 = Date.now();
  for (let i = 0; i < 40; i++) {
    await table.evaluate((el) => { el.scrollTop = el.scrollHeight; });
    await page.waitForTimeout(150);
  }
  const fps = await table.evaluate(async (el) => {
    el.scrollTop = 0;
    const longTasks: number[] = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) longTasks.push(Math.round(e.duration)); }).observe({ type: 'longtask' });
    let frames = 0; let worst = 0; let last = performance.now(); const start = last;
    await new Promise<void>((resolve) => {
      const step = (now: number) => {
        frames++; worst = Math.max(worst, now - last); last = now;
        el.scrollTop += 300;
        if (now - start < 3000) requestAnimationFrame(step); else resolve();
      };
      requestAnimationFrame(step);
    });
    return { frames, worst: Math.round(worst), scrolled: el.scrollTop, longTasks };
  });
  console.log('smooth scroll 3s', JSON.stringify(fps));
  const rows = await table.getAttribute('aria-rowcount');
  const dom = await page.getByTestId('audit-event-row').count();
  console.log('scroll ms', Date.now() - t0, 'dom rows', dom, 'rowcount', rows);
  const loaded = await table.evaluate((el) => el.scrollHeight / 52);
  console.log('approx loaded rows', Math.round(loaded));
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: /^CSV/ }).click();
  await expect(page.getByTestId('export-progress')).toHaveAttribute('data-state', 'running');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: '/tmp/big-export-running.png' });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('export-progress')).toHaveAttribute('data-state', 'canceled');
  await page.screenshot({ path: '/tmp/big-export-canceled.png' });
  console.log('errors', errors);
});

import { test, expect } from '@playwright/test';
import { writeFileSync } from 'node:fs';
test('prof', async ({ page }) => {
  test.setTimeout(300_000);
  const url = process.env.BIG_URL!;
  await page.goto(url);
  await page.goto(url.split('?')[0] + '#/admin/audit-events');
  await expect(page.getByTestId('audit-event-row').first()).toBeVisible({ timeout: 60_000 });
  const table = page.getByTestId('audit-event-table');
  for (let i = 0; i < 10; i++) { await table.evaluate((el) => { el.scrollTop = el.scrollHeight; }); await page.waitForTimeout(300); }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await table.evaluate(async (el) => {
    el.scrollTop = 0; const start = performance.now();
    await new Promise<void>((resolve) => { const step = (now: number) => { el.scrollTop += 300; if (now - start < 3000) requestAnimationFrame(step); else resolve(); }; requestAnimationFrame(step); });
  });
  const { profile } = await cdp.send('Profiler.stop');
  const self = new Map<string, number>();
  const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
  const dt = profile.timeDeltas as number[];
  profile.samples.forEach((id: number, i: number) => {
    const n: any = byId.get(id); const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0));
  });
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `${(v / 1000).toFixed(0)}ms ${k}`);
  writeFileSync('/tmp/prof.txt', top.join('\n'));
});

// Render build/icon.svg to the PNG icons electron-builder packs (electron-builder.yml):
//   build/icon.png          1024×1024 (macOS converts it to .icns, Windows to .ico; both need ≥ 512 / ≥ 256)
//   build/icons/NxN.png     16…512 for Linux (the desktop entry's hicolor icon set)
// Uses Playwright's Chromium (already a dev dependency for e2e) as the SVG renderer: Debian's
// /usr/bin/chromium by default, or OUTPOST_CHROMIUM=/path/to/chromium. Transparent corners are kept.
// Usage: node scripts/render-icons.mjs
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const svg = await readFile(path.join(root, 'build', 'icon.svg'), 'utf8');
const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512];

const browser = await chromium.launch({
  executablePath: process.env.OUTPOST_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  const render = async (size, file) => {
    await page.setViewportSize({ width: size, height: size });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">${sized}</body></html>`,
    );
    await page.screenshot({
      path: file,
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    });
    process.stdout.write(`${path.relative(root, file)}\n`);
  };
  await mkdir(path.join(root, 'build', 'icons'), { recursive: true });
  await render(1024, path.join(root, 'build', 'icon.png'));
  for (const size of LINUX_SIZES)
    await render(size, path.join(root, 'build', 'icons', `${size}x${size}.png`));
} finally {
  await browser.close();
}

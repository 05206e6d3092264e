#!/usr/bin/env node
/**
 * `npm run docs:screenshots`: copies the screenshots the docs and the README show from the last e2e run
 * (`e2e/artifacts/`, not committed) into `docs/screenshots/` (committed), so the pages render anywhere.
 * It reads every `docs/**\/*.md` and `README.md`, collects links to `…screenshots/<name>.png`, and copies
 * `e2e/artifacts/<name>.png` for each. Prints what it copied; exits 1 naming any screenshot the e2e run
 * didn't produce (run `npm run test:e2e` first).
 */
import { copyFile, mkdir, readdir, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const artifacts = path.join(root, 'e2e', 'artifacts');
const target = path.join(root, 'docs', 'screenshots');

async function markdownFiles(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await markdownFiles(full)));
    else if (entry.name.endsWith('.md')) out.push(full);
  }
  return out;
}

const files = [path.join(root, 'README.md'), ...(await markdownFiles(path.join(root, 'docs')))];
const names = new Set();
for (const file of files) {
  const text = await readFile(file, 'utf8');
  for (const match of text.matchAll(/screenshots\/([A-Za-z0-9._-]+\.png)/g)) names.add(match[1]);
}
await mkdir(target, { recursive: true });
const missing = [];
for (const name of [...names].sort()) {
  const from = path.join(artifacts, name);
  if (!existsSync(from)) {
    missing.push(name);
    continue;
  }
  await copyFile(from, path.join(target, name));
}
console.log(`Copied ${names.size - missing.length} screenshots into docs/screenshots/.`);
if (missing.length > 0) {
  console.error(`Not produced by the e2e run (run npm run test:e2e first): ${missing.join(', ')}`);
  process.exit(1);
}

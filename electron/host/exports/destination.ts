import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { extname, isAbsolute, join } from 'node:path';
import type { ExportFormat } from '../../../shared/ipc-contract.js';

/**
 * Asks the user where to save an export (Electron: `dialog.showSaveDialog`). Resolves to an absolute
 * path, or null when the user dismissed the dialog.
 */
export type PickSavePath = (request: {
  suggestedName: string;
  format: ExportFormat;
}) => Promise<string | null>;

/**
 * Folder the browser host writes exports to (it has no native save dialog): `OUTPOST_EXPORT_DIR`
 * (tests, scripts), then `XDG_DOWNLOAD_DIR`, then `~/Downloads`. Relative values are ignored. Pure.
 */
export function resolveExportDir(
  env: Record<string, string | undefined> = process.env,
  home: string = homedir(),
): string {
  for (const name of ['OUTPOST_EXPORT_DIR', 'XDG_DOWNLOAD_DIR'] as const) {
    const value = env[name]?.trim();
    if (value && isAbsolute(value)) return value;
  }
  return join(home, 'Downloads');
}

/** File name extension of each format. */
export const EXPORT_EXTENSIONS: Record<ExportFormat, string> = { csv: 'csv', ndjson: 'ndjson' };

/** `audit-events-2025-03-01-154502.csv` (local time of `at`). Pure. */
export function exportFileName(base: string, format: ExportFormat, at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const stamp = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}-${two(at.getHours())}${two(at.getMinutes())}${two(at.getSeconds())}`;
  return `${base}-${stamp}.${EXPORT_EXTENSIONS[format]}`;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path, constants.F_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * A path in `dir` for `name` that neither exists, nor has a `.part` beside it, nor is `taken` (by a
 * running export): `name`, else `name-2.ext`, `name-3.ext`… Creates `dir` when missing.
 * Errors: fs errors creating `dir`.
 */
export async function freeExportPath(
  dir: string,
  name: string,
  taken: (path: string) => boolean = () => false,
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const ext = extname(name);
  const stem = name.slice(0, name.length - ext.length);
  for (let n = 1; ; n++) {
    const candidate = join(dir, n === 1 ? name : `${stem}-${n}${ext}`);
    if (taken(candidate)) continue;
    if (!(await exists(candidate)) && !(await exists(`${candidate}.part`))) return candidate;
  }
}

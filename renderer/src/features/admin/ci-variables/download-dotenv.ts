import type { CiVariable } from '../../../api/admin/ci-variables/types.js';
import { formatDotenv, type DotenvExport } from './dotenv-format.js';

/** `outpost-instance-variables-2026-11-20.env`. */
export function exportFileName(date = new Date()): string {
  return `instance-variables-${date.toISOString().slice(0, 10)}.env`;
}

/**
 * Save the variables as a `.env` file through a Blob and a download link (works in Electron, which
 * asks where to save, and in the browser host). Returns what was written, including skipped keys.
 */
export function downloadDotenv(variables: readonly CiVariable[], instanceName: string): DotenvExport {
  const now = new Date();
  const result = formatDotenv(variables, [
    `Instance CI/CD variables of ${instanceName}`,
    `Exported by Outpost on ${now.toISOString()}`,
  ]);
  const url = URL.createObjectURL(new Blob([result.text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(now);
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the download a moment to start before the object URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return result;
}

import type { PlanFileSizeLimitName } from '../../../api/admin/plan-limits/types.js';

/** Readable name and one line of context per file-size limit. */
export const PLAN_LIMIT_LABELS: Record<PlanFileSizeLimitName, { label: string; description: string }> = {
  conan_max_file_size: { label: 'Conan', description: 'Largest file of a Conan (C/C++) package.' },
  generic_packages_max_file_size: {
    label: 'Generic packages',
    description: 'Largest file uploaded to the generic package registry.',
  },
  maven_max_file_size: { label: 'Maven', description: 'Largest file of a Maven package.' },
  npm_max_file_size: { label: 'npm', description: 'Largest npm package tarball.' },
  nuget_max_file_size: { label: 'NuGet', description: 'Largest NuGet package.' },
  pypi_max_file_size: { label: 'PyPI', description: 'Largest file of a PyPI package.' },
};

/** `premium_trial` → `Premium trial`; `default` → `Default`. */
export function planLabel(name: string): string {
  const text = name.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

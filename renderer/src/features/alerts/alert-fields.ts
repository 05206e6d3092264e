import type { Alert } from '../../api/alerts/types.js';

/**
 * The alert's hosts as a list without blanks; a single string (as an older instance might send) is
 * one host.
 */
export function alertHosts(alert: { hosts: readonly string[] | string | null }): string[] {
  const { hosts } = alert;
  if (Array.isArray(hosts)) return hosts.map(String).filter((host) => host.trim() !== '');
  if (typeof hosts === 'string' && hosts.trim() !== '') return [hosts];
  return [];
}

/** "web · Prometheus", "web", "Prometheus" or null: where an alert comes from, in one line. */
export function alertSource(alert: Pick<Alert, 'service' | 'monitoring_tool'>): string | null {
  const parts = [alert.service, alert.monitoring_tool].filter(
    (part): part is string => typeof part === 'string' && part.trim() !== '',
  );
  return parts.length > 0 ? parts.join(' · ') : null;
}

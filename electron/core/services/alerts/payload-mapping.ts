/**
 * Inbound alert payload → alert attributes, as GitLab's generic HTTP endpoint maps it
 * (doc/operations/incident_management/integrations.md "Customize the alert payload outside of GitLab";
 * lib/gitlab/alert_management/payload/{base,generic}.rb, lib/gitlab/alert_management/fingerprint.rb, the
 * Premium payload fingerprinting of ee/…/payload/generic.rb; spec "Alert payload (inbound)"). Pure.
 *
 * - Values count only when "present" in Ruby's sense: not null, false, blank text, `[]` or `{}`.
 * - `title` (default `New: Alert`), `description`, `service`, `monitoring_tool` are turned into text and
 *   cut to GitLab's column lengths (200, 1000, 100, 100) with `...`, as Rails' `truncate`.
 * - `start_time` parsed as a date-time, else now; a parseable `end_time` makes the payload a resolving one.
 * - `severity` case-insensitive among the six values, else `critical`.
 * - `hosts` a string or a (nested) array, flattened, at most 255 characters in total.
 * - `fingerprint`: SHA-1 hex of the given value (an array's items joined); without one, SHA-1 of the
 *   payload itself without `start_time`, `end_time` and `hosts`, so identical payloads group.
 */
import { createHash } from 'node:crypto';

export const ALERT_SEVERITIES = ['critical', 'high', 'medium', 'low', 'info', 'unknown'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

export const ALERT_STATUSES = ['triggered', 'acknowledged', 'resolved', 'ignored'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

export const DEFAULT_ALERT_TITLE = 'New: Alert';
export const DEFAULT_ALERT_SEVERITY: AlertSeverity = 'critical';

/** AlertManagement::Alert's length limits. */
export const ALERT_LIMITS = {
  title: 200,
  description: 1000,
  service: 100,
  monitoringTool: 100,
  hosts: 255,
} as const;

/** Payload keys left out of an automatic fingerprint (GitLab's EXCLUDED_PAYLOAD_FINGERPRINT_ATTRIBUTES). */
export const FINGERPRINT_EXCLUDED_KEYS: readonly string[] = ['start_time', 'end_time', 'hosts'];

/** Deepest nesting a payload may have (Gitlab::Utils::DeepSize's default max_depth). */
export const MAX_PAYLOAD_DEPTH = 100;

/** The sample a test alert sends when the caller gives no payload. */
export const SAMPLE_ALERT_PAYLOAD: Readonly<Record<string, unknown>> = {
  title: 'Test alert',
  description: 'A test alert sent from the integration settings.',
  severity: 'low',
  service: 'test-service',
  monitoring_tool: 'Outpost',
  hosts: ['localhost'],
};

export interface MappedAlert {
  title: string;
  description: string | null;
  severity: AlertSeverity;
  /** ISO 8601 UTC with milliseconds. */
  startedAt: string;
  /** Set when the payload resolves its alert. */
  endedAt: string | null;
  service: string | null;
  monitoringTool: string | null;
  hosts: string[];
  /** SHA-1 hex, or null when the payload has nothing to fingerprint. */
  fingerprint: string | null;
  environmentName: string | null;
}

/** Ruby's `present?` for JSON values. */
export function isPresent(v: unknown): boolean {
  if (v === null || v === undefined || v === false) return false;
  if (typeof v === 'string') return v.trim() !== '';
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'object') return Object.keys(v).length > 0;
  return true;
}

/** `to_s` of a JSON value: text as is, numbers and booleans printed, arrays and objects as JSON. */
export function textOf(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** Rails' `String#truncate(length)`: longer text is cut so that it ends with `omission` within `length` characters. */
export function truncateText(text: string, length: number, omission = '...'): string {
  const chars = Array.from(text);
  if (chars.length <= length) return text;
  const stop = Math.max(0, length - omission.length);
  return chars.slice(0, stop).join('') + omission;
}

/** A payload date-time (ISO 8601 or another form with a four-digit year), as ISO UTC; null when unparseable. */
export function parsePayloadTime(v: unknown): string | null {
  if (typeof v !== 'string' || !/\d{4}/.test(v)) return null;
  const ms = Date.parse(v.trim());
  if (Number.isNaN(ms)) return null;
  const d = new Date(ms);
  const year = d.getUTCFullYear();
  if (year < 1 || year > 9999) return null;
  return d.toISOString();
}

function optionalText(v: unknown, max: number): string | null {
  return isPresent(v) ? truncateText(textOf(v), max) : null;
}

/** `Array(hosts).flatten`, items as text (nulls dropped), cut to 255 characters in total as GitLab's `truncate_hosts`. */
export function mapHosts(v: unknown): string[] {
  if (!isPresent(v)) return [];
  const flat = (Array.isArray(v) ? (v as unknown[]).flat(Infinity) : [v])
    .filter((h) => h !== null && h !== undefined)
    .map(textOf);
  const total = (items: string[]) => items.reduce((n, h) => n + Array.from(h).length, 0);
  if (total(flat) <= ALERT_LIMITS.hosts) return flat;
  const out: string[] = [];
  for (const host of flat) {
    const remaining = ALERT_LIMITS.hosts - total(out);
    if (remaining <= 0) break;
    out.push(Array.from(host).slice(0, remaining).join(''));
  }
  return out;
}

/** Severity, case-insensitive; `critical` when missing or unknown. */
export function mapSeverity(v: unknown): AlertSeverity {
  const s = textOf(v).toLowerCase();
  return (ALERT_SEVERITIES as readonly string[]).includes(s) ? (s as AlertSeverity) : DEFAULT_ALERT_SEVERITY;
}

/** Nested objects flattened to dotted keys (GitLab's InlineHash.merge_keys); arrays stay values. */
export function flattenKeys(obj: Record<string, unknown>, prefix = ''): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 0) {
      out.push(...flattenKeys(v as Record<string, unknown>, key));
    } else {
      out.push([key, v]);
    }
  }
  return out;
}

/** JSON with object keys sorted at every level, so equal payloads give equal text whatever their key order. */
function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonicalJson(x)}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/**
 * GitLab's `Fingerprint.generate`: SHA-1 hex of the value as text, an array's (flattened) items joined
 * without separator; an object (the payload itself) as its sorted, dotted key/value pairs.
 * @returns null when the value is not present.
 */
export function fingerprintOf(v: unknown): string | null {
  if (!isPresent(v)) return null;
  let text: string;
  if (Array.isArray(v)) text = (v as unknown[]).flat(Infinity).map(textOf).join('');
  else if (typeof v === 'object' && v !== null) {
    const pairs = flattenKeys(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    text = canonicalJson(pairs);
  } else text = textOf(v);
  return createHash('sha1').update(text, 'utf8').digest('hex');
}

/**
 * The fingerprint of a payload: its `fingerprint` when present, else the payload without `start_time`,
 * `end_time` and `hosts` when any remaining value is present, else null.
 */
export function payloadFingerprint(payload: Record<string, unknown>): string | null {
  if (isPresent(payload.fingerprint)) return fingerprintOf(payload.fingerprint);
  const rest = Object.fromEntries(
    Object.entries(payload).filter(([k]) => !FINGERPRINT_EXCLUDED_KEYS.includes(k)),
  );
  if (!Object.values(rest).some(isPresent)) return null;
  return fingerprintOf(rest);
}

/** Nesting depth of a JSON value (a scalar is 0, `{}` and `[]` are 1). Iterative, so hostile input can't overflow the stack. */
export function jsonDepth(value: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    const depth = d + 1;
    if (depth > max) max = depth;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth]);
  }
  return max;
}

/** Map a payload (a JSON object) to alert attributes; `now` is the fallback start time. */
export function mapAlertPayload(payload: Record<string, unknown>, now: Date): MappedAlert {
  const title = isPresent(payload.title) ? textOf(payload.title) : DEFAULT_ALERT_TITLE;
  return {
    title: truncateText(title, ALERT_LIMITS.title),
    description: optionalText(payload.description, ALERT_LIMITS.description),
    severity: mapSeverity(payload.severity),
    startedAt: parsePayloadTime(payload.start_time) ?? now.toISOString(),
    endedAt: parsePayloadTime(payload.end_time),
    service: optionalText(payload.service, ALERT_LIMITS.service),
    monitoringTool: optionalText(payload.monitoring_tool, ALERT_LIMITS.monitoringTool),
    hosts: mapHosts(payload.hosts),
    fingerprint: payloadFingerprint(payload),
    environmentName: isPresent(payload.gitlab_environment_name)
      ? textOf(payload.gitlab_environment_name)
      : null,
  };
}

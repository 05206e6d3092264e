import { ALERT_SEVERITIES } from '../../api/alerts/types.js';
import { formatBytes } from '../../lib/byte-size.js';

/** The receiver's default payload limit (spec "Alert payload size"; 1 MB unless configured). */
export const ALERT_PAYLOAD_LIMIT_BYTES = 1024 * 1024;

/** The outcome of {@link checkAlertPayload}. */
export type AlertPayloadCheck =
  | {
      ok: true;
      payload: Record<string, unknown>;
      /** Fields the receiver will read differently than the author probably meant. */
      warnings: string[];
    }
  | { ok: false; error: string };

function describeJsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return 'a boolean';
  return typeof value;
}

const isStringList = (value: unknown) =>
  Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number');

function fieldWarnings(payload: Record<string, unknown>): string[] {
  const warnings: string[] = [];
  for (const field of ['title', 'description', 'service', 'monitoring_tool', 'gitlab_environment_name']) {
    const value = payload[field];
    if (value !== undefined && value !== null && typeof value !== 'string') {
      warnings.push(`${field} should be a string, not ${describeJsonType(value)}.`);
    }
  }
  const { severity } = payload;
  if (severity !== undefined) {
    const known =
      typeof severity === 'string' &&
      (ALERT_SEVERITIES as readonly string[]).includes(severity.trim().toLowerCase());
    if (!known) {
      warnings.push(
        `severity ${JSON.stringify(severity)} is not one of ${ALERT_SEVERITIES.join(', ')}; the alert will be critical.`,
      );
    }
  }
  for (const field of ['start_time', 'end_time']) {
    const value = payload[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) {
      warnings.push(
        `${field} is not a date the instance can read; use ISO 8601, such as 2026-05-01T10:00:00Z.`,
      );
    }
  }
  for (const field of ['hosts', 'fingerprint']) {
    const value = payload[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' && !isStringList(value)) {
      warnings.push(`${field} should be a string or an array of strings, not ${describeJsonType(value)}.`);
    }
  }
  return warnings;
}

/**
 * Check the text of a sample alert payload before it is sent: it must be valid JSON, a JSON object
 * (the receiver answers 400 to anything else) and under `limitBytes` of UTF-8 (413 above it).
 * Fields of the spec's payload with the wrong type come back as warnings (the receiver falls back:
 * `critical` for an unknown severity, now for an unreadable `start_time`). Pure.
 */
export function checkAlertPayload(text: string, limitBytes = ALERT_PAYLOAD_LIMIT_BYTES): AlertPayloadCheck {
  if (text.trim() === '') {
    return { ok: false, error: 'Enter a JSON object, such as {"title": "Disk almost full"}.' };
  }
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > limitBytes) {
    return {
      ok: false,
      error: `The payload is ${formatBytes(bytes)}; the receiver accepts up to ${formatBytes(limitBytes)}.`,
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, error: `This is not valid JSON: ${reason}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      ok: false,
      error: `The payload must be a JSON object ({ … }), not ${describeJsonType(value)}.`,
    };
  }
  const payload = value as Record<string, unknown>;
  return { ok: true, payload, warnings: fieldWarnings(payload) };
}

/** A sample payload using every mapped field, started at `now`; pretty-printed for the editor. */
export function samplePayloadText(now: Date = new Date()): string {
  const sample = {
    title: 'High CPU usage on web-01',
    description: 'CPU usage has been above 90% for 5 minutes.',
    start_time: now.toISOString(),
    service: 'web',
    monitoring_tool: 'Prometheus',
    hosts: ['web-01.internal'],
    severity: 'high',
    fingerprint: 'web-01-cpu',
  };
  return JSON.stringify(sample, null, 2);
}

/**
 * The raw payload as pretty JSON for display: objects and arrays indented by two spaces; a string
 * holding JSON is parsed first; anything else as JSON text. Pure.
 */
export function formatPayload(payload: unknown): string {
  let value = payload;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return value as string;
    }
  }
  return JSON.stringify(value ?? null, null, 2);
}

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ALERT_TITLE,
  fingerprintOf,
  isPresent,
  jsonDepth,
  mapAlertPayload,
  mapHosts,
  mapSeverity,
  parsePayloadTime,
  payloadFingerprint,
  truncateText,
} from './payload-mapping.js';

const sha1 = (s: string) => createHash('sha1').update(s, 'utf8').digest('hex');
const NOW = new Date('2024-05-01T12:00:00.000Z');

describe('isPresent (Ruby present?)', () => {
  it('treats null, false, blank text, empty arrays and objects as absent', () => {
    for (const v of [null, undefined, false, '', '   ', '\n\t', [], {}]) expect(isPresent(v)).toBe(false);
    for (const v of [0, true, 'x', [null], { a: null }]) expect(isPresent(v)).toBe(true);
  });
});

describe('truncateText (Rails truncate)', () => {
  it('keeps text up to the length and ends longer text with ... inside the length', () => {
    expect(truncateText('abc', 3)).toBe('abc');
    expect(truncateText('abcdef', 5)).toBe('ab...');
    expect(truncateText('é'.repeat(10), 5)).toBe('éé...');
    expect(truncateText('abcdef', 3, '')).toBe('abc');
  });
});

describe('parsePayloadTime', () => {
  it('parses ISO 8601 and other dated forms to UTC', () => {
    expect(parsePayloadTime('2019-09-12T06:00:55Z')).toBe('2019-09-12T06:00:55.000Z');
    expect(parsePayloadTime('2019-09-12T08:00:55+02:00')).toBe('2019-09-12T06:00:55.000Z');
    expect(parsePayloadTime('Thu, 12 Sep 2019 06:00:55 GMT')).toBe('2019-09-12T06:00:55.000Z');
  });
  it('refuses non-text, undated and unparseable values', () => {
    for (const v of [null, 12, 'yesterday', 'not a 2019 date', '1', '', {}])
      expect(parsePayloadTime(v)).toBeNull();
  });
});

describe('mapSeverity', () => {
  it('accepts the six values in any case and falls back to critical', () => {
    expect(mapSeverity('HIGH')).toBe('high');
    expect(mapSeverity('Info')).toBe('info');
    expect(mapSeverity('unknown')).toBe('unknown');
    expect(mapSeverity('warning')).toBe('critical');
    expect(mapSeverity(undefined)).toBe('critical');
    expect(mapSeverity(3)).toBe('critical');
    expect(mapSeverity(' low')).toBe('critical');
  });
});

describe('mapHosts', () => {
  it('takes a string or a nested array, items as text', () => {
    expect(mapHosts('db-1')).toEqual(['db-1']);
    expect(mapHosts(['a', ['b', ['c']], 7, null])).toEqual(['a', 'b', 'c', '7']);
    expect(mapHosts('')).toEqual([]);
    expect(mapHosts([])).toEqual([]);
  });
  it('cuts to 255 characters in total, as GitLab truncate_hosts', () => {
    const long = mapHosts(['x'.repeat(200), 'y'.repeat(100), 'z']);
    expect(long).toEqual(['x'.repeat(200), 'y'.repeat(55)]);
  });
});

describe('fingerprints (GitLab Fingerprint.generate)', () => {
  it('hashes a string or number with SHA-1, and an array as its flattened items joined', () => {
    expect(fingerprintOf('d19381d4')).toBe(sha1('d19381d4'));
    expect(fingerprintOf(42)).toBe(sha1('42'));
    expect(fingerprintOf(['a', ['b', 1]])).toBe(sha1('ab1'));
    expect(fingerprintOf('')).toBeNull();
    expect(fingerprintOf([])).toBeNull();
  });
  it('uses the payload fingerprint when present', () => {
    expect(payloadFingerprint({ title: 'x', fingerprint: 'fp' })).toBe(sha1('fp'));
  });
  it('without one, fingerprints the payload minus start_time, end_time and hosts, whatever the key order', () => {
    const a = payloadFingerprint({ title: 'Disk full', foo: { bar: 1 }, start_time: '2020-01-01T00:00:00Z' });
    const b = payloadFingerprint({ foo: { bar: 1 }, hosts: ['h'], title: 'Disk full', end_time: 'x' });
    expect(a).toMatch(/^[0-9a-f]{40}$/);
    expect(b).toBe(a);
    expect(payloadFingerprint({ title: 'Disk full', foo: { bar: 2 } })).not.toBe(a);
    expect(payloadFingerprint({ title: 'Disk full', fingerprint: '', foo: { bar: 1 } })).not.toBe(a);
  });
  it('has none for a payload with nothing present besides the excluded keys', () => {
    expect(payloadFingerprint({})).toBeNull();
    expect(payloadFingerprint({ start_time: '2020-01-01T00:00:00Z', hosts: 'h', title: '' })).toBeNull();
  });
});

describe('jsonDepth', () => {
  it('counts nesting levels', () => {
    expect(jsonDepth(1)).toBe(0);
    expect(jsonDepth({})).toBe(1);
    expect(jsonDepth({ a: [{ b: 1 }] })).toBe(3);
    let deep: unknown = 1;
    for (let i = 0; i < 5000; i++) deep = [deep];
    expect(jsonDepth(deep)).toBe(5000);
  });
});

describe('mapAlertPayload', () => {
  it('applies the defaults to an empty payload', () => {
    expect(mapAlertPayload({}, NOW)).toEqual({
      title: DEFAULT_ALERT_TITLE,
      description: null,
      severity: 'critical',
      startedAt: NOW.toISOString(),
      endedAt: null,
      service: null,
      monitoringTool: null,
      hosts: [],
      fingerprint: null,
      environmentName: null,
    });
  });
  it('maps the documented example payload', () => {
    const m = mapAlertPayload(
      {
        title: 'Incident title',
        description: 'Short description of the incident',
        start_time: '2019-09-12T06:00:55Z',
        service: 'service affected',
        monitoring_tool: 'value',
        hosts: 'value',
        severity: 'high',
        fingerprint: 'd19381d4e8ebca87b55cda6e8eee7385',
        gitlab_environment_name: 'production',
        foo: { bar: { baz: 42 } },
      },
      NOW,
    );
    expect(m).toEqual({
      title: 'Incident title',
      description: 'Short description of the incident',
      severity: 'high',
      startedAt: '2019-09-12T06:00:55.000Z',
      endedAt: null,
      service: 'service affected',
      monitoringTool: 'value',
      hosts: ['value'],
      fingerprint: sha1('d19381d4e8ebca87b55cda6e8eee7385'),
      environmentName: 'production',
    });
  });
  it('cuts long texts to GitLab column lengths and turns non-text values into text', () => {
    const m = mapAlertPayload(
      { title: 't'.repeat(300), description: 'd'.repeat(2000), service: 's'.repeat(150), monitoring_tool: 7 },
      NOW,
    );
    expect(m.title).toHaveLength(200);
    expect(m.title.endsWith('...')).toBe(true);
    expect(m.description).toHaveLength(1000);
    expect(m.service).toHaveLength(100);
    expect(m.monitoringTool).toBe('7');
  });
  it('uses now for a missing or invalid start_time and ignores an invalid end_time', () => {
    const m = mapAlertPayload({ title: '  ', start_time: 'soon', end_time: 'later' }, NOW);
    expect(m.title).toBe(DEFAULT_ALERT_TITLE);
    expect(m.startedAt).toBe(NOW.toISOString());
    expect(m.endedAt).toBeNull();
    expect(mapAlertPayload({ end_time: '2019-09-12T07:00:00Z' }, NOW).endedAt).toBe(
      '2019-09-12T07:00:00.000Z',
    );
  });
});

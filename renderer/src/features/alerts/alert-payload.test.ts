import { describe, expect, it } from 'vitest';
import { checkAlertPayload, formatPayload, samplePayloadText } from './alert-payload.js';

describe('checkAlertPayload', () => {
  it('accepts a JSON object without warnings when the fields have their types', () => {
    const result = checkAlertPayload(samplePayloadText(new Date('2026-05-01T10:00:00Z')));
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.payload).toMatchObject({ title: 'High CPU usage on web-01', severity: 'high' });
      expect(result.payload.start_time).toBe('2026-05-01T10:00:00.000Z');
      expect(result.warnings).toEqual([]);
    }
  });

  it('accepts an empty object and extra nested properties', () => {
    expect(checkAlertPayload('{}')).toEqual({ ok: true, payload: {}, warnings: [] });
    const nested = checkAlertPayload('{"labels": {"team": "ops", "tags": [1, 2]}}');
    expect(nested.ok && nested.warnings).toEqual([]);
  });

  it('asks for a JSON object when the text is blank', () => {
    const result = checkAlertPayload('   \n');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/^Enter a JSON object/);
  });

  it('says why invalid JSON is invalid', () => {
    const result = checkAlertPayload('{"title": "x",}');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/^This is not valid JSON: /);
  });

  it('refuses JSON that is not an object, naming what it is', () => {
    const cases: [string, string][] = [
      ['[1, 2]', 'an array'],
      ['"title"', 'a string'],
      ['42', 'a number'],
      ['null', 'null'],
      ['true', 'a boolean'],
    ];
    for (const [text, kind] of cases) {
      const result = checkAlertPayload(text);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toBe(`The payload must be a JSON object ({ … }), not ${kind}.`);
    }
  });

  it('refuses a payload over the limit, counting UTF-8 bytes', () => {
    const text = JSON.stringify({ description: 'é'.repeat(40) }); // 80 bytes of é
    expect(checkAlertPayload(text, 200).ok).toBe(true);
    const result = checkAlertPayload(text, 60);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/the receiver accepts up to 60 B\.$/);
  });

  it('warns about fields the receiver will read differently', () => {
    const result = checkAlertPayload(
      JSON.stringify({
        title: 42,
        severity: 'urgent',
        start_time: 'yesterday',
        end_time: '2026-05-01T10:00:00Z',
        hosts: { name: 'web-01' },
        fingerprint: ['a', 'b'],
      }),
    );
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.warnings).toEqual([
        'title should be a string, not a number.',
        'severity "urgent" is not one of critical, high, medium, low, info, unknown; the alert will be critical.',
        'start_time is not a date the instance can read; use ISO 8601, such as 2026-05-01T10:00:00Z.',
        'hosts should be a string or an array of strings, not object.',
      ]);
    }
  });

  it('reads severity case-insensitively', () => {
    const result = checkAlertPayload('{"severity": "LOW"}');
    expect(result.ok && result.warnings).toEqual([]);
  });
});

describe('formatPayload', () => {
  it('indents objects by two spaces', () => {
    expect(formatPayload({ a: { b: 1 } })).toBe('{\n  "a": {\n    "b": 1\n  }\n}');
  });

  it('parses a string holding JSON, and keeps other strings as they are', () => {
    expect(formatPayload('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(formatPayload('not json')).toBe('not json');
  });

  it('shows a missing payload as null', () => {
    expect(formatPayload(undefined)).toBe('null');
  });
});

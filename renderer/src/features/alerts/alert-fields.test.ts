import { describe, expect, it } from 'vitest';
import { alertHosts, alertSource } from './alert-fields.js';
import { curlCommand, shellQuote } from './curl-command.js';

describe('alert fields', () => {
  it('reads hosts from a string or an array', () => {
    expect(alertHosts({ hosts: ['a', 'b', ' '] })).toEqual(['a', 'b']);
    expect(alertHosts({ hosts: 'web-01' })).toEqual(['web-01']);
    expect(alertHosts({ hosts: null })).toEqual([]);
  });

  it('joins service and monitoring tool', () => {
    expect(alertSource({ service: 'web', monitoring_tool: 'Prometheus' })).toBe('web · Prometheus');
    expect(alertSource({ service: null, monitoring_tool: 'Prometheus' })).toBe('Prometheus');
    expect(alertSource({ service: ' ', monitoring_tool: null })).toBeNull();
  });
});

describe('curlCommand', () => {
  it('quotes for a POSIX shell', () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
  });

  it('posts JSON with the bearer key', () => {
    expect(curlCommand('http://127.0.0.1:1/a.json', 'k3y', '{"title": "x"}')).toBe(
      [
        "curl -X POST 'http://127.0.0.1:1/a.json' \\",
        "  -H 'Authorization: Bearer k3y' \\",
        "  -H 'Content-Type: application/json' \\",
        `  -d '{"title": "x"}'`,
      ].join('\n'),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { ALERT_SEVERITIES, type AlertSeverity } from '../../api/alerts/types.js';
import { compareSeverity, normalizeSeverity, severityRank, severityStyle } from './alert-severity.js';

describe('normalizeSeverity', () => {
  it('reads the six values in any case', () => {
    expect(normalizeSeverity('HIGH')).toBe('high');
    expect(normalizeSeverity(' Info ')).toBe('info');
    expect(normalizeSeverity('unknown')).toBe('unknown');
  });

  it('falls back to critical for anything else, as the receiver does', () => {
    expect(normalizeSeverity('urgent')).toBe('critical');
    expect(normalizeSeverity('')).toBe('critical');
    expect(normalizeSeverity(null)).toBe('critical');
    expect(normalizeSeverity(3)).toBe('critical');
  });
});

describe('severity ordering', () => {
  it('ranks critical first and unknown last', () => {
    expect(severityRank('critical')).toBe(0);
    expect(severityRank('unknown')).toBe(5);
  });

  it('sorts most severe first', () => {
    const shuffled: AlertSeverity[] = ['info', 'critical', 'unknown', 'low', 'high', 'medium'];
    expect([...shuffled].sort(compareSeverity)).toEqual([...ALERT_SEVERITIES]);
  });
});

describe('severityStyle', () => {
  it('gives every severity its own colour and a label', () => {
    const colors = ALERT_SEVERITIES.map((severity) => severityStyle(severity).color);
    expect(new Set(colors).size).toBe(ALERT_SEVERITIES.length);
    expect(severityStyle('critical')).toEqual({ color: 'red', variant: 'filled', label: 'Critical' });
    expect(severityStyle('unknown').color).toBe('gray');
  });

  it('fills the two most severe badges only', () => {
    const filled = ALERT_SEVERITIES.filter((severity) => severityStyle(severity).variant === 'filled');
    expect(filled).toEqual(['critical', 'high']);
  });
});

import { describe, expect, it } from 'vitest';
import { BridgeError } from '../bridge-error.js';
import { normalizeInstanceUrl } from './normalize-url.js';

describe('normalizeInstanceUrl', () => {
  it.each([
    ['https://gitlab.example.com/', 'https://gitlab.example.com'],
    [' https://GitLab.Example.com//', 'https://gitlab.example.com'],
    ['http://10.0.0.5:8080/gitlab/', 'http://10.0.0.5:8080/gitlab'],
    ['https://gitlab.example.com/api/v4/', 'https://gitlab.example.com'],
    ['https://gitlab.example.com:443', 'https://gitlab.example.com'],
  ])('%s → %s', (raw, expected) => expect(normalizeInstanceUrl(raw)).toBe(expected));

  it.each([
    'gitlab.example.com',
    'ftp://gitlab.example.com',
    'javascript:alert(1)',
    'https://u:p@h.com',
    'https://h.com/?a=1',
    'https://h.com/#x',
    '',
  ])('refuses %j', (raw) => expect(() => normalizeInstanceUrl(raw)).toThrow(BridgeError));
});

import { describe, expect, it } from 'vitest';
import { isAllowedExternalUrl } from './external-url.js';

describe('isAllowedExternalUrl', () => {
  it.each(['https://gitlab.com/help', 'http://localhost:8080/x?y=1#z', 'https://docs.gitlab.com/ee/api/'])(
    'allows %s',
    (url) => expect(isAllowedExternalUrl(url)).toBe(true),
  );

  it.each([
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'smb://host/share',
    'ms-msdt:/id',
    'vscode://file/x',
    'https://user:pass@example.com/',
    'https://example.com/a b',
    'https://example.com/\nx',
    ' https://example.com/',
    '//example.com',
    '/relative',
    'not a url',
    '',
    `https://example.com/${'a'.repeat(5000)}`,
  ])('refuses %s', (url) => expect(isAllowedExternalUrl(url)).toBe(false));

  it('refuses non-strings', () => {
    expect(isAllowedExternalUrl(undefined)).toBe(false);
    expect(isAllowedExternalUrl({ href: 'https://x' })).toBe(false);
  });
});

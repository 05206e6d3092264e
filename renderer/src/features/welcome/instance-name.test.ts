import { describe, expect, it } from 'vitest';
import { instanceNameFromUrl } from './instance-name.js';

describe('instanceNameFromUrl', () => {
  it('uses the host, with its port and any path GitLab is served under', () => {
    expect(instanceNameFromUrl('https://gitlab.example.com')).toBe('gitlab.example.com');
    expect(instanceNameFromUrl('http://127.0.0.1:8080/')).toBe('127.0.0.1:8080');
    expect(instanceNameFromUrl('https://example.com/gitlab/')).toBe('example.com/gitlab');
  });

  it('falls back to the input when it is not a URL', () => {
    expect(instanceNameFromUrl('not a url')).toBe('not a url');
  });
});

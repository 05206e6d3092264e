import { describe, expect, it } from 'vitest';
import { isValidFilePath } from './file-path.js';

describe('isValidFilePath (GitLab file_path validator)', () => {
  it.each([
    ['README.md', true],
    ['docs/guide.md', true],
    ['.gitignore', true],
    ['a..b/c', true],
    ['..hidden', true],
    [':wq', true],
    ['..', false],
    ['.', false],
    ['../x', false],
    ['..\\x', false],
    ['a/../b', false],
    ['a/..', false],
    ['/etc/passwd', false],
    ['\\windows', false],
    ['..%2Fsecret', false],
    ['%2e%2e/x', false],
    ['line\nbreak', false],
    ['nul\0byte', false],
    ['', false],
  ])('%j → %s', (p, ok) => {
    expect(isValidFilePath(p)).toBe(ok);
  });
});

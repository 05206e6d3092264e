import { describe, expect, it } from 'vitest';
import {
  baseName,
  encodeFilePath,
  encodeRefSegment,
  joinPath,
  parentPath,
  trimSlashes,
} from './file-path.js';

describe('encodeFilePath', () => {
  it('encodes slashes and dots as GitLab documents', () => {
    expect(encodeFilePath('lib/class.rb')).toBe('lib%2Fclass%2Erb');
    expect(encodeFilePath('package.json')).toBe('package%2Ejson');
  });

  it('encodes spaces, unicode and reserved characters, and drops outer slashes', () => {
    expect(encodeFilePath('/docs/my file#1?.md/')).toBe('docs%2Fmy%20file%231%3F%2Emd');
    expect(encodeFilePath('ü/ñ.txt')).toBe('%C3%BC%2F%C3%B1%2Etxt');
  });

  it('never leaves a bare . or .. segment', () => {
    expect(encodeFilePath('.gitignore')).toBe('%2Egitignore');
    expect(encodeFilePath('a/../b')).not.toContain('/');
  });
});

describe('path helpers', () => {
  it('encodes refs with slashes as one segment', () => {
    expect(encodeRefSegment('feature/login')).toBe('feature%2Flogin');
  });

  it('trims and joins', () => {
    expect(trimSlashes('//a//b/')).toBe('a/b');
    expect(joinPath('', 'src', 'main.ts')).toBe('src/main.ts');
    expect(joinPath('src/', '/x')).toBe('src/x');
  });

  it('finds parents and base names', () => {
    expect(parentPath('src/app/main.ts')).toBe('src/app');
    expect(parentPath('README.md')).toBe('');
    expect(baseName('src/app/main.ts')).toBe('main.ts');
    expect(baseName('README.md')).toBe('README.md');
  });
});

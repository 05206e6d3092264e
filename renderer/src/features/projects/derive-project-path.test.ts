import { describe, expect, it } from 'vitest';
import { deriveProjectPath, validateProjectPath } from './derive-project-path.js';

describe('deriveProjectPath', () => {
  it('slugifies names the way GitLab suggests paths', () => {
    expect(deriveProjectPath('My Awesome Project')).toBe('my-awesome-project');
    expect(deriveProjectPath('  Déjà vu!! 2.0 ')).toBe('deja-vu-2.0');
    expect(deriveProjectPath('outpost.git')).toBe('outpost');
    expect(deriveProjectPath('--hello__world--')).toBe('hello__world');
    expect(deriveProjectPath('!!!')).toBe('');
  });

  it('always yields a valid path or nothing', () => {
    for (const name of ['A', 'a.b.', '_x', 'Ünïcödé nåme', 'x.atom', 'foo..bar']) {
      const path = deriveProjectPath(name);
      if (path !== '') expect(validateProjectPath(path)).toBeNull();
    }
  });
});

describe('validateProjectPath', () => {
  it('accepts GitLab paths and explains bad ones', () => {
    expect(validateProjectPath('my-project_1.0')).toBeNull();
    expect(validateProjectPath('')).toMatch(/Enter/);
    expect(validateProjectPath('-lead')).toMatch(/start/);
    expect(validateProjectPath('has space')).toMatch(/letters/);
    expect(validateProjectPath('repo.git')).toMatch(/\.git/);
    expect(validateProjectPath('trailing-')).toMatch(/end/);
  });
});

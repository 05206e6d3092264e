import { describe, expect, it } from 'vitest';
import { branchNameProblem } from './projects-service.js';

describe('branchNameProblem (git check-ref-format --branch rules)', () => {
  it.each(['main', 'release/1.x', 'feature/ABC-12_fix', 'v1.0', 'a.b', 'ünïcode'])('accepts %j', (name) => {
    expect(branchNameProblem(name)).toBeNull();
  });

  it.each([
    '',
    '@',
    'HEAD',
    '-leading',
    '/lead',
    'trail/',
    'dot.',
    'a..b',
    'a@{b',
    'a//b',
    'sp ace',
    'tab\tbed',
    'ctl\u0001',
    'del\u007f',
    'tilde~1',
    'caret^',
    'co:lon',
    'que?',
    'star*',
    'br[acket',
    'back\\slash',
    '.hidden',
    'dir/.hidden',
    'x.lock',
    'dir/x.lock/y',
    'x'.repeat(256),
  ])('refuses %j', (name) => {
    expect(branchNameProblem(name)).toBe('is invalid');
  });
});

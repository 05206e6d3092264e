import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.js';
import { describeCommitProblem } from './commit-problem.js';

describe('describeCommitProblem', () => {
  it('explains a refusal on a protected branch', () => {
    const problem = describeCommitProblem(
      new ApiError(403, { message: 'You are not allowed to push into this branch' }),
      'main',
    );
    expect(problem.kind).toBe('protected');
    expect(problem.title).toBe('You can’t push to main');
    expect(problem.detail).toBe('You are not allowed to push into this branch.');
    expect(problem.advice).toMatch(/new branch/);
  });

  it('recognises a stale edit', () => {
    const problem = describeCommitProblem(
      new ApiError(400, {
        message: 'You are attempting to update a file that has changed since you started editing it.',
      }),
      'main',
    );
    expect(problem.kind).toBe('conflict');
  });

  it('recognises identical content, existing files and missing files', () => {
    expect(describeCommitProblem(new ApiError(400, { message: 'No changes to commit' }), 'x').kind).toBe(
      'unchanged',
    );
    expect(
      describeCommitProblem(new ApiError(400, { message: 'A file with this name already exists' }), 'x').kind,
    ).toBe('exists');
    expect(describeCommitProblem(new ApiError(404, { message: '404 File Not Found' }), 'x').kind).toBe(
      'missing',
    );
  });

  it('falls back to the message for anything else', () => {
    const problem = describeCommitProblem(new Error('boom'), 'x');
    expect(problem).toMatchObject({ kind: 'other', detail: 'boom' });
  });
});

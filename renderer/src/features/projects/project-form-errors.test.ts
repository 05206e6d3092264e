import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.js';
import { BridgeError } from '../../api/bridge-error.js';
import { toProjectFormErrors } from './project-form-errors.js';

describe('toProjectFormErrors', () => {
  it('puts GitLab validation messages under their fields', () => {
    const error = new ApiError(400, {
      message: {
        name: ['has already been taken'],
        'project_namespace.path': ['has already been taken'],
        path: ['is too long'],
        namespace_id: ['is not valid'],
      },
    });
    expect(toProjectFormErrors(error)).toEqual({
      fields: {
        name: 'Has already been taken',
        path: 'Has already been taken; Is too long',
        namespace: 'Is not valid',
      },
      general: null,
    });
  });

  it('keeps base and unknown attributes as a general sentence', () => {
    const error = new ApiError(400, {
      message: { base: ['Projects limit reached'], repository_storage: ['is unknown'] },
    });
    expect(toProjectFormErrors(error)).toEqual({
      fields: {},
      general: 'Projects limit reached. Repository storage is unknown.',
    });
  });

  it('uses the readable message for every other failure', () => {
    expect(toProjectFormErrors(new ApiError(403, { message: '403 Forbidden' }))).toEqual({
      fields: {},
      general: 'You do not have permission to do this.',
    });
    expect(toProjectFormErrors(new BridgeError({ code: 'unreachable', message: 'Host gone.' })).general).toBe(
      'Host gone.',
    );
  });
});

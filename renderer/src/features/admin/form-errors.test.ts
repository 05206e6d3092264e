import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.js';
import { attributeName, toFormErrors } from './form-errors.js';

const resolve = (attribute: string) => {
  const name = attributeName(attribute);
  return name === 'api_url' ? 'apiUrl' : name === 'environment_scope' ? 'scope' : null;
};

describe('toFormErrors', () => {
  it('puts GitLab’s messages on their fields and the rest in general', () => {
    const error = new ApiError(400, {
      message: {
        'platform_kubernetes.api_url': ['is blocked: Requests to localhost are not allowed'],
        environment_scope: ['cannot add duplicated environment scope'],
        base: ['Cluster could not be saved'],
        domain: ['is invalid'],
      },
    });
    expect(toFormErrors(error, resolve)).toEqual({
      fields: {
        apiUrl: 'Is blocked: Requests to localhost are not allowed.',
        scope: 'Cannot add duplicated environment scope.',
      },
      general: 'Cluster could not be saved. Domain is invalid.',
    });
  });

  it('keeps non-validation failures general', () => {
    expect(toFormErrors(new ApiError(403, { message: '403 Forbidden' }), resolve)).toEqual({
      fields: {},
      general: 'You do not have permission to do this.',
    });
  });

  it('reads bracketed and dotted attribute paths', () => {
    expect(attributeName('platform_kubernetes_attributes[ca_cert]')).toBe('ca_cert');
    expect(attributeName('platform_cluster.token')).toBe('token');
    expect(attributeName('key')).toBe('key');
  });
});

import { describe, expect, it } from 'vitest';
import { instanceCluster } from '../../../../test-utils/admin-fixtures.js';
import type { InstanceCluster } from '../../../api/admin/clusters/types.js';
import {
  clusterFieldForAttribute,
  clusterToForm,
  EMPTY_CLUSTER_FORM,
  toAddClusterInput,
  toUpdateClusterInput,
  validateClusterForm,
} from './cluster-form-values.js';

const cluster = instanceCluster();

describe('cluster form values', () => {
  it('never pre-fills the token when editing', () => {
    expect(clusterToForm(cluster)).toMatchObject({
      name: 'production',
      token: '',
      apiUrl: 'https://k8s.example.com',
    });
  });

  it('reads the neutral platform spelling too', () => {
    const { platform_kubernetes: _gitlab, ...neutral } = cluster;
    expect(clusterToForm(neutral as InstanceCluster).apiUrl).toBe('https://k8s.example.com');
    const { platform_cluster: _neutral, ...gitlab } = cluster;
    expect(clusterToForm(gitlab as InstanceCluster).apiUrl).toBe('https://k8s.example.com');
  });

  it('requires a token only when adding, and catches a scope in use', () => {
    const values = { ...EMPTY_CLUSTER_FORM, name: 'staging', apiUrl: 'https://k8s.example.com' };
    expect(validateClusterForm(values, { editing: null, clusters: [cluster] })).toEqual({
      token: 'Enter the service token GitLab uses against the cluster API.',
    });
    expect(
      validateClusterForm(
        { ...values, environmentScope: 'production' },
        { editing: null, clusters: [cluster] },
      ).environmentScope,
    ).toMatch(/already uses the scope production/);
    expect(validateClusterForm(clusterToForm(cluster), { editing: cluster, clusters: [cluster] })).toEqual(
      {},
    );
  });

  it('builds the add body in GitLab’s spelling, leaving out empty optional fields', () => {
    expect(
      toAddClusterInput({
        ...EMPTY_CLUSTER_FORM,
        name: ' staging ',
        apiUrl: 'https://k8s.example.com ',
        token: 'secret-token',
      }),
    ).toEqual({
      name: 'staging',
      environment_scope: '*',
      enabled: true,
      managed: true,
      platform_kubernetes_attributes: {
        api_url: 'https://k8s.example.com',
        token: 'secret-token',
        authorization_type: 'rbac',
      },
    });
  });

  it('sends only what changed on update, and the token only when typed', () => {
    const values = clusterToForm(cluster);
    expect(toUpdateClusterInput(values, cluster)).toEqual({});
    expect(toUpdateClusterInput({ ...values, environmentScope: 'prod/*', enabled: false }, cluster)).toEqual({
      environment_scope: 'prod/*',
      enabled: false,
    });
    expect(toUpdateClusterInput({ ...values, token: 'new-token' }, cluster)).toEqual({
      platform_kubernetes_attributes: { token: 'new-token' },
    });
  });

  it('maps GitLab error attributes to fields', () => {
    expect(clusterFieldForAttribute('platform_kubernetes.api_url')).toBe('apiUrl');
    expect(clusterFieldForAttribute('platform_cluster.ca_cert')).toBe('caCert');
    expect(clusterFieldForAttribute('platform_kubernetes_attributes[token]')).toBe('token');
    expect(clusterFieldForAttribute('environment_scope')).toBe('environmentScope');
    expect(clusterFieldForAttribute('base')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { BROKEN_PEM, TEST_CA_CERT } from '../../../test/helpers/certificates.js';
import {
  ENVIRONMENT_SCOPE_MESSAGE,
  KUBERNETES_NAMESPACE_MESSAGE,
  apiUrlProblems,
  caCertProblems,
  domainProblems,
  environmentScopeProblems,
  isPemCertificate,
  namespaceProblems,
} from './cluster-rules.js';

describe('apiUrlProblems (http(s) URL check)', () => {
  it('accepts http and https URLs with a host, local ones included', () => {
    for (const url of [
      'https://kubernetes.example.com',
      'http://10.0.0.1:6443',
      'https://127.0.0.1:6443/api',
      'HTTPS://Example.COM',
    ]) {
      expect(apiUrlProblems(url)).toEqual([]);
    }
  });

  it('refuses other schemes, no scheme, and unparseable URLs in GitLab words', () => {
    expect(apiUrlProblems('invalid_api_url')).toEqual(['is blocked: Only allowed schemes are http, https']);
    expect(apiUrlProblems('ftp://example.com')).toEqual(['is blocked: Only allowed schemes are http, https']);
    expect(apiUrlProblems('file:///etc/passwd')).toEqual([
      'is blocked: Only allowed schemes are http, https',
    ]);
    expect(apiUrlProblems('https://')).toEqual(['is blocked: URI is invalid']);
    expect(apiUrlProblems('https://exa mple.com')).toEqual(['is blocked: URI is invalid']);
    expect(apiUrlProblems('http:example.com')).toEqual(['is blocked: URI is invalid']);
    expect(apiUrlProblems('  ')).toEqual(["can't be blank", 'must be a valid URL']);
  });
});

describe('PEM check', () => {
  it('accepts a certificate and a bundle, with surrounding text', () => {
    expect(isPemCertificate(TEST_CA_CERT)).toBe(true);
    expect(isPemCertificate(`${TEST_CA_CERT}\n${TEST_CA_CERT}\n`)).toBe(true);
    expect(isPemCertificate(`subject=CN = test\n${TEST_CA_CERT}`)).toBe(true);
    expect(caCertProblems(TEST_CA_CERT)).toEqual([]);
  });

  it('refuses text without a certificate block, broken base64 and a truncated certificate', () => {
    expect(isPemCertificate('not a certificate')).toBe(false);
    expect(isPemCertificate(BROKEN_PEM)).toBe(false);
    expect(isPemCertificate(`${TEST_CA_CERT}\n${BROKEN_PEM}`)).toBe(false);
    const lines = TEST_CA_CERT.split('\n');
    expect(isPemCertificate([...lines.slice(0, 3), ...lines.slice(-1)].join('\n'))).toBe(false);
    expect(caCertProblems('nope')).toEqual(['must be a valid PEM certificate']);
  });
});

describe('environmentScopeProblems', () => {
  it('accepts GitLab environment scopes', () => {
    for (const s of ['*', 'production', 'review/*', 'staging ${CI_X}', 'a.b-c_d']) {
      expect(environmentScopeProblems(s)).toEqual([]);
    }
  });
  it('refuses blanks and other characters', () => {
    expect(environmentScopeProblems('')).toEqual(["can't be blank", ENVIRONMENT_SCOPE_MESSAGE]);
    expect(environmentScopeProblems('prod!')).toEqual([ENVIRONMENT_SCOPE_MESSAGE]);
    expect(environmentScopeProblems('a,b')).toEqual([ENVIRONMENT_SCOPE_MESSAGE]);
  });
});

describe('domainProblems', () => {
  it('accepts hostnames, numeric ones too', () => {
    expect(domainProblems('example.com')).toEqual([]);
    expect(domainProblems('apps.k8s-1.example.COM')).toEqual([]);
    expect(domainProblems('10.0.0.1')).toEqual([]);
  });
  it('refuses invalid characters, bad hyphens and label lengths', () => {
    expect(domainProblems('invalid domain')).toEqual([
      'contains invalid characters (valid characters: [a-z0-9\\-])',
    ]);
    expect(domainProblems('-bad.example.com')).toEqual(['begins or ends with hyphen']);
    expect(domainProblems('a..b')).toEqual(['must be between 1 and 63 characters long']);
    expect(domainProblems(`${'a'.repeat(64)}.com`)).toEqual(['must be between 1 and 63 characters long']);
  });
});

describe('namespaceProblems', () => {
  it('accepts a Kubernetes namespace on an unmanaged cluster, and none at all', () => {
    expect(namespaceProblems('my-namespace-1', false)).toEqual([]);
    expect(namespaceProblems(null, true)).toEqual([]);
  });
  it('refuses bad names, reserved names and any namespace on a managed cluster', () => {
    expect(namespaceProblems('bad_ns', false)).toEqual([KUBERNETES_NAMESPACE_MESSAGE]);
    expect(namespaceProblems('-x', false)).toEqual([KUBERNETES_NAMESPACE_MESSAGE]);
    expect(namespaceProblems('a'.repeat(64), false)).toEqual(['is too long (maximum is 63 characters)']);
    expect(namespaceProblems('gitlab-managed-apps', false)).toEqual(['is reserved']);
    expect(namespaceProblems('ok', true)).toEqual(['only allowed for project cluster']);
  });
});

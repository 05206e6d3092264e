import { describe, expect, it } from 'vitest';
import {
  checkApiUrl,
  checkCaCertificate,
  checkClusterName,
  checkEnvironmentScope,
  findPemBlocks,
  isPemCertificate,
} from './cluster-rules.js';

const CERT = [
  '-----BEGIN CERTIFICATE-----',
  'MIIBszCCAVmgAwIBAgIUQ2l0eS1vZi1vdXRwb3N0LXRlc3QtY2VydDAKBggqhkjO',
  'PQQDAjAXMRUwEwYDVQQDDAxvdXRwb3N0LXRlc3Q=',
  '-----END CERTIFICATE-----',
].join('\n');

describe('checkApiUrl', () => {
  it('accepts http and https URLs', () => {
    expect(checkApiUrl('https://kubernetes.example.com:6443')).toBeNull();
    expect(checkApiUrl(' http://10.0.0.1 ')).toBeNull();
  });

  it('explains what is wrong', () => {
    expect(checkApiUrl('')).toBe('Enter the URL of the cluster API.');
    expect(checkApiUrl('kubernetes.example.com')).toBe(
      'Enter a full URL, such as https://kubernetes.example.com:6443.',
    );
    expect(checkApiUrl('ftp://example.com')).toBe(
      'The URL must start with http:// or https:// (not ftp://).',
    );
  });
});

describe('PEM detection', () => {
  it('finds certificate blocks', () => {
    expect(findPemBlocks(`${CERT}\n${CERT}`)).toEqual([
      { label: 'CERTIFICATE', validBody: true },
      { label: 'CERTIFICATE', validBody: true },
    ]);
    expect(isPemCertificate(CERT)).toBe(true);
    expect(isPemCertificate('hello')).toBe(false);
  });

  it('accepts an empty certificate (it is optional) and a chain', () => {
    expect(checkCaCertificate('')).toBeNull();
    expect(checkCaCertificate(`${CERT}\n${CERT}\n`)).toBeNull();
  });

  it('rejects text without a PEM block, private keys, other labels and broken bodies', () => {
    expect(checkCaCertificate('MIIBszCCAVmgAwIBAgIU')).toMatch(/^Paste the certificate in PEM form/);
    expect(checkCaCertificate('-----BEGIN PRIVATE KEY-----\nMIIBszCC\n-----END PRIVATE KEY-----')).toMatch(
      /^This is a private key/,
    );
    expect(checkCaCertificate('-----BEGIN PUBLIC KEY-----\nMIIBszCC\n-----END PUBLIC KEY-----')).toBe(
      'Expected a CERTIFICATE block, found PUBLIC KEY.',
    );
    expect(checkCaCertificate('-----BEGIN CERTIFICATE-----\nnot base64!\n-----END CERTIFICATE-----')).toMatch(
      /not valid base64/,
    );
    expect(isPemCertificate('-----BEGIN CERTIFICATE-----\nMIIB\n-----END PRIVATE KEY-----')).toBe(false);
  });
});

describe('checkEnvironmentScope', () => {
  it('accepts GitLab scopes', () => {
    expect(checkEnvironmentScope('*')).toBeNull();
    expect(checkEnvironmentScope('review/*')).toBeNull();
    expect(checkEnvironmentScope('production')).toBeNull();
  });

  it('rejects empty, odd characters and a scope another cluster uses', () => {
    expect(checkEnvironmentScope(' ')).toBe('Enter an environment scope, or * for every environment.');
    expect(checkEnvironmentScope('prod!')).toBe(
      'The scope can contain only letters, digits, spaces and - _ / $ { } . *',
    );
    expect(checkEnvironmentScope('*', [{ name: 'main', environment_scope: '*' }])).toBe(
      'The cluster “main” already uses the scope *. Each scope can be used once.',
    );
  });
});

describe('checkClusterName', () => {
  it('requires a name', () => {
    expect(checkClusterName('  ')).toBe('Enter a name for the cluster.');
    expect(checkClusterName('production')).toBeNull();
  });
});

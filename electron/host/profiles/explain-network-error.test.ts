import { describe, expect, it } from 'vitest';
import { explainNetworkError } from './explain-network-error.js';

const at = (code: string) =>
  `Could not reach https://gitlab.example.com (${code}). Check the URL and your network.`;

describe('explainNetworkError', () => {
  it('explains certificate problems with the reason', () => {
    expect(explainNetworkError(at('CERT_HAS_EXPIRED'))).toBe(
      'The TLS certificate of https://gitlab.example.com is not trusted (CERT_HAS_EXPIRED): it has expired. Add the CA certificate that issued it to this profile (its PEM text), or install it in this computer’s trust store (Outpost reads it at start), or ask the instance’s administrator for a certificate from a trusted authority.',
    );
    expect(explainNetworkError(at('ERR_TLS_CERT_ALTNAME_INVALID'))).toMatch(/issued for another host name/);
    expect(explainNetworkError(at('UNABLE_TO_GET_ISSUER_CERT_LOCALLY'))).toMatch(/issuer is not trusted/);
  });

  it('explains a port that does not speak TLS, an unknown host and a refused connection', () => {
    expect(explainNetworkError(at('ERR_SSL_WRONG_VERSION_NUMBER'))).toMatch(
      /did not answer over TLS \(ERR_SSL_WRONG_VERSION_NUMBER\)\. If the instance serves plain HTTP, use an http:\/\/ address/,
    );
    expect(explainNetworkError(at('ENOTFOUND'))).toMatch(
      /^The host name of https:\/\/gitlab\.example\.com could not be found/,
    );
    expect(explainNetworkError(at('ECONNREFUSED'))).toMatch(
      /^Nothing is listening at https:\/\/gitlab\.example\.com/,
    );
  });

  it('explains proxy failures and names the proxy', () => {
    const via = (code: string) =>
      `Could not reach https://gitlab.example.com (${code}) through the proxy http://proxy.corp:3128. Check the URL and your network.`;
    expect(explainNetworkError(via('PROXY_407'))).toMatch(
      /^The proxy http:\/\/proxy\.corp:3128 asks for credentials \(407 Proxy Authentication Required\)/,
    );
    expect(explainNetworkError(via('PROXY_403'))).toMatch(
      /^The proxy http:\/\/proxy\.corp:3128 refused to connect to https:\/\/gitlab\.example\.com \(403\)/,
    );
    expect(explainNetworkError(via('ECONNREFUSED'))).toMatch(
      /^Nothing is listening at the proxy http:\/\/proxy\.corp:3128 \(ECONNREFUSED\)\. Check HTTPS_PROXY/,
    );
    expect(explainNetworkError(via('SELF_SIGNED_CERT_IN_CHAIN'))).toMatch(
      /not trusted \(SELF_SIGNED_CERT_IN_CHAIN\).*through the proxy http:\/\/proxy\.corp:3128; if it inspects TLS, its CA certificate is the one to add\.$/,
    );
    expect(explainNetworkError(via('EHOSTUNREACH'))).toBe(via('EHOSTUNREACH'));
  });

  it('keeps messages it has nothing to add to', () => {
    expect(explainNetworkError(at('EHOSTUNREACH'))).toBe(at('EHOSTUNREACH'));
    const timeout = 'https://x did not answer within 15 s. Check that the instance is up, or try again.';
    expect(explainNetworkError(timeout)).toBe(timeout);
  });
});

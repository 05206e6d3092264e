import { describe, expect, it } from 'vitest';
import { explainNetworkError } from './explain-network-error.js';

const at = (code: string) =>
  `Could not reach https://gitlab.example.com (${code}). Check the URL and your network.`;

describe('explainNetworkError', () => {
  it('explains certificate problems with the reason', () => {
    expect(explainNetworkError(at('CERT_HAS_EXPIRED'))).toBe(
      'The TLS certificate of https://gitlab.example.com is not trusted (CERT_HAS_EXPIRED): it has expired. Install the instance’s CA certificate on this computer, or ask its administrator for a certificate from a trusted authority.',
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

  it('keeps messages it has nothing to add to', () => {
    expect(explainNetworkError(at('EHOSTUNREACH'))).toBe(at('EHOSTUNREACH'));
    const timeout = 'https://x did not answer within 15 s. Check that the instance is up, or try again.';
    expect(explainNetworkError(timeout)).toBe(timeout);
  });
});

/**
 * Sentences for network failures of a remote instance, by the system error code the proxy reports
 * (`Could not reach https://… (CODE). …`, proxy/remote.ts): an untrusted or expired TLS certificate,
 * a port that does not speak TLS, an unknown host name, nothing listening. Administrators act on these
 * without knowing Node's error codes; the code stays in the sentence for searching.
 */

/** Certificate problems, each with the reason in words. */
const CERTIFICATE_REASONS: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'it is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'it was issued by a self-signed authority this computer does not trust',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its issuer is not trusted on this computer',
  UNABLE_TO_GET_ISSUER_CERT: 'its issuer is not trusted on this computer',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its issuer is not trusted on this computer',
  CERT_UNTRUSTED: 'its issuer is not trusted on this computer',
  CERT_HAS_EXPIRED: 'it has expired',
  CERT_NOT_YET_VALID: 'it is not valid yet (check this computer’s clock)',
  CERT_REVOKED: 'it was revoked',
  ERR_TLS_CERT_ALTNAME_INVALID: 'it was issued for another host name',
  HOSTNAME_MISMATCH: 'it was issued for another host name',
};

const UNREACHABLE = /^Could not reach (\S+?) \(([A-Z0-9_]+)\)/;

/**
 * A sentence for the proxy's `unreachable` message `message`, or the message itself when it names no
 * code this function knows. Pure; never contains a token (the proxy's messages carry only the URL).
 */
export function explainNetworkError(message: string): string {
  const match = UNREACHABLE.exec(message);
  if (!match) return message;
  const [, url, code] = match as unknown as [string, string, string];
  const certificate = CERTIFICATE_REASONS[code];
  if (certificate) {
    return `The TLS certificate of ${url} is not trusted (${code}): ${certificate}. Install the instance’s CA certificate on this computer, or ask its administrator for a certificate from a trusted authority.`;
  }
  if (code === 'EPROTO' || code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_')) {
    return `${url} did not answer over TLS (${code}). If the instance serves plain HTTP, use an http:// address; otherwise check the port.`;
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return `The host name of ${url} could not be found (${code}). Check the spelling of the address, and your DNS or VPN connection.`;
  }
  if (code === 'ECONNREFUSED') {
    return `Nothing is listening at ${url} (ECONNREFUSED). Check the address and port, and that the instance is running.`;
  }
  return message;
}

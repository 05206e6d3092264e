/**
 * Sentences for network failures of a remote instance, by the system error code the proxy reports
 * (`Could not reach https://… (CODE). …`, proxy/remote.ts): an untrusted or expired TLS certificate,
 * a port that does not speak TLS, an unknown host name, nothing listening, and the failures of an
 * HTTP(S) proxy (`… through the proxy http://proxy:3128.`: unreachable, unknown, asking for credentials
 * (PROXY_407), refusing the tunnel (PROXY_403, PROXY_502…)). Administrators act on these
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

const UNREACHABLE = /^Could not reach (\S+?) \(([A-Z0-9_]+)\)(?: through the proxy (\S+?))?\. /;

/** Where a certificate comes from, in words (the same advice for every certificate problem). */
const CERTIFICATE_ADVICE =
  'Add the CA certificate that issued it to this profile (its PEM text), or install it in this computer’s trust store (Outpost reads it at start), or ask the instance’s administrator for a certificate from a trusted authority.';

/**
 * A sentence for the proxy's `unreachable` message `message`, or the message itself when it names no
 * code this function knows. Pure; never contains a token (the proxy's messages carry only the URL).
 */
export function explainNetworkError(message: string): string {
  const match = UNREACHABLE.exec(message);
  if (!match) return message;
  const [, url, code, proxy] = match as unknown as [string, string, string, string | undefined];
  const certificate = CERTIFICATE_REASONS[code];
  if (certificate) {
    const intercepted = proxy
      ? ` Requests go through the proxy ${proxy}; if it inspects TLS, its CA certificate is the one to add.`
      : '';
    return `The TLS certificate of ${url} is not trusted (${code}): ${certificate}. ${CERTIFICATE_ADVICE}${intercepted}`;
  }
  if (proxy) return explainProxyError(url, code, proxy, message);
  if (code === 'EPROTO' || code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_')) {
    return `${url} did not answer over TLS (${code}). If the instance serves plain HTTP, use an http:// address; otherwise check the port.`;
  }
  if (code === 'UNSUPPORTED_SYSTEM_PROXY') {
    return `This computer's proxy settings send ${url} only through SOCKS proxies, which Outpost cannot use (${code}). Set HTTPS_PROXY to an HTTP proxy, or allow a direct connection to the instance.`;
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return `The host name of ${url} could not be found (${code}). Check the spelling of the address, and your DNS or VPN connection.`;
  }
  if (code === 'ECONNREFUSED') {
    return `Nothing is listening at ${url} (ECONNREFUSED). Check the address and port, and that the instance is running.`;
  }
  return message;
}

/** Sentences for a failure on the way through proxy `proxy` (from HTTPS_PROXY / HTTP_PROXY or the OS settings). */
function explainProxyError(url: string, code: string, proxy: string, message: string): string {
  const settings =
    'Check HTTPS_PROXY / HTTP_PROXY (or this computer’s proxy settings when they are not set), or list the instance in NO_PROXY to reach it directly.';
  if (code === 'PROXY_407') {
    return `The proxy ${proxy} asks for credentials (407 Proxy Authentication Required). Put them in the proxy address: HTTPS_PROXY=http://user:password@host:port.`;
  }
  const status = /^PROXY_(\d{3})$/.exec(code);
  if (status) {
    return `The proxy ${proxy} refused to connect to ${url} (${status[1]}). Ask the network administrator to allow the instance's host, or ${settings.charAt(0).toLowerCase()}${settings.slice(1)}`;
  }
  if (code === 'ECONNREFUSED') {
    return `Nothing is listening at the proxy ${proxy} (ECONNREFUSED). ${settings}`;
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return `The host name of the proxy ${proxy} could not be found (${code}). ${settings}`;
  }
  return message;
}

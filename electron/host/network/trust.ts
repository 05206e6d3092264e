import { X509Certificate } from 'node:crypto';
import { getCACertificates } from 'node:tls';
import { BridgeError } from '../bridge-error.js';

/** Largest CA text a profile keeps, in characters (a bundle of a few dozen certificates fits). */
export const MAX_CA_PEM_CHARS = 256 * 1024;
/** Most certificates one profile's CA text may hold. */
export const MAX_CA_CERTIFICATES = 50;

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/**
 * Checks a CA certificate (or bundle) pasted or picked for a profile and returns it normalised: only
 * the `-----BEGIN CERTIFICATE-----` blocks, one per line group, each parsed by `X509Certificate`.
 * Errors: BridgeError `bad_request` with a sentence: not PEM, unparsable, more than 256 KiB or 50
 * certificates, or a certificate that has expired (`validTo` in the past, by `now`, ms since epoch).
 */
export function validateCaPem(text: string, now: number = Date.now()): string {
  if (text.length > MAX_CA_PEM_CHARS) {
    throw new BridgeError('bad_request', 'The CA certificate text is larger than 256 KiB.');
  }
  const blocks = text.match(PEM_BLOCK) ?? [];
  if (blocks.length === 0) {
    throw new BridgeError(
      'bad_request',
      'This is not a CA certificate in PEM form. Paste the text from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE----- (a .crt or .pem file; convert a .cer/.der file with openssl x509 -inform der).',
    );
  }
  if (blocks.length > MAX_CA_CERTIFICATES) {
    throw new BridgeError('bad_request', `Add at most ${MAX_CA_CERTIFICATES} CA certificates to a profile.`);
  }
  blocks.forEach((block, index) => {
    let cert: X509Certificate;
    try {
      cert = new X509Certificate(block);
    } catch {
      throw new BridgeError(
        'bad_request',
        `Certificate ${index + 1} of the CA text could not be read: the PEM block is damaged or truncated.`,
      );
    }
    if (Date.parse(cert.validTo) < now) {
      throw new BridgeError(
        'bad_request',
        `The CA certificate ${cert.subject.replace(/\n/g, ', ')} expired on ${cert.validTo}.`,
      );
    }
  });
  return `${blocks.join('\n')}\n`;
}

let systemCache: readonly string[] | undefined;

/**
 * The certificates of the operating system's trust store (`tls.getCACertificates('system')`, Node
 * ≥ 22.15 / 23.10, the store `--use-system-ca` reads: Windows and macOS key stores, elsewhere
 * SSL_CERT_FILE / SSL_CERT_DIR or /etc/ssl), read once and cached. Empty when the store cannot be read.
 */
export function systemCertificates(): readonly string[] {
  if (!systemCache) {
    try {
      systemCache = getCACertificates('system');
    } catch {
      systemCache = [];
    }
  }
  return systemCache;
}

/**
 * The CA list a remote connection trusts: Node's default list (the bundled Mozilla store plus
 * NODE_EXTRA_CA_CERTS), the OS trust store, and the profile's own CA PEM when given, without
 * duplicates. PEM strings, as TLS `ca` takes them (setting `ca` replaces Node's defaults, so they are
 * included). Source: Node docs, tls.getCACertificates([type]).
 */
export function trustedCertificates(profileCaPem?: string): string[] {
  const all = [...getCACertificates('default'), ...systemCertificates()];
  if (profileCaPem) all.push(...(profileCaPem.match(PEM_BLOCK) ?? []));
  return [...new Set(all.map((pem) => pem.trim()))];
}

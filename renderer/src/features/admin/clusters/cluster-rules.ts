/**
 * Checks for the instance-cluster form, mirroring what GitLab validates (doc/api/instance_clusters.md,
 * GitLab's `Gitlab::Regex.environment_scope_regex`), so mistakes show
 * while typing. The instance checks again; its messages land on the same fields.
 */

/** Why an API URL is not acceptable, or null. Only absolute `http(s)://host…` URLs are. */
export function checkApiUrl(raw: string): string | null {
  const value = raw.trim();
  if (value === '') return 'Enter the URL of the cluster API.';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Enter a full URL, such as https://kubernetes.example.com:6443.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `The URL must start with http:// or https:// (not ${url.protocol}//).`;
  }
  if (url.hostname === '') return 'The URL needs a host name.';
  return null;
}

/** One `-----BEGIN …-----` block found in a text. */
export interface PemBlock {
  /** The label, e.g. `CERTIFICATE` or `PRIVATE KEY`. */
  label: string;
  /** True when the body between the lines is well-formed base64. */
  validBody: boolean;
}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END ([A-Z0-9 ]+)-----/g;

/** The PEM blocks of a text, in order (RFC 7468 encapsulation boundaries). */
export function findPemBlocks(text: string): PemBlock[] {
  const blocks: PemBlock[] = [];
  for (const match of text.matchAll(PEM_BLOCK)) {
    const [, label = '', body = '', endLabel = ''] = match;
    const base64 = body.replace(/\s+/g, '');
    const validBody =
      label === endLabel &&
      base64.length > 0 &&
      base64.length % 4 === 0 &&
      /^[A-Za-z0-9+/]+={0,2}$/.test(base64);
    blocks.push({ label, validBody });
  }
  return blocks;
}

/** True when `text` holds at least one well-formed PEM block labelled `CERTIFICATE`. */
export function isPemCertificate(text: string): boolean {
  const blocks = findPemBlocks(text);
  return blocks.length > 0 && blocks.every((block) => block.label === 'CERTIFICATE' && block.validBody);
}

/**
 * Why a CA certificate is not acceptable, or null. It is optional (needed only when the cluster API
 * uses a certificate no public authority signed); when given it must be one or more PEM
 * `CERTIFICATE` blocks, and never a private key.
 */
export function checkCaCertificate(raw: string): string | null {
  const text = raw.trim();
  if (text === '') return null;
  const blocks = findPemBlocks(text);
  if (blocks.length === 0) {
    return 'Paste the certificate in PEM form, from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----.';
  }
  if (blocks.some((block) => block.label.includes('PRIVATE KEY'))) {
    return 'This is a private key. Paste the CA certificate instead, and keep the key secret.';
  }
  const other = blocks.find((block) => block.label !== 'CERTIFICATE');
  if (other) return `Expected a CERTIFICATE block, found ${other.label}.`;
  if (blocks.some((block) => !block.validBody)) {
    return 'The certificate is damaged: the text between its BEGIN and END lines is not valid base64.';
  }
  return null;
}

/** GitLab's environment scope alphabet: letters, digits, spaces and `- _ / $ { } . *`. */
const SCOPE_PATTERN = /^[a-zA-Z0-9_/${}. *-]+$/;

/**
 * Why an environment scope is not acceptable, or null. `*` matches every environment; scopes are
 * unique per instance, so `others` (the scopes of the other clusters) catches a clash before saving.
 */
export function checkEnvironmentScope(
  raw: string,
  others: readonly { name: string; environment_scope: string }[] = [],
): string | null {
  const scope = raw.trim();
  if (scope === '') return 'Enter an environment scope, or * for every environment.';
  if (scope.length > 255) return 'The scope can have at most 255 characters.';
  if (!SCOPE_PATTERN.test(scope)) {
    return 'The scope can contain only letters, digits, spaces and - _ / $ { } . *';
  }
  const clash = others.find((cluster) => cluster.environment_scope === scope);
  if (clash)
    return `The cluster “${clash.name}” already uses the scope ${scope}. Each scope can be used once.`;
  return null;
}

/** Why a cluster name is not acceptable, or null. */
export function checkClusterName(raw: string): string | null {
  const value = raw.trim();
  if (value === '') return 'Enter a name for the cluster.';
  if (value.length > 255) return 'The name can have at most 255 characters.';
  return null;
}

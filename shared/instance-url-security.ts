/**
 * Whether a remote GitLab profile's URL would send the personal access token over the network
 * unencrypted: `http://` to a host that is not this computer. Used by the host (profile-store.ts refuses
 * such a profile unless the administrator confirmed, `allowInsecureHttp`) and by the renderer (the
 * warning and confirmation next to the URL field). Pure; no Node or DOM imports (WHATWG `URL` only).
 */

/** The sentence shown next to the confirmation and in the host's refusal. */
export const INSECURE_HTTP_WARNING =
  'This address uses plain http:// to another computer: the token will travel unencrypted, and anyone on the network path can read it and act as you. Use https:// if the instance offers it.';

/**
 * True for loopback host names as WHATWG `URL#hostname` gives them: `localhost` (with or without the
 * trailing dot), IPv4 127.0.0.0/8 (URL already turned `127.1` or `0x7f000001` into dotted decimal),
 * IPv6 `[::1]` and the IPv4-mapped loopback `[::ffff:127.x.y.z]` (written `[::ffff:7fxx:yyzz]`).
 */
export function isLoopbackHostname(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost') return true;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (v4) return Number(v4[1]) === 127 && v4.slice(2).every((part) => Number(part) <= 255);
  if (host === '[::1]') return true;
  return /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(host);
}

/**
 * True when `url` parses as `http:` and its host is not loopback: saving it needs the administrator's
 * explicit confirmation. False for https:, loopback http:, and anything that is not a URL (other
 * checks explain those).
 */
export function isInsecureRemoteUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return false;
  }
  return parsed.protocol === 'http:' && !isLoopbackHostname(parsed.hostname);
}

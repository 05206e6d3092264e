/** Longest URL handed to the OS opener. */
const MAX_EXTERNAL_URL_LENGTH = 4096;

/**
 * Allow-list for `shell:open-external` and new-window requests (Electron security checklist item 15):
 * only absolute `http:` and `https:` URLs without embedded credentials pass; `file:`, `javascript:`,
 * `smb:`, custom schemes and malformed strings do not. Pure.
 */
export function isAllowedExternalUrl(raw: unknown): raw is string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_EXTERNAL_URL_LENGTH) return false;
  // Control characters or spaces could be re-interpreted by an OS opener's command line.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f]/.test(raw)) return false;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username || url.password) return false;
  return url.hostname.length > 0;
}

/**
 * A profile name for a remote instance from its URL: the host name, plus the path when GitLab is
 * served under one (`https://example.com/gitlab` → `example.com/gitlab`). Falls back to the input.
 */
export function instanceNameFromUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const path = parsed.pathname.replace(/\/+$/, '');
    return `${parsed.host}${path}`;
  } catch {
    return url;
  }
}

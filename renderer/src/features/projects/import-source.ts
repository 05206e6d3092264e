/** The `import_url` for `POST /projects`, or a sentence saying why the input cannot be imported. */
export type ImportSource = { ok: true; url: string } | { ok: false; error: string };

const URL_SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//;

/**
 * Who imports: Outpost's core (`outpost`: local paths and `file://`, `http(s)://`, `git://`, `ssh://`) or
 * GitLab (`gitlab`: only `http://`, `https://` and `git://`, GitLab's `VALID_IMPORT_PROTOCOLS` in
 * app/models/project.rb; doc/user/project/import/repo_by_url.md — GitLab fetches the URL itself, so a path
 * on this computer means nothing to it).
 */
export type ImportTarget = 'outpost' | 'gitlab';

/** The schemes each importer accepts. */
const SCHEMES: Record<ImportTarget, readonly string[]> = {
  outpost: ['file:', 'http:', 'https:', 'git:', 'ssh:'],
  gitlab: ['http:', 'https:', 'git:'],
};

/** Why GitLab can't import from this computer (capability `import-local-path` is Outpost-only). */
export const GITLAB_NEEDS_URL =
  'GitLab imports a repository by URL from a server it can reach (http://, https:// or git://); a path on this computer can’t be imported into GitLab.';

/**
 * Turn what the administrator typed into an `import_url`: an absolute local path (`/srv/git/app`,
 * `C:\repos\app`) becomes a `file://` URL; `file://`, `http(s)://`, `git://` and `ssh://` URLs pass
 * through. Relative paths and `~` are refused (the host resolves nothing against a working directory).
 * With `target` `gitlab` only `http(s)://` and `git://` URLs pass ({@link SCHEMES}).
 */
export function toImportUrl(input: string, target: ImportTarget = 'outpost'): ImportSource {
  const text = input.trim();
  if (text === '')
    return {
      ok: false,
      error:
        target === 'gitlab'
          ? 'Enter the URL of a Git repository GitLab can reach.'
          : 'Enter the path of a Git repository, or its URL.',
    };
  if (URL_SCHEME.test(text)) {
    try {
      const url = new URL(text);
      if (!SCHEMES[target].includes(url.protocol)) {
        if (target === 'gitlab') return { ok: false, error: GITLAB_NEEDS_URL };
        return { ok: false, error: `Outpost cannot import from ${url.protocol}// addresses.` };
      }
      return { ok: true, url: url.href };
    } catch {
      return { ok: false, error: 'This URL is not valid.' };
    }
  }
  if (target === 'gitlab') return { ok: false, error: GITLAB_NEEDS_URL };
  if (text.startsWith('~'))
    return { ok: false, error: 'Write the full path instead of “~”, e.g. /home/me/repo.' };
  const windowsPath = /^[a-zA-Z]:[\\/]/.test(text);
  if (!text.startsWith('/') && !windowsPath) {
    return { ok: false, error: 'Use an absolute path (starting with /) or a file:// URL.' };
  }
  const normalized = text.replace(/\\/g, '/');
  const encoded = normalized
    .split('/')
    .map((segment, index) => (windowsPath && index === 0 ? segment : encodeURIComponent(segment)))
    .join('/');
  return { ok: true, url: windowsPath ? `file:///${encoded}` : `file://${encoded}` };
}

/**
 * A project name suggested by a repository path or URL: its last segment without `.git`
 * (`/srv/git/outpost.git` → `outpost`). Empty when nothing usable is left.
 */
export function suggestNameFromSource(input: string): string {
  const text = input.trim().replace(/[\\/]+$/, '');
  const last = text.split(/[\\/]/).pop() ?? '';
  let name = last.replace(/\.git$/i, '');
  try {
    name = decodeURIComponent(name);
  } catch {
    // keep the raw segment
  }
  return /^[a-zA-Z]:$/.test(name) ? '' : name;
}

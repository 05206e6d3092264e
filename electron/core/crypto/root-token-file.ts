/**
 * The root token file of a standalone core (GitLab's Omnibus writes `/etc/gitlab/initial_root_password`
 * the same way and tells the administrator where it is): `<dataDir>/initial_root_token`, mode 0600,
 * written on the first start when no token was handed in. The desktop host never leaves it behind: it
 * moves the token into its vault and deletes the file (electron/host/embedded-core.ts).
 * No SQLite or Fastify here, so the host can import it without loading the core.
 */
import { readFile } from 'node:fs/promises';

/** Name of the file inside the data dir. */
export const INITIAL_ROOT_TOKEN_FILE = 'initial_root_token';

/**
 * The token in `file` (surrounding whitespace trimmed), or null when the file is missing or blank.
 * @throws fs errors other than ENOENT (EACCES, EISDIR…).
 */
export async function readTokenFile(file: string): Promise<string | null> {
  try {
    const text = (await readFile(file, 'utf8')).trim();
    return text === '' ? null : text;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

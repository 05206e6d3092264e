import { randomBytes } from 'node:crypto';
import { chmod, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Writes `data` to `filePath` atomically: a temp file beside it (same directory, so `rename` is atomic
 * on POSIX), created with `mode`, then renamed over the target. Readers see the old or the new file,
 * never a half-written one. Creates the parent directory (mode 0700) when missing.
 * Errors: any fs error (ENOSPC, EACCES…) is thrown after the temp file is removed.
 */
export async function writeFileAtomic(filePath: string, data: string | Buffer, mode = 0o600): Promise<void> {
  await mkdir(dirname(filePath), { recursive: true, mode: 0o700 });
  const tmp = `${filePath}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(tmp, data, { mode, flag: 'wx' });
    // writeFile's mode is filtered by the umask; make it exact.
    await chmod(tmp, mode);
    await rename(tmp, filePath);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

/**
 * File path rules of the repository files API. GitLab's `file_path` validator
 * (lib/api/validations/validators/file_path.rb → Gitlab::Utils.check_path_traversal! and
 * check_allowed_absolute_path!) refuses `.`/`..` alone, `../` at the start, `/../` inside, `/..` at the
 * end, newlines, and absolute paths, with `400 {"error":"file_path should be a valid file path"}`.
 * (Writes also need a path git can store; git/file-commits.ts refuses the rest as `invalid path: '…'`.)
 */
import { ParameterError } from '../errors.js';

const TRAVERSAL = /(^\.{1,2}$|^\.\.[/\\]|[/\\]\.\.$|[/\\]\.\.[/\\]|\n)/;

/** Decode percent-escapes once more, as GitLab does, so `..%2F` is seen as `../`; invalid escapes stay. */
function decodedOnce(p: string): string {
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
}

/** True when GitLab's validator accepts `filePath`. Pure; unit-tested. */
export function isValidFilePath(filePath: string): boolean {
  if (filePath === '' || filePath.includes('\0')) return false;
  for (const p of [filePath, decodedOnce(filePath)]) {
    if (TRAVERSAL.test(p) || p.startsWith('/') || p.startsWith('\\')) return false;
  }
  return true;
}

/** @throws ParameterError `file_path should be a valid file path` (GitLab's Grape message). */
export function requireValidFilePath(filePath: string): void {
  if (!isValidFilePath(filePath)) throw new ParameterError('file_path should be a valid file path');
}

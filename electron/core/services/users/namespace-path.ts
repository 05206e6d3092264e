/**
 * The path rule shared by usernames, group paths and project paths (GitLab's NamespacePathValidator and
 * ProjectPathValidator, app/validators/…/namespace_path_validator.rb).
 */

/** GitLab's namespace path rule: letters, digits, `_ - .`, not starting/ending with `-`/`.`, no `.git`/`.atom` suffix. */
export const PATH_PATTERN = /^[a-zA-Z0-9_][a-zA-Z0-9_.-]*$/;

/**
 * Validation message for a namespace/project path (GitLab's words, for a `{"message":{"path":[…]}}` 400),
 * or null when valid. At most 255 characters.
 */
export function pathProblem(path: string): string | null {
  if (path.length > 255) return 'is too long (maximum is 255 characters)';
  if (!PATH_PATTERN.test(path) || /[.-]$/.test(path) || /\.(git|atom)$/i.test(path)) {
    return "can contain only letters, digits, '_', '-' and '.'. Cannot start with '-', end in '.git' or end in '.atom'";
  }
  return null;
}

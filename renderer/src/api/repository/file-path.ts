/**
 * Encode a repository file path as one URL path segment, the way GitLab's docs ask for `:file_path`
 * (spec "Repository files": slash as `%2F`, dot as `%2E`): `lib/class.rb` → `lib%2Fclass%2Erb`.
 * Leading and trailing slashes are dropped.
 */
export function encodeFilePath(filePath: string): string {
  return encodeURIComponent(trimSlashes(filePath)).replace(/\./g, '%2E');
}

/** Encode a branch or tag name as one URL path segment (`feature/x` → `feature%2Fx`). */
export function encodeRefSegment(name: string): string {
  return encodeURIComponent(name);
}

/** `"/src/app/"` → `"src/app"`; repeated slashes inside collapse to one. */
export function trimSlashes(path: string): string {
  return path.replace(/\/{2,}/g, '/').replace(/^\/+|\/+$/g, '');
}

/** The folder holding `filePath` (`src/app/main.ts` → `src/app`; a top-level file → `''`). */
export function parentPath(filePath: string): string {
  const clean = trimSlashes(filePath);
  const slash = clean.lastIndexOf('/');
  return slash === -1 ? '' : clean.slice(0, slash);
}

/** The last segment of a path (`src/app/main.ts` → `main.ts`). */
export function baseName(filePath: string): string {
  const clean = trimSlashes(filePath);
  return clean.slice(clean.lastIndexOf('/') + 1);
}

/** Join folder and name into a repository path without doubled or leading slashes. */
export function joinPath(...parts: string[]): string {
  return trimSlashes(parts.filter((part) => part !== '').join('/'));
}

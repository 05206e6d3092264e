/**
 * Branches and tags of a bare repository, read and written with plumbing.
 *
 * Reads list every ref with its target in ONE `git for-each-ref` call (never one spawn per ref), so a
 * repository with thousands of branches or tags costs one process, and that listing is cached per
 * repository until a ref changes (refs-cache.ts), so repeated listings cost none; commit metadata for the refs a page
 * shows is then read in one batch by `readCommits` (commit-info.ts). Writes move refs with
 * `update-ref <ref> <new> <zero>` (create: fails when the ref exists) and `update-ref -d <ref> <old>`
 * (delete: fails when the ref moved meanwhile), so concurrent changes are detected, not overwritten.
 */
import { cachedRefRead } from './refs-cache.js';
import { GitError, runGit } from './run-git.js';

export const ZERO_SHA = '0000000000000000000000000000000000000000';

const FIELD = '%1f';
const RECORD = '%1e';

/** A branch: its short name (`feature/x`) and the commit it points at. */
export interface BranchRef {
  name: string;
  commitId: string;
}

/** A tag with what git knows about it without reading commits. */
export interface TagRef {
  /** Short name (`v1.0`, `release/2`). */
  name: string;
  /** The object the ref points at: the tag object for annotated tags, the commit for lightweight ones. */
  targetId: string;
  /** `tag` for annotated tags, else the target's type (`commit`, rarely `tree`/`blob`). */
  objectType: string;
  /**
   * The commit the tag names (peeled), or null when it names no commit. For tags of tags this is
   * filled by peeling (`peelToCommits`) after the listing.
   */
  commitId: string | null;
  /** Annotation message without trailing newlines (annotated tags), else null. */
  message: string | null;
  /** Tagger date, ISO 8601 strict (annotated tags), else null. */
  taggerDate: string | null;
  /** Committer date of the tagged commit in Unix seconds (0 when unknown); GitLab's "updated" order. */
  committedAt: number;
}

function splitRecords(out: string): string[][] {
  return out
    .split('\x1e')
    .map((r) => r.replace(/^\n/, ''))
    .filter((r) => r.length > 0)
    .map((r) => r.split('\x1f'));
}

/** Parse `for-each-ref --format=<BRANCH_FORMAT>` output. Pure; unit-tested. */
export function parseBranchRecords(out: string): BranchRef[] {
  return splitRecords(out).map(([name, commitId]) => ({ name: name ?? '', commitId: commitId ?? '' }));
}

const BRANCH_FORMAT = ['%(refname:lstrip=2)', '%(objectname)'].join(FIELD) + RECORD;

const TAG_FORMAT =
  [
    '%(refname:lstrip=2)',
    '%(objecttype)',
    '%(objectname)',
    '%(*objecttype)',
    '%(*objectname)',
    '%(committerdate:unix)',
    '%(*committerdate:unix)',
    '%(taggerdate:iso-strict)',
    // The annotation only for tag objects: a lightweight tag's "contents" would be a commit message.
    '%(if:equals=tag)%(objecttype)%(then)%(contents)%(end)',
  ].join(FIELD) + RECORD;

/** Parse `for-each-ref --format=<TAG_FORMAT>` output. Pure; unit-tested. */
export function parseTagRecords(out: string): TagRef[] {
  return splitRecords(out).map((f) => {
    const [name = '', type = '', target = '', peeledType = '', peeled = '', date = '', peeledDate = ''] = f;
    const taggerDate = f[7] ?? '';
    const contents = f.slice(8).join('\x1f');
    const annotated = type === 'tag';
    const commitId = annotated
      ? peeledType === 'commit'
        ? peeled
        : null
      : type === 'commit'
        ? target
        : null;
    const seconds = Number(annotated ? peeledDate : date);
    return {
      name,
      targetId: target,
      objectType: type,
      commitId,
      message: annotated ? contents.replace(/\n+$/, '') : null,
      taggerDate: annotated && taggerDate ? taggerDate : null,
      committedAt: Number.isFinite(seconds) ? seconds : 0,
    };
  });
}

/**
 * Every branch (`refs/heads/*`) with its commit, in one `for-each-ref`; with `names`, only those
 * branches (exact names; the prefix matches for-each-ref also makes are dropped).
 * @returns branches in git's ref order (byte order of the names).
 * @throws GitError when the repository can't be read.
 */
export async function listBranchRefs(repoPath: string, names?: readonly string[]): Promise<BranchRef[]> {
  if (names && names.length === 0) return [];
  const refs = await cachedRefRead(repoPath, 'branches', async () =>
    parseBranchRecords(
      await runGit(['for-each-ref', `--format=${BRANCH_FORMAT}`, 'refs/heads/'], { gitDir: repoPath }),
    ),
  );
  if (!names) return [...refs];
  const wanted = new Set(names);
  return refs.filter((r) => wanted.has(r.name));
}

/** One branch by exact name, or null. @throws GitError */
export async function findBranchRef(repoPath: string, name: string): Promise<BranchRef | null> {
  return (await listBranchRefs(repoPath, [name]))[0] ?? null;
}

/**
 * Every tag (`refs/tags/*`) with target, type, peeled commit, annotation, tagger date and the tagged
 * commit's committer date, in one `for-each-ref` (plus one `cat-file` only when tags of tags exist).
 * With `names`, only those tags (exact names).
 * @throws GitError
 */
export async function listTagRefs(repoPath: string, names?: readonly string[]): Promise<TagRef[]> {
  if (names && names.length === 0) return [];
  const tags = await cachedRefRead(repoPath, 'tags', async () => {
    const out = await runGit(['for-each-ref', `--format=${TAG_FORMAT}`, 'refs/tags/'], { gitDir: repoPath });
    const all = parseTagRecords(out);
    // Tags of tags: for-each-ref peels one level only; finish the peel in one batch.
    const nested = all.filter((t) => t.objectType === 'tag' && t.commitId === null);
    if (nested.length > 0) {
      const peeled = await peelToCommits(
        repoPath,
        nested.map((t) => t.targetId),
      );
      nested.forEach((t, i) => (t.commitId = peeled[i] ?? null));
    }
    return all;
  });
  if (!names) return [...tags];
  const wanted = new Set(names);
  return tags.filter((t) => wanted.has(t.name));
}

/** One tag by exact name, or null. @throws GitError */
export async function findTagRef(repoPath: string, name: string): Promise<TagRef | null> {
  return (await listTagRefs(repoPath, [name]))[0] ?? null;
}

/**
 * The commit each object id peels to (`<id>^{commit}`), null where it peels to none; one
 * `cat-file --batch-check` for all of them.
 * @throws GitError
 */
export async function peelToCommits(repoPath: string, ids: readonly string[]): Promise<(string | null)[]> {
  if (ids.length === 0) return [];
  const out = await runGit(['cat-file', '--batch-check=%(objectname) %(objecttype)'], {
    gitDir: repoPath,
    input: ids.map((id) => `${id}^{commit}\n`).join(''),
  });
  const lines = out.split('\n').filter(Boolean);
  return ids.map((_, i) => {
    const [sha, type] = (lines[i] ?? '').split(' ');
    return type === 'commit' && sha ? sha : null;
  });
}

/**
 * Which of `names` are branches merged into `commitId` (their tip is `commitId` or one of its
 * ancestors): `for-each-ref --merged=<commitId>`, one walk for all of them. Without `names`, every branch.
 * @throws GitError
 */
export async function mergedBranchNames(
  repoPath: string,
  commitId: string,
  names?: readonly string[],
): Promise<Set<string>> {
  if (names && names.length === 0) return new Set();
  // Every merged branch, listed once and cached with the refs (the walk is the cost, not the names).
  const merged = await cachedRefRead(repoPath, `merged:${commitId}`, async () =>
    (
      await runGit(['for-each-ref', `--format=%(refname:lstrip=2)`, `--merged=${commitId}`, 'refs/heads/'], {
        gitDir: repoPath,
      })
    )
      .split('\n')
      .filter(Boolean),
  );
  if (!names) return new Set(merged);
  const wanted = new Set(names);
  return new Set(merged.filter((n) => wanted.has(n)));
}

/**
 * Create `ref` (full name, `refs/heads/x`) at `objectId` with `update-ref <ref> <id> <zero>`.
 * @returns 'created', or 'exists' when the ref already exists (also when it appeared concurrently).
 * @throws GitError for other refusals (e.g. `refs/heads/a` exists so `refs/heads/a/b` can't be created).
 */
export async function createRef(
  repoPath: string,
  ref: string,
  objectId: string,
): Promise<'created' | 'exists'> {
  try {
    await runGit(['update-ref', '--no-deref', ref, objectId, ZERO_SHA], { gitDir: repoPath });
    return 'created';
  } catch (err) {
    if (err instanceof GitError && /reference already exists/.test(err.stderr)) return 'exists';
    throw err;
  }
}

/** Point `ref` (full name) at `objectId` whatever it held before (`update-ref <ref> <id>`). @throws GitError */
export async function setRef(repoPath: string, ref: string, objectId: string): Promise<void> {
  await runGit(['update-ref', ref, objectId], { gitDir: repoPath });
}

/**
 * Copy commit `objectId` from the repository at `fromRepoPath` (a fork) into `repoPath` as `ref`
 * (`fetch --no-tags +<id>:<ref>`). @throws GitError
 */
export async function fetchCommitAsRef(
  repoPath: string,
  fromRepoPath: string,
  objectId: string,
  ref: string,
): Promise<void> {
  await runGit(['fetch', '--no-tags', '--quiet', fromRepoPath, `+${objectId}:${ref}`], { gitDir: repoPath });
}

/**
 * Delete `ref` if it still points at `oldId` (`update-ref -d <ref> <old>`).
 * @returns 'deleted', or 'stale' when the ref moved or vanished meanwhile (nothing is changed).
 * @throws GitError for other failures.
 */
export async function deleteRef(repoPath: string, ref: string, oldId: string): Promise<'deleted' | 'stale'> {
  try {
    await runGit(['update-ref', '--no-deref', '-d', ref, oldId], { gitDir: repoPath });
    return 'deleted';
  } catch (err) {
    if (
      err instanceof GitError &&
      /but expected|unable to resolve reference|cannot lock ref/.test(err.stderr)
    )
      return 'stale';
    throw err;
  }
}

/**
 * Delete several refs in one `update-ref --stdin` transaction, each only if it still points at its old
 * id. All or nothing: when any ref moved, nothing is deleted.
 * @returns 'deleted', or 'stale' when the transaction was refused because a ref moved or vanished.
 * @throws GitError for other failures.
 */
export async function deleteRefs(
  repoPath: string,
  refs: readonly { ref: string; oldId: string }[],
): Promise<'deleted' | 'stale'> {
  if (refs.length === 0) return 'deleted';
  try {
    await runGit(['update-ref', '--no-deref', '--stdin', '-z'], {
      gitDir: repoPath,
      input: refs.map((r) => `delete ${r.ref}\0${r.oldId}\0`).join(''),
    });
    return 'deleted';
  } catch (err) {
    if (
      err instanceof GitError &&
      /but expected|unable to resolve reference|cannot lock ref/.test(err.stderr)
    )
      return 'stale';
    throw err;
  }
}

/**
 * Pack loose refs into `packed-refs` (`git pack-refs --all --prune`), so ref listings read one file
 * instead of one per ref. Safe while other writers run: refs changed meanwhile stay loose.
 * @throws GitError
 */
export async function packRefs(repoPath: string): Promise<void> {
  await runGit(['pack-refs', '--all', '--prune'], { gitDir: repoPath });
}

/** Who signs an annotated tag. Characters git refuses in an ident (`<`, `>`, newlines) are dropped. */
export interface Tagger {
  name: string;
  email: string;
}

/** The text `git mktag` reads for an annotated tag of a commit. Pure; unit-tested. */
export function tagObjectText(
  commitId: string,
  name: string,
  message: string,
  tagger: Tagger,
  at: Date,
): string {
  const clean = (s: string) => s.replace(/[<>\n\r]/g, '').trim();
  const seconds = Math.floor(at.getTime() / 1000);
  const who = `${clean(tagger.name) || 'Unknown'} <${clean(tagger.email)}>`;
  return `object ${commitId}\ntype commit\ntag ${name}\ntagger ${who} ${seconds} +0000\n\n${message.replace(/\n*$/, '\n')}`;
}

/**
 * Create an annotated tag `refs/tags/<name>` on `commitId`: `mktag` writes the tag object (git checks
 * its format), then `update-ref` creates the ref only if it doesn't exist.
 * @returns the tag object id, or 'exists' when the tag already exists.
 * @throws GitError
 */
export async function createAnnotatedTag(
  repoPath: string,
  name: string,
  commitId: string,
  message: string,
  tagger: Tagger,
  at: Date = new Date(),
): Promise<{ tagId: string } | 'exists'> {
  const tagId = (
    await runGit(['mktag'], { gitDir: repoPath, input: tagObjectText(commitId, name, message, tagger, at) })
  ).trim();
  const result = await createRef(repoPath, `refs/tags/${name}`, tagId);
  return result === 'exists' ? 'exists' : { tagId };
}

/** The hook's ref update lines, kinds, targets and the ci.skip push option. */
import { describe, expect, it } from 'vitest';
import { changeKind, parseRefChanges, refTarget, skipsCi } from './ref-changes.js';
import { confineQuarantine } from './check-push.js';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const Z = '0'.repeat(40);

describe('push ref changes', () => {
  it('parses `<old> <new> <ref>` lines and ignores anything else', () => {
    const text = `${Z} ${A} refs/heads/new\n${A} ${B} refs/tags/v1\n${B} ${Z} refs/heads/gone\nnot a line\n${A} ${B}\n`;
    const changes = parseRefChanges(text);
    expect(changes).toEqual([
      { oldId: Z, newId: A, ref: 'refs/heads/new' },
      { oldId: A, newId: B, ref: 'refs/tags/v1' },
      { oldId: B, newId: Z, ref: 'refs/heads/gone' },
    ]);
    expect(changes.map(changeKind)).toEqual(['create', 'update', 'delete']);
  });

  it('names branch and tag targets, nothing else', () => {
    expect(refTarget('refs/heads/release/1.0')).toEqual({ kind: 'branch', name: 'release/1.0' });
    expect(refTarget('refs/tags/v1')).toEqual({ kind: 'tag', name: 'v1' });
    expect(refTarget('refs/merge-requests/1/head')).toBeNull();
    expect(refTarget('refs/heads/')).toBeNull();
  });

  it('skips CI for -o ci.skip and ci.skip=true only', () => {
    expect(skipsCi(['ci.skip'])).toBe(true);
    expect(skipsCi(['merge_request.create', 'ci.skip=true'])).toBe(true);
    expect(skipsCi(['ci.skip=false', 'ci.skipper'])).toBe(false);
    expect(skipsCi([])).toBe(false);
  });

  it('keeps only quarantine paths inside the repository object store', () => {
    const repo = '/data/repos/p.git';
    expect(
      confineQuarantine(repo, {
        GIT_OBJECT_DIRECTORY: '/data/repos/p.git/objects/tmp_objdir-incoming-x',
        GIT_ALTERNATE_OBJECT_DIRECTORIES: '/data/repos/p.git/objects',
        GIT_QUARANTINE_PATH: '/data/repos/p.git/objects/tmp_objdir-incoming-x',
      }),
    ).toEqual({
      GIT_OBJECT_DIRECTORY: '/data/repos/p.git/objects/tmp_objdir-incoming-x',
      GIT_ALTERNATE_OBJECT_DIRECTORIES: '/data/repos/p.git/objects',
      GIT_QUARANTINE_PATH: '/data/repos/p.git/objects/tmp_objdir-incoming-x',
    });
    expect(
      confineQuarantine(repo, {
        GIT_OBJECT_DIRECTORY: '/etc',
        GIT_ALTERNATE_OBJECT_DIRECTORIES: '/data/repos/p.git/objects:/other/objects',
        GIT_QUARANTINE_PATH: '/data/repos/p.git/objects/../../q',
      }),
    ).toEqual({});
  });
});

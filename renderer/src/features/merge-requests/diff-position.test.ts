import { describe, expect, it } from 'vitest';
import { parseDiff } from 'react-diff-view';
import {
  buildDiffPosition,
  changeToGitDiff,
  clickedLineFromChange,
  clickedLineKey,
  hunkLines,
  lineLabel,
  lineRangeEnd,
  positionLineKey,
  sha1Hex,
} from './diff-position.js';

const refs = { base_sha: 'b', start_sha: 's', head_sha: 'h' };
const file = { old_path: 'a.txt', new_path: 'a.txt' };

/** The parsed file of a modification of a.txt whose diff is `diff`. */
const parseModified = (diff: string) =>
  parseDiff(
    changeToGitDiff({
      ...file,
      a_mode: '100644',
      b_mode: '100644',
      new_file: false,
      renamed_file: false,
      deleted_file: false,
      diff,
    }),
  )[0];

describe('buildDiffPosition', () => {
  it('anchors an added line on the new side only', () => {
    expect(buildDiffPosition(refs, file, { kind: 'insert', oldLine: null, newLine: 4 })).toEqual({
      ...refs,
      position_type: 'text',
      old_path: 'a.txt',
      new_path: 'a.txt',
      new_line: 4,
    });
  });

  it('anchors a removed line on the old side only', () => {
    const position = buildDiffPosition(refs, file, { kind: 'delete', oldLine: 7, newLine: null });
    expect(position.old_line).toBe(7);
    expect(position).not.toHaveProperty('new_line');
  });

  it('anchors an unchanged line on both sides', () => {
    const position = buildDiffPosition(
      refs,
      { old_path: 'x', new_path: 'y' },
      {
        kind: 'normal',
        oldLine: 3,
        newLine: 5,
      },
    );
    expect(position).toMatchObject({ old_line: 3, new_line: 5, old_path: 'x', new_path: 'y' });
  });

  it('keys threads and lines the same way', () => {
    expect(positionLineKey({ new_line: 5, old_line: 3 })).toBe(
      clickedLineKey({ kind: 'normal', oldLine: 3, newLine: 5 }),
    );
    expect(positionLineKey({ old_line: 7 })).toBe(
      clickedLineKey({ kind: 'delete', oldLine: 7, newLine: null }),
    );
  });
});

describe('changeToGitDiff', () => {
  it('adds the git header GitLab leaves out', () => {
    const text = changeToGitDiff({
      old_path: 'a.txt',
      new_path: 'a.txt',
      a_mode: '100644',
      b_mode: '100644',
      new_file: true,
      renamed_file: false,
      deleted_file: false,
      diff: '@@ -0,0 +1 @@\n+hello\n',
    });
    expect(text).toBe(
      'diff --git a/a.txt b/a.txt\nnew file mode 100644\nindex 0000000..0000000\n--- /dev/null\n+++ b/a.txt\n@@ -0,0 +1 @@\n+hello\n',
    );
  });
});

describe('clickedLineFromChange', () => {
  it('reads the line numbers of parsed changes', () => {
    const parsedFile = parseModified('@@ -1,2 +1,2 @@\n keep\n-old\n+new\n');
    const changes = parsedFile!.hunks[0]!.changes.map(clickedLineFromChange);
    expect(changes).toEqual([
      { kind: 'normal', oldLine: 1, newLine: 1 },
      { kind: 'delete', oldLine: 2, newLine: null },
      { kind: 'insert', oldLine: null, newLine: 2 },
    ]);
    expect(buildDiffPosition(refs, { old_path: 'a.txt', new_path: 'a.txt' }, changes[2]!)).toMatchObject({
      new_line: 2,
    });
  });
});

describe('multi-line ranges (position[line_range])', () => {
  const parsed = parseModified('@@ -10,3 +10,3 @@\n ten\n-eleven\n+ELEVEN\n twelve\n');

  it("counts both sides' positions as GitLab's diff parser does", () => {
    const lines = hunkLines(parsed!.hunks[0]!);
    expect(lines.map((line) => [line.change.type, line.oldPos, line.newPos])).toEqual([
      ['normal', 10, 10],
      ['delete', 11, 11],
      ['insert', 12, 11],
      ['normal', 12, 12],
    ]);
  });

  it('builds line codes and sides of each end', async () => {
    const sha = await sha1Hex('a.txt');
    expect(sha).toBe('cfc7b4885384957ae445bc14914d4588f607651c');
    const lines = hunkLines(parsed!.hunks[0]!);
    expect(lineRangeEnd(sha, lines[1]!)).toEqual({
      line_code: `${sha}_11_11`,
      type: 'old',
      old_line: 11,
      new_line: null,
    });
    expect(lineRangeEnd(sha, lines[2]!)).toEqual({
      line_code: `${sha}_12_11`,
      type: 'new',
      old_line: null,
      new_line: 11,
    });
    expect(lineRangeEnd(sha, lines[0]!).type).toBeNull();
    expect(lineLabel(clickedLineFromChange(lines[1]!.change))).toBe('-11');
    expect(lineLabel(clickedLineFromChange(lines[2]!.change))).toBe('+11');
    expect(lineLabel(clickedLineFromChange(lines[3]!.change))).toBe('12');
  });
});

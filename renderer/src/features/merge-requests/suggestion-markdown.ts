/**
 * A note body around its ```suggestion blocks, for drawing each block as a proposed change (GitLab's
 * suggestion rendering; doc/user/project/merge_requests/reviews/suggestions.md), and the block the
 * line-comment form's "Insert suggestion" writes. Fences as the core reads them
 * (electron/core/services/merge-requests/suggestions-parse.ts): 3+ backticks or tildes, info string
 * `suggestion` or `suggestion:-N+M`, closed by the same character at least as long. Pure; unit-tested.
 */

/** Markdown between blocks, or the n-th suggestion block (0-based, body order = `suggestions[n]`). */
export type BodySegment = { kind: 'markdown'; text: string } | { kind: 'suggestion'; index: number };

const OPEN = /^ {0,3}(`{3,}|~{3,})[ \t]*(\S*)/;

/** Split `body` into Markdown and suggestion segments, in order. */
export function splitSuggestionBody(body: string): BodySegment[] {
  const lines = body.replace(/\r\n?/g, '\n').split('\n');
  const out: BodySegment[] = [];
  let text: string[] = [];
  let index = 0;
  let open: { fence: string; suggestion: boolean; lines: string[] } | null = null;
  const flush = () => {
    if (text.join('\n').trim() !== '') out.push({ kind: 'markdown', text: text.join('\n') });
    text = [];
  };
  for (const line of lines) {
    if (open) {
      const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
      if (close && close[1]![0] === open.fence[0] && close[1]!.length >= open.fence.length) {
        if (open.suggestion) {
          flush();
          out.push({ kind: 'suggestion', index: index++ });
        } else text.push(...open.lines, line);
        open = null;
      } else open.lines.push(line);
      continue;
    }
    const m = OPEN.exec(line);
    if (m) {
      const info = m[2] ?? '';
      const suggestion = /^suggestion(?::(?:-\d+)?(?:\+\d+)?)?$/.test(info);
      open = { fence: m[1]!, suggestion, lines: suggestion ? [] : [line] };
      continue;
    }
    text.push(line);
  }
  if (open && !open.suggestion) text.push(...open.lines);
  flush();
  return out;
}

/**
 * The block "Insert suggestion" adds for the commented lines (new-side content, last line commented):
 * ```suggestion:-N+0 with the lines as they are, in a fence longer than any backtick run inside.
 */
export function suggestionSnippet(lines: readonly string[]): string {
  const longest = Math.max(
    2,
    ...lines.map((l) => Math.max(0, ...(l.match(/`+/g) ?? []).map((r) => r.length))),
  );
  const fence = '`'.repeat(longest + 1);
  const params = lines.length > 1 ? `:-${lines.length - 1}+0` : '';
  return `${fence}suggestion${params}\n${lines.join('\n')}\n${fence}`;
}

/** `text` split into lines for drawing, without the final newline's empty line. */
export function contentLines(text: string): string[] {
  if (text === '') return [];
  return text.replace(/\n$/, '').split('\n');
}

/**
 * Finding ```suggestion blocks in a note body and turning them into line edits (GitLab's
 * Gitlab::Diff::SuggestionsParser and Gitlab::Diff::Suggestion; doc/user/project/merge_requests/reviews/
 * suggestions.md "Multi-line suggestions"). A block opens with a fence of 3+ backticks or tildes and the
 * info string `suggestion`, optionally `suggestion:-N+M` (N lines above, M lines below the commented
 * line; GitLab's `/^(\-(?<above>\d+))?(\+(?<below>\d+))?$/`); it closes with a fence of the same
 * character at least as long. Blocks inside another fenced block are not suggestions. Pure; unit-tested.
 */

/** One parsed block: its replacement text (GitLab's `to_content`) and line context. */
export interface ParsedSuggestion {
  /** The new lines, each ending with `\n`; empty to delete the lines. */
  toContent: string;
  linesAbove: number;
  linesBelow: number;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*([^\s]*)[^\n]*$/;
const PARAMS = /^(?:-(\d+))?(?:\+(\d+))?$/;

/** The suggestion blocks of `body`, in order. */
export function parseSuggestions(body: string): ParsedSuggestion[] {
  const lines = body.replace(/\r\n?/g, '\n').split('\n');
  const out: ParsedSuggestion[] = [];
  let open: { fence: string; suggestion: ParsedSuggestion | null; text: string[] } | null = null;
  for (const line of lines) {
    if (open) {
      const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
      if (close && close[1]![0] === open.fence[0] && close[1]!.length >= open.fence.length) {
        if (open.suggestion) {
          const text = open.text.join('\n');
          open.suggestion.toContent = text.trim() === '' ? '' : `${text}\n`;
          out.push(open.suggestion);
        }
        open = null;
      } else open.text.push(line);
      continue;
    }
    const m = FENCE.exec(line);
    if (!m) continue;
    const fence = m[1]!;
    if (fence[0] === '`' && line.slice(line.indexOf(fence) + fence.length).includes('`')) continue;
    const info = m[2] ?? '';
    let suggestion: ParsedSuggestion | null = null;
    if (info === 'suggestion' || info.startsWith('suggestion:')) {
      const p = PARAMS.exec(info === 'suggestion' ? '' : info.slice('suggestion:'.length));
      if (p) suggestion = { toContent: '', linesAbove: Number(p[1] ?? 0), linesBelow: Number(p[2] ?? 0) };
    }
    open = { fence, suggestion, text: [] };
  }
  return out;
}

/** Lines `from..to` (1-based, inclusive) of `content`, each with its line ending (GitLab's `from_content`). */
export function linesOf(content: string, from: number, to: number): string {
  return splitLines(content)
    .slice(from - 1, to)
    .join('');
}

/** `content` split after each `\n` (the last line may lack one). */
export function splitLines(content: string): string[] {
  return content.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** The line span a suggestion replaces: the commented line with its context, clamped to the file. */
export function suggestionSpan(
  targetLine: number,
  s: { linesAbove: number; linesBelow: number },
  lineCount: number,
): { fromLine: number; toLine: number } {
  return {
    fromLine: Math.max(1, targetLine - s.linesAbove),
    toLine: Math.max(1, Math.min(lineCount, targetLine + s.linesBelow)),
  };
}

/**
 * `content` with each span replaced, applied from the bottom so earlier line numbers stay valid.
 * Spans must not overlap (checked by the caller).
 */
export function applySpans(
  content: string,
  edits: readonly { fromLine: number; toLine: number; toContent: string }[],
): string {
  const lines = splitLines(content);
  for (const e of [...edits].sort((a, b) => b.fromLine - a.fromLine)) {
    let replacement = e.toContent;
    // The last line of the file keeps its missing final newline.
    if (e.toLine >= lines.length && !content.endsWith('\n') && replacement.endsWith('\n'))
      replacement = replacement.slice(0, -1);
    lines.splice(e.fromLine - 1, e.toLine - e.fromLine + 1, replacement);
  }
  return lines.join('');
}

/** Whether any two spans share a line (GitLab: "Suggestions are not applicable as their lines cannot overlap."). */
export function spansOverlap(spans: readonly { fromLine: number; toLine: number }[]): boolean {
  const sorted = [...spans].sort((a, b) => a.fromLine - b.fromLine);
  return sorted.some((s, i) => i > 0 && s.fromLine <= sorted[i - 1]!.toLine);
}

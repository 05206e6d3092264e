/**
 * Suggested changes (doc/api/suggestions.md; GitLab's API::Entities::Suggestion): one ```suggestion block
 * of a merge request DiffNote. `from_line`/`to_line` are 1-based lines of the new file, inclusive;
 * `from_content` the lines it replaces and `to_content` the replacement, each line ending with `\n`.
 */
export interface Suggestion {
  id: number;
  from_line: number;
  to_line: number;
  appliable: boolean;
  applied: boolean;
  from_content: string;
  to_content: string;
}

/**
 * Server-side Markdown for `description_html` fields: markdown-it (CommonMark + GFM tables and
 * strikethrough) with raw HTML disabled, so any `<tag>` in the source is escaped, and markdown-it's link
 * validation, which drops `javascript:`, `vbscript:`, `file:` and non-image `data:` URLs. The output
 * therefore contains only the tags markdown-it itself emits. Task-list items (`- [ ]`/`- [x]`) are counted
 * by `taskCompletionStatus` for merge requests' `task_completion_status`.
 */
import MarkdownIt from 'markdown-it';
import type { TaskCompletionStatus } from '../../../shared/api-types/issues.js';

const md = new MarkdownIt({ html: false, linkify: true, typographer: false });

/** Rendered, sanitized HTML of `source`; null for null. */
export function renderMarkdown(source: string | null): string | null {
  if (source === null) return null;
  if (source === '') return '';
  return md.render(source).trimEnd();
}

/**
 * GitLab's task list counting (TaskList::Summary): list items starting with `[ ]` or `[x]`/`[X]`.
 * Pure; used for `task_completion_status`.
 */
export function taskCompletionStatus(source: string | null): TaskCompletionStatus {
  if (!source) return { count: 0, completed_count: 0 };
  let count = 0;
  let completed = 0;
  for (const m of source.matchAll(/^[ \t]*(?:[-*+]|\d+[.)])[ \t]+\[([ xX])\](?=[ \t]|$)/gm)) {
    count += 1;
    if (m[1] !== ' ') completed += 1;
  }
  return { count, completed_count: completed };
}

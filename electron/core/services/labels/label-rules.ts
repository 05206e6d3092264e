/**
 * Label attribute rules (GitLab's Label model validations): title, colour and priority checks with GitLab's
 * messages, the comma-separated label parameter, and the default colour.
 */
import { ValidationError } from '../errors.js';
import { normalizeLabelColor } from '../../entities/label-colors.js';

/**
 * The colour as stored: `#RRGGBB`/`#RGB` or a CSS colour name, normalised (entities/label-colors.ts).
 * @throws ValidationError 400 `{"color": ["must be a valid color code"]}`.
 */
export function labelColor(input: string): string {
  const c = normalizeLabelColor(input);
  if (!c) throw new ValidationError('color', { color: ['must be a valid color code'] });
  return c;
}

/** @throws ValidationError 400 `{"priority": ["must be greater than or equal to 0"]}` for a negative priority. */
export function checkPriority(priority: number | null | undefined): void {
  if (priority !== undefined && priority !== null && priority < 0)
    throw new ValidationError('priority', { priority: ['must be greater than or equal to 0'] });
}

/**
 * The trimmed title.
 * @throws ValidationError 400 for a blank title, a comma or NUL in it, or more than 255 characters.
 */
export function checkTitle(title: string): string {
  const t = title.trim();
  if (t === '') throw new ValidationError('title', { title: ["can't be blank"] });
  // A NUL would reach SQLite, whose length() stops at it (the title's CHECK would fail: a 500).
  if (/[,\0]/.test(t)) throw new ValidationError('title', { title: ['is invalid'] });
  // GitLab's Label validates `title` to at most 255 characters (the column's CHECK says the same).
  if ([...t].length > 255)
    throw new ValidationError('title', { title: ['is too long (maximum is 255 characters)'] });
  return t;
}

/** Split GitLab's comma-separated label parameter (or an array) into trimmed, distinct titles. */
export function labelTitles(input: string | readonly string[] | undefined): string[] {
  if (input === undefined) return [];
  const parts = (typeof input === 'string' ? input.split(',') : input.flatMap((s) => s.split(','))).map((s) =>
    s.trim(),
  );
  return [...new Set(parts.filter(Boolean))];
}

/** GitLab's Label::DEFAULT_COLOR. */
export const DEFAULT_LABEL_COLOR = '#6699cc';

import type { CiVariable } from '../../../api/admin/ci-variables/types.js';

/** One `KEY=value` pair read from a `.env` file, in file order (a repeated key keeps its last value). */
export interface DotenvEntry {
  key: string;
  value: string;
}

/**
 * dotenv's line grammar (motdotla/dotenv `lib/main.js`, BSD-2-Clause): optional `export`, a key of
 * `[\w.-]`, `=` or `: `, then a single-, double- or backtick-quoted value (which may span lines) or
 * an unquoted one up to `#`, then an optional comment.
 */
const LINE =
  /(?:^|^)\s*(?:export\s+)?([\w.-]+)(?:\s*=\s*?|:\s+?)(\s*'(?:\\'|[^'])*'|\s*"(?:\\"|[^"])*"|\s*`(?:\\`|[^`])*`|[^#\r\n]+)?\s*(?:#.*)?(?:$|$)/gm;

/**
 * Read `.env` text exactly as dotenv's `parse` does (the format most tools write): `KEY=value`,
 * `export KEY=…`, single, double and backtick quotes (double quotes expand `\n` and `\r`), multi-line
 * quoted values, `#` comments; unreadable lines are skipped. dotenv itself is a Node library (it
 * loads `fs`, `path`, `os` and `url`), so the renderer carries its grammar instead, and the unit tests
 * check this function against dotenv's own `parse` on every sample.
 */
export function parseDotenv(text: string): DotenvEntry[] {
  const values = new Map<string, string>();
  const lines = text.replace(/\r\n?/g, '\n');
  for (const match of lines.matchAll(LINE)) {
    const key = match[1] ?? '';
    let value = (match[2] ?? '').trim();
    const quote = value[0];
    value = value.replace(/^(['"`])([\s\S]*)\1$/gm, '$2');
    if (quote === '"') value = value.replace(/\\n/g, '\n').replace(/\\r/g, '\r');
    // A repeated key keeps its first position and its last value, as in dotenv's object.
    values.set(key, value);
  }
  return [...values].map(([key, value]) => ({ key, value }));
}

/** A non-blank, non-comment line of a `.env` file that {@link parseDotenv} reads nothing from. */
export interface UnreadableDotenvLine {
  /** 1-based line number. */
  line: number;
  /** The line as written (without its line break). */
  text: string;
  /** Why it is not read, as a sentence. */
  reason: string;
}

/**
 * The lines dotenv skips silently (issue 30: `BAD KEY=nope` vanished from an import): every line that
 * is not blank, not a `#` comment and not part of an entry {@link parseDotenv} reads (multi-line quoted
 * values count as read). Pure.
 */
export function findUnreadableDotenvLines(text: string): UnreadableDotenvLine[] {
  const normalized = text.replace(/\r\n?/g, '\n');
  const lines = normalized.split('\n');
  const read = new Set<number>();
  const lineOf = (offset: number) => normalized.slice(0, offset).split('\n').length - 1;
  for (const match of normalized.matchAll(LINE)) {
    if (match[0].trim() === '') continue;
    const start = match.index ?? 0;
    const first = lineOf(start + (match[0].length - match[0].trimStart().length));
    const last = lineOf(start + match[0].trimEnd().length);
    for (let line = first; line <= last; line++) read.add(line);
  }
  const unreadable: UnreadableDotenvLine[] = [];
  lines.forEach((raw, index) => {
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#') || read.has(index)) return;
    const keyPart = /^(?:export\s+)?([^=]*?)\s*=/.exec(trimmed)?.[1];
    const reason =
      keyPart !== undefined && keyPart !== ''
        ? `“${keyPart}” is not a key: keys are letters, digits and _ (no spaces or quotes).`
        : keyPart === ''
          ? 'The line has a value but no key.'
          : 'The line is not KEY=value.';
    unreadable.push({ line: index + 1, text: raw, reason });
  });
  return unreadable;
}

/** Characters that may stand unquoted in a `.env` value without any tool reading them differently. */
const PLAIN_VALUE = /^[A-Za-z0-9_+=/@:.~,%^&*(){}[\]!?<>|;-]+$/;

/**
 * One `.env` line (or block, for multi-line values) that dotenv reads back as exactly `value`, or
 * null when no quoting can carry it (a value holding `'`, `` ` `` and `"` together with a line break
 * or a literal `\n`).
 */
export function formatDotenvLine(key: string, value: string): string | null {
  if (value === '') return `${key}=`;
  if (PLAIN_VALUE.test(value)) return `${key}=${value}`;
  if (!value.includes("'")) return `${key}='${value}'`;
  if (!value.includes('`')) return `${key}=\`${value}\``;
  if (!value.includes('"') && !/\\[nr]/.test(value)) {
    return `${key}="${value.replace(/\r/g, '\\r').replace(/\n/g, '\\n')}"`;
  }
  return null;
}

/** Result of {@link formatDotenv}. */
export interface DotenvExport {
  text: string;
  /** Keys whose values no `.env` quoting can carry; they are listed in a comment instead. */
  skipped: string[];
}

/**
 * Write variables as a `.env` file: a header, then each variable with a comment naming its type and
 * flags (`# file, protected, masked`) when it has any. Dotenv reads every value back unchanged.
 */
export function formatDotenv(variables: readonly CiVariable[], header: string[] = []): DotenvExport {
  const lines = header.map((line) => `# ${line}`);
  if (lines.length > 0) lines.push('');
  const skipped: string[] = [];
  for (const variable of variables) {
    const line = formatDotenvLine(variable.key, variable.value);
    if (line === null) {
      skipped.push(variable.key);
      continue;
    }
    const flags = [
      variable.variable_type === 'file' ? 'file' : null,
      variable.protected ? 'protected' : null,
      variable.masked ? 'masked' : null,
    ].filter((flag): flag is string => flag !== null);
    if (flags.length > 0) lines.push(`# ${flags.join(', ')}`);
    lines.push(line);
  }
  if (skipped.length > 0) {
    lines.push('', `# Not exported (no .env quoting can carry their values): ${skipped.join(', ')}`);
  }
  return { text: `${lines.join('\n')}\n`, skipped };
}

/**
 * The bash scripts a job runs, shaped like GitLab Runner's shell executor output: each command is echoed
 * in green as `$ command` (the first line of a multi-line command, marked collapsed), then run, in one
 * shell with `set -eo pipefail` so the first failing command fails the script. Pure; unit-tested.
 */

/** Single-quote for bash. */
export function shQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The script text for `commands` (before_script + script, or after_script). */
export function buildScript(commands: readonly string[]): string {
  const lines = ['#!/usr/bin/env bash', 'set -eo pipefail', 'exec 2>&1'];
  for (const cmd of commands) {
    const first = cmd.split('\n')[0] ?? '';
    const shown =
      cmd.includes('\n') && cmd.trim().includes('\n') ? `${first} # collapsed multi-line command` : first;
    lines.push(`printf '\\033[32;1m$ %s\\033[0;m\\n' ${shQuote(shown)}`);
    lines.push(cmd);
  }
  lines.push('');
  return lines.join('\n');
}

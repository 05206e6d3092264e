/**
 * A job's trace file, written as the job prints (readers see it grow): output is masked
 * (`TraceMasker`, across chunk boundaries), appended to `<dataDir>/traces/<job id>.log`, and scanned line
 * by line for the job's `coverage` regex (GitLab keeps the last matching line; the first number of its
 * last match is the coverage). GitLab Runner's section markers and colours frame the runner's own lines.
 */
import { closeSync, fstatSync, openSync, writeSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { TraceMasker } from '../ci/mask.js';

const RESET = '\x1b[0;m';
const CLEAR = '\x1b[0K';

/** The coverage value GitLab reads from one trace line, or null. */
export function coverageFromLine(line: string, regex: RegExp): number | null {
  const global = new RegExp(regex.source, regex.flags.includes('g') ? regex.flags : `${regex.flags}g`);
  const matches = [...line.matchAll(global)];
  const last = matches[matches.length - 1];
  if (!last) return null;
  const groups = last.slice(1).filter((g): g is string => g !== undefined);
  const text = groups.length > 0 ? groups[groups.length - 1]! : last[0];
  const n = /\d+(\.\d+)?/.exec(text);
  return n ? Number(n[0]) : null;
}

export class TraceWriter {
  private readonly fd: number;
  private readonly masker: TraceMasker;
  private readonly decoders = new Map<string, StringDecoder>();
  private line = '';
  private coverageValue: number | null = null;
  private closed = false;

  constructor(
    file: string,
    secrets: readonly string[],
    private readonly coverageRegex: RegExp | null,
  ) {
    this.fd = openSync(file, 'a', 0o600); // owner-only, whatever the umask (core/crypto/file-modes.ts)
    this.masker = new TraceMasker(secrets);
  }

  /** Raw output bytes from the job's process (`stream` names the pipe, so multi-byte characters survive). */
  writeOutput(stream: string, chunk: Buffer): void {
    let d = this.decoders.get(stream);
    if (!d) {
      d = new StringDecoder('utf8');
      this.decoders.set(stream, d);
    }
    this.write(d.write(chunk));
  }

  /** Text to append (masked). */
  write(text: string): void {
    if (this.closed || text === '') return;
    const out = this.masker.push(text);
    if (out !== '') this.append(out);
  }

  /** A runner line in bold green/cyan/red, like GitLab Runner prints its own messages. */
  note(text: string, colour: 'green' | 'cyan' | 'red' | 'yellow' | 'plain' = 'plain'): void {
    const code = {
      green: '\x1b[32;1m',
      cyan: '\x1b[36;1m',
      red: '\x1b[31;1m',
      yellow: '\x1b[0;33m',
      plain: '',
    }[colour];
    this.flushOutput();
    this.write(`${CLEAR}${code}${text}${code ? RESET : ''}\n`);
  }

  /** Open a collapsible section (GitLab's `section_start:<unix>:<name>`). */
  sectionStart(name: string, header: string): void {
    this.flushOutput();
    this.write(
      `section_start:${Math.floor(Date.now() / 1000)}:${name}\r${CLEAR}${CLEAR}\x1b[36;1m${header}${RESET}\n`,
    );
  }

  sectionEnd(name: string): void {
    this.flushOutput();
    this.write(`section_end:${Math.floor(Date.now() / 1000)}:${name}\r${CLEAR}`);
  }

  /** Finish pending multi-byte sequences of the process output. */
  flushOutput(): void {
    for (const d of this.decoders.values()) this.write(d.end());
    this.decoders.clear();
  }

  /** The coverage found so far. */
  get coverage(): number | null {
    return this.coverageValue;
  }

  /** Flush everything and close; returns the file's size in bytes. */
  close(): number {
    if (this.closed) return fstatSafe(this.fd);
    this.flushOutput();
    const rest = this.masker.flush();
    if (rest) this.append(rest);
    this.scanLine(this.line);
    this.line = '';
    const size = fstatSafe(this.fd);
    this.closed = true;
    closeSync(this.fd);
    return size;
  }

  private append(text: string): void {
    writeSync(this.fd, text);
    if (!this.coverageRegex) return;
    const parts = (this.line + text).split('\n');
    this.line = parts.pop() ?? '';
    for (const l of parts) this.scanLine(l);
    if (this.line.length > 1_000_000) this.line = this.line.slice(-100_000);
  }

  private scanLine(line: string): void {
    if (!this.coverageRegex || line === '') return;
    const v = coverageFromLine(line.replace(/\r$/, ''), this.coverageRegex);
    if (v !== null) this.coverageValue = v;
  }
}

function fstatSafe(fd: number): number {
  try {
    return fstatSync(fd).size;
  } catch {
    return 0;
  }
}

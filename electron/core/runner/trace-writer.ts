/**
 * A job's trace file, written as the job prints (readers see it grow): output is masked
 * (`TraceMasker`, across chunk boundaries), appended to `<dataDir>/traces/<job id>.log`, and scanned line
 * by line for the job's `coverage` regex (GitLab keeps the last matching line; the first number of its
 * last match is the coverage). GitLab Runner's section markers and colours frame the runner's own lines.
 *
 * Bounded (issue 25), like GitLab Runner's trace buffer (gitlab-runner `helpers/trace/buffer.go`,
 * `limitWriter` and `truncateSafeUTF8`; config.toml `[[runners]] output_limit`, in kilobytes, default
 * 4096): once the trace holds `limitBytes`, the job's output is cut at a character boundary (and never
 * inside a `[MASKED]`), GitLab Runner's sentence "Job's log exceeded limit of N bytes. Job execution will
 * continue but no more output will be collected." is appended, and further output is dropped. The
 * runner's own lines (notes, sections: "Job succeeded", "ERROR: Job failed…") are still written after it.
 *
 * Never throws from the stream handlers: a failed open or write (ENOSPC, EIO, EDQUOT…) is remembered in
 * `writeError`, reported once through `onWriteError`, and the job's output is dropped from then on; runner
 * lines are still attempted. On ENOSPC/EDQUOT the writer gives back the last 16 KiB of output it stored,
 * once, so the final error note fits even on a disk that stays full. The runner fails such a job with
 * `runner_system_failure` (pipeline-runner.ts `finishJob`).
 */
import { closeSync, fstatSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { MASKED, TraceMasker } from '../ci/mask.js';
import { RegexBudgetError, UntrustedRegexp } from '../ci/untrusted-regexp.js';
import { CoverageScanner } from './coverage-scanner.js';

const RESET = '\x1b[0;m';
const CLEAR = '\x1b[0K';
/** gitlab-runner `helpers.ANSI_BOLD_YELLOW`, the colour of its log-limit sentence. */
const BOLD_YELLOW = '\x1b[33;1m';
/** Bytes of output given back on a full disk so the runner's final lines fit (see `makeRoom`). */
const ROOM_FOR_NOTES = 16 * 1024;

/** GitLab Runner's default `output_limit` (4096 KiB = 4 MiB), in bytes. */
export const DEFAULT_TRACE_LIMIT_BYTES = 4096 * 1024;

/**
 * The text GitLab Runner appends when a job's log reaches its limit (gitlab-runner
 * `helpers/trace/buffer.go` `writeLimitExceededMessage`, same words, colours and line breaks).
 * @param limitBytes the limit in bytes (`output_limit` × 1024).
 */
export function traceLimitMessage(limitBytes: number): string {
  return (
    `\n${BOLD_YELLOW}Job's log exceeded limit of ${limitBytes} bytes.\n` +
    `Job execution will continue but no more output will be collected.${RESET}\n`
  );
}

/** How a TraceWriter is bounded. */
export interface TraceWriterOptions {
  /**
   * Bytes of trace after which the job's output is no longer stored (default: none). The instance
   * setting `ci_job_output_limit_kb` × 1024, read at the job's start.
   */
  limitBytes?: number;
  /**
   * Called once, at the first failed open or write (an errno error such as ENOSPC). Runs inside a stream
   * handler: it must not throw (a throw is swallowed).
   */
  onWriteError?: (message: string) => void;
}

/**
 * A job's `coverage` pattern: a {@link CoverageScanner} (re2js with per-turn and per-job budgets, what
 * the runner passes) or an {@link UntrustedRegexp} (per-line limits only). A `RegExp` is accepted for
 * patterns written in code (tests); only its `source` is used, compiled on re2js like user input.
 */
export type CoverageRegex = CoverageScanner | UntrustedRegexp | RegExp;

const compiledSources = new Map<string, UntrustedRegexp | null>();

function untrusted(regex: UntrustedRegexp | RegExp): UntrustedRegexp | null {
  if (regex instanceof UntrustedRegexp) return regex;
  if (!compiledSources.has(regex.source)) {
    let compiled: UntrustedRegexp | null;
    try {
      compiled = UntrustedRegexp.compile(regex.source);
    } catch {
      compiled = null;
    }
    if (compiledSources.size > 100) compiledSources.clear();
    compiledSources.set(regex.source, compiled);
  }
  return compiledSources.get(regex.source)!;
}

/**
 * The coverage value GitLab reads from one trace line, or null (GitLab's
 * Gitlab::Ci::Trace::Stream#extract_coverage, lib/gitlab/ci/trace/stream.rb: `regex.scan(line)` with
 * UntrustedRegexp, `matches.flatten.last`, i.e. the last capture group of the last match or the whole
 * match when there is no group, then the first `\d+(\.\d+)?` in it). The caller keeps the value of the
 * last line that has one, as GitLab reads the trace backwards and stops at the first.
 *
 * Runs on re2js. Bounded: a line whose boolean match would exceed REGEX_LIMITS.maxMatchUnits, or whose
 * capturing scan would exceed REGEX_LIMITS.maxCaptureUnits (program size × line length), gives null
 * instead of being scanned (~100 ms at most per line); a CoverageScanner also caps each event-loop turn
 * and the whole job (coverage-scanner.ts). Differences from GitLab: a last group that did
 * not take part in the match gives null for that line (GitLab's `nil.gsub` raises and the whole
 * extraction yields nil), and a trailing `\r` is dropped by the caller.
 */
export function coverageFromLine(line: string, regex: CoverageRegex): number | null {
  let text: string | undefined | null;
  if (regex instanceof CoverageScanner) text = regex.lastMatchLastGroup(line);
  else {
    const re = untrusted(regex);
    if (!re) return null;
    try {
      text = re.lastMatchLastGroup(line);
    } catch (err) {
      if (err instanceof RegexBudgetError) return null;
      throw err;
    }
  }
  if (text === null || text === undefined) return null;
  const n = /\d+(\.\d+)?/.exec(text);
  return n ? Number(n[0]) : null;
}

export class TraceWriter {
  /** The trace file, or null when it could not be opened (see `writeError`). */
  private readonly fd: number | null = null;
  private readonly masker: TraceMasker;
  private readonly decoders = new Map<string, StringDecoder>();
  private line = '';
  private coverageValue: number | null = null;
  private closed = false;
  private readonly limitBytes: number;
  private readonly onWriteError: ((message: string) => void) | undefined;
  /** Bytes stored in the file by this writer. */
  private stored = 0;
  private overLimit = false;
  private failure: string | null = null;
  private roomMade = false;

  constructor(
    file: string,
    secrets: readonly string[],
    private readonly coverageRegex: CoverageRegex | null,
    options: TraceWriterOptions = {},
  ) {
    const limit = options.limitBytes ?? Infinity;
    if (!(limit > 0)) throw new RangeError('limitBytes must be positive');
    this.limitBytes = limit;
    this.onWriteError = options.onWriteError;
    this.masker = new TraceMasker(secrets);
    try {
      this.fd = openSync(file, 'a', 0o600); // owner-only, whatever the umask (core/crypto/file-modes.ts)
    } catch (err) {
      this.fail(err);
    }
  }

  /**
   * The first open or write error, as `CODE: description` (`ENOSPC: no space left on device`), or null.
   * Once set, the job's output is no longer stored.
   */
  get writeError(): string | null {
    return this.failure;
  }

  /** True once the job's output reached `limitBytes` (GitLab Runner's sentence is in the trace). */
  get limitExceeded(): boolean {
    return this.overLimit;
  }

  /** Raw output bytes from the job's process (`stream` names the pipe, so multi-byte characters survive). */
  writeOutput(stream: string, chunk: Buffer): void {
    if (this.closed || this.overLimit || this.failure !== null) return; // dropped: nothing more is stored
    let d = this.decoders.get(stream);
    if (!d) {
      d = new StringDecoder('utf8');
      this.decoders.set(stream, d);
    }
    this.write(d.write(chunk));
  }

  /** Job output text to append (masked; counted against the limit, dropped past it). */
  write(text: string): void {
    if (this.closed || text === '' || this.overLimit || this.failure !== null) return;
    const out = this.masker.push(text);
    if (out !== '') this.appendOutput(out);
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
    this.writeRunner(`${CLEAR}${code}${text}${code ? RESET : ''}\n`);
  }

  /** Open a collapsible section (GitLab's `section_start:<unix>:<name>`). */
  sectionStart(name: string, header: string): void {
    this.flushOutput();
    this.writeRunner(
      `section_start:${Math.floor(Date.now() / 1000)}:${name}\r${CLEAR}${CLEAR}\x1b[36;1m${header}${RESET}\n`,
    );
  }

  sectionEnd(name: string): void {
    this.flushOutput();
    this.writeRunner(`section_end:${Math.floor(Date.now() / 1000)}:${name}\r${CLEAR}`);
  }

  /**
   * Finish pending multi-byte sequences of the process output, and release what the masker held back
   * (a runner line follows, so a secret split around it can no longer complete).
   */
  flushOutput(): void {
    for (const d of this.decoders.values()) this.write(d.end());
    this.decoders.clear();
    const rest = this.masker.flush();
    if (rest !== '' && !this.overLimit && this.failure === null) this.appendOutput(rest);
  }

  /** The coverage found so far. */
  get coverage(): number | null {
    return this.coverageValue;
  }

  /** Flush everything and close; returns the file's size in bytes (0 when it could not be opened). Never throws. */
  close(): number {
    if (this.closed) return this.fd === null ? 0 : fstatSafe(this.fd);
    this.flushOutput();
    this.scanSafely([this.line]);
    this.line = '';
    this.closed = true;
    if (this.fd === null) return 0;
    const size = fstatSafe(this.fd);
    try {
      closeSync(this.fd);
    } catch (err) {
      this.fail(err); // a deferred write error (EIO, EDQUOT on a network file system) shows on close
    }
    return size;
  }

  /** A runner line (masked at once): never cut by the limit, still attempted after a write error. */
  private writeRunner(text: string): void {
    if (this.closed) return;
    this.append(this.masker.maskAll(text), true);
  }

  /** Masked job output: stored up to the limit, where it is cut and GitLab Runner's sentence follows. */
  private appendOutput(text: string): void {
    const room = this.limitBytes - this.stored;
    const size = Buffer.byteLength(text);
    if (size <= room) {
      this.append(text, false);
      return;
    }
    this.overLimit = true;
    const head = cutToBytes(text, Math.max(0, room));
    if (head !== '') this.append(head, false);
    this.append(traceLimitMessage(this.limitBytes), true);
  }

  /**
   * Store `text` and scan it for coverage. A write error is remembered, never thrown; after one, only
   * runner lines (`retry`) are attempted again.
   */
  private append(text: string, retry: boolean): void {
    if (this.fd === null || (this.failure !== null && !retry)) return;
    if (!this.store(this.fd, text)) return;
    if (!this.coverageRegex) return;
    const parts = (this.line + text).split('\n');
    this.line = parts.pop() ?? '';
    this.scanSafely(parts);
    if (this.line.length > 1_000_000) this.line = this.line.slice(-100_000);
  }

  /** Scan lines for coverage; an unexpected scanner error never escapes (stream handlers call this). */
  private scanSafely(lines: readonly string[]): void {
    try {
      for (const l of lines) this.scanLine(l);
    } catch {
      // the coverage found so far stands
    }
  }

  private scanLine(line: string): void {
    if (!this.coverageRegex || line === '') return;
    const v = coverageFromLine(line.replace(/\r$/, ''), this.coverageRegex);
    if (v !== null) this.coverageValue = v;
  }

  /** Write all of `text`; false (and the error recorded) when the file system refuses. */
  private store(fd: number, text: string): boolean {
    let buf = Buffer.from(text);
    try {
      while (buf.length > 0) {
        const n = writeSync(fd, buf);
        this.stored += n;
        buf = buf.subarray(n);
      }
      return true;
    } catch (err) {
      this.fail(err);
      this.makeRoom(fd, err);
      return false;
    }
  }

  /**
   * After ENOSPC/EDQUOT, once: give back the last `ROOM_FOR_NOTES` bytes this writer stored (the
   * output cut off anyway), so the runner's error note still fits on a full disk.
   */
  private makeRoom(fd: number, err: unknown): void {
    const code = (err as NodeJS.ErrnoException | null)?.code;
    if (this.roomMade || (code !== 'ENOSPC' && code !== 'EDQUOT')) return;
    this.roomMade = true;
    try {
      const size = fstatSync(fd).size;
      const give = Math.min(ROOM_FOR_NOTES, this.stored);
      ftruncateSync(fd, size - give);
      this.stored -= give;
    } catch {
      // nothing more to do: the note may not fit
    }
  }

  private fail(err: unknown): void {
    if (this.failure !== null) return;
    this.failure = describeWriteError(err);
    try {
      this.onWriteError?.(this.failure);
    } catch {
      // the callback runs inside a stream handler: nothing may escape it
    }
  }
}

/**
 * The longest prefix of `text` of at most `maxBytes` UTF-8 bytes that ends on a character boundary and
 * not inside a `[MASKED]` (gitlab-runner's `truncateSafeUTF8` does the first half). Pure.
 */
export function cutToBytes(text: string, maxBytes: number): string {
  const buf = Buffer.from(text);
  if (buf.length <= maxBytes) return text;
  let end = Math.max(0, maxBytes);
  while (end > 0 && (buf[end]! & 0xc0) === 0x80) end -= 1; // not inside a multi-byte character
  let head = buf.subarray(0, end).toString('utf8');
  const from = Math.max(0, head.length - MASKED.length + 1);
  const masked = text.indexOf(MASKED, from);
  if (masked !== -1 && masked < head.length) head = head.slice(0, masked);
  return head;
}

/** `ENOSPC: no space left on device` from a Node errno error (its syscall and path left out). */
export function describeWriteError(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  if (e && typeof e.code === 'string' && typeof e.message === 'string') {
    const m = /^[A-Z0-9_]+: ([^,]+)/.exec(e.message);
    return `${e.code}: ${m ? m[1] : e.message}`;
  }
  return err instanceof Error ? err.message : String(err);
}

function fstatSafe(fd: number): number {
  try {
    return fstatSync(fd).size;
  } catch {
    return 0;
  }
}

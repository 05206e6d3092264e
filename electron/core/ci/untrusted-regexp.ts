/**
 * Regular expressions written by users (`rules:if` / `only:variables` `=~` and `!~`, `only/except` ref
 * patterns, `coverage:`, `changes`/`exists` globs), compiled and run on re2js, a pure-JavaScript port
 * of RE2: matching is linear in the input, so no pattern can backtrack exponentially on the main thread
 * the way a JavaScript `RegExp` does (`/^(a+)+$/` against 28 `a`s and a `!` held the event loop 13.6 s).
 *
 * Modelled on GitLab's `Gitlab::UntrustedRegexp` (lib/gitlab/untrusted_regexp.rb: RE2 with
 * `log_errors: false`, `RegexpError` for an invalid pattern, `scan` wrapping a capture-less pattern in a
 * group) and `Gitlab::UntrustedRegexp::RubySyntax` (lib/gitlab/untrusted_regexp/ruby_syntax.rb:
 * `%r{^/(?<regexp>.*)/(?<flags>[ismU]*)$}`, the flags prepended as `(?flags)`, `fabricate` returning nil
 * and `fabricate!` raising for anything else).
 *
 * GitLab runs these on RE2, not on Ruby's Onigmo, so the syntax is RE2's and so are the flags:
 * - flags are `i`, `s`, `m`, `U` only. `m` is RE2's multi-line (`^`/`$` at line ends), not Ruby's
 *   "dot matches newline" (that is `s`); `U` swaps greedy and lazy. `x`, `o`, `u`, `g` and other letters
 *   are refused (a YAML error for a literal; a variable holding `/re/x` is not a pattern at all).
 * - without `m`, `^`/`$` anchor the whole text, never a line (Ruby's are always line anchors); `$` does
 *   not match before a final newline; `\A`, `\z` work, `\Z` does not.
 * - no backreferences (`\1`), lookaround (`(?=`, `(?<!`), possessive or atomic groups, `\h`, `\R`,
 *   `\u0041` (write `\x{41}`), conditionals or recursion: all are invalid patterns.
 * - `(?<name>…)` and `(?P<name>…)` name groups; `\pL`, `[[:alpha:]]`, `\Q…\E` work.
 * Known differences from RE2 proper (re2js follows Go's regexp/syntax): `\C` (any byte) is refused.
 *
 * Bounds (documented in docs/security.md): a pattern is at most {@link REGEX_LIMITS.maxPatternLength}
 * characters and compiles to at most {@link REGEX_LIMITS.maxProgramSize} instructions (RE2 itself stops
 * at its 8 MiB `max_mem`; ours is tighter so a match's worst case is known). A match costs at most
 * `programSize × (text length + 1)` steps ("units"); one boolean match is refused above
 * {@link REGEX_LIMITS.maxMatchUnits}, one capturing scan above {@link REGEX_LIMITS.maxCaptureUnits},
 * and a {@link RegexBudget} caps the units spent by all matches of one pipeline creation (or, for
 * coverage, of one event-loop turn and of one job: runner/coverage-scanner.ts).
 */
import { RE2JS } from 're2js';

/**
 * The numbers that bound user-supplied regular expressions. Measured on re2js 2.10.0, Node 24, one core
 * of a loaded 2-core VM: a boolean match (DFA, falling back to the NFA) costs at most ~3.4 ns per unit
 * on the worst patterns found (`(a*)*(b*)*(c*)*$`), a capturing scan at most ~50 ns per unit
 * (`(.*a){50}$`). So one boolean match stays under ~85 ms and one capturing scan under ~100 ms.
 */
export const REGEX_LIMITS = Object.freeze({
  /** Characters in a pattern's source (between the slashes). */
  maxPatternLength: 4096,
  /** Instructions of the compiled program (`(.*a){100}` is 502; typical CI patterns are under 100). */
  maxProgramSize: 1000,
  /** Units (program size × (text length + 1)) of one boolean match (~85 ms worst case). */
  maxMatchUnits: 25_000_000,
  /** Units of one capturing scan (coverage's last group of the last match; ~75 ms worst case). */
  maxCaptureUnits: 1_500_000,
  /** A capturing scan's unit costs this many boolean units in a budget (~50 ns against ~3.4 ns). */
  captureWeight: 16,
  /** Units of all matches of one pipeline creation (worst case ~850 ms, typical DFA cost ~50× less). */
  pipelineUnits: 250_000_000,
  /**
   * Milliseconds of compiling one event-loop turn may spend (measured): compiling costs up to ~15 µs
   * per pattern character on Unicode-class-heavy patterns (a 3,500-character one takes ~55 ms), and a
   * pushed configuration may hold many. Past it, compiling fails (an invalid pattern) until the next turn.
   */
  compileMsPerTurn: 200,
  /** Compiled patterns kept (and refusals remembered) by `flags` and `source`, oldest dropped first. */
  compileCacheSize: 1000,
});

const compileCache = new Map<string, UntrustedRegexp | string>();
const compileTurn = { spentMs: 0, resetPending: false };

function chargeCompileTime(ms: number): void {
  compileTurn.spentMs += ms;
  if (compileTurn.resetPending) return;
  compileTurn.resetPending = true;
  setImmediate(() => {
    compileTurn.spentMs = 0;
    compileTurn.resetPending = false;
  });
}

/** An invalid pattern (GitLab's `RegexpError`): bad syntax, an unsupported flag, or too large. */
export class UntrustedRegexpError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UntrustedRegexpError';
  }
}

/** A match refused because it would cost more than its limit or than the budget left. */
export class RegexBudgetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RegexBudgetError';
  }
}

/**
 * The units all matches of one unit of work (a pipeline creation) may spend. `spend` throws
 * {@link RegexBudgetError} when a match would take the total past `total`.
 */
export class RegexBudget {
  private spentUnits = 0;
  /**
   * @param total units this budget allows.
   * @param parent a budget charged with everything charged here (and checked first), e.g. a job's
   *   total behind one event-loop turn's share.
   */
  constructor(
    readonly total: number = REGEX_LIMITS.pipelineUnits,
    private readonly parent: RegexBudget | null = null,
  ) {}

  /** Units spent so far. */
  get spent(): number {
    return this.spentUnits;
  }

  /** Whether `units` more fit here and in every parent. */
  fits(units: number): boolean {
    return this.spentUnits + units <= this.total && (this.parent?.fits(units) ?? true);
  }

  /** Record `units`; throws RegexBudgetError (recording nothing) when this or a parent would pass its cap. */
  spend(units: number): void {
    if (!this.fits(units))
      throw new RegexBudgetError(
        `regular expression matching exceeded its budget of ${this.total} steps for this pipeline`,
      );
    this.parent?.spend(units);
    this.spentUnits += units;
  }

  /** Forget what was spent here (not in the parent): a new event-loop turn's share. */
  reset(): void {
    this.spentUnits = 0;
  }
}

const RUBY_SYNTAX_FLAGS = /^[ismU]*$/;

/**
 * A compiled user-supplied regular expression on re2js. Immutable; safe to share.
 */
export class UntrustedRegexp {
  private constructor(
    /** The pattern as written, without the flags. */
    readonly source: string,
    /** The flags (`[ismU]*`) as written. */
    readonly flags: string,
    private readonly re: RE2JS,
    /** Instructions of the compiled program (the factor of every match's cost). */
    readonly programSize: number,
  ) {}

  /**
   * Compile `source` with RubySyntax `flags` (`i`, `s`, `m`, `U`; prepended as `(?flags)` like
   * RubySyntax.create_untrusted_regexp).
   * Compiled patterns are cached (REGEX_LIMITS.compileCacheSize), as GitLab keeps them per request
   * (Pattern::RegularExpression, `Gitlab::SafeRequestStore`).
   * @throws UntrustedRegexpError for a flag outside `[ismU]`, a pattern RE2 refuses, or one past
   *   {@link REGEX_LIMITS} (length or program size).
   * @throws RegexBudgetError for a pattern not in the cache once this event-loop turn has spent
   *   REGEX_LIMITS.compileMsPerTurn compiling.
   */
  static compile(source: string, flags = ''): UntrustedRegexp {
    if (!RUBY_SYNTAX_FLAGS.test(flags)) throw new UntrustedRegexpError(`unsupported regexp flags: ${flags}`);
    if (source.length > REGEX_LIMITS.maxPatternLength)
      throw new UntrustedRegexpError(
        `regular expression too long (at most ${REGEX_LIMITS.maxPatternLength} characters)`,
      );
    const key = `${flags}/${source}`;
    const cached = compileCache.get(key);
    if (cached !== undefined) {
      if (typeof cached === 'string') throw new UntrustedRegexpError(cached);
      return cached;
    }
    if (compileTurn.spentMs > REGEX_LIMITS.compileMsPerTurn)
      throw new RegexBudgetError(
        `too many regular expressions to compile at once (over ${REGEX_LIMITS.compileMsPerTurn} ms)`,
      );
    const started = performance.now();
    let outcome: UntrustedRegexp | string;
    try {
      const re = RE2JS.compile(flags ? `(?${flags})${source}` : source);
      const size = re.matcher('').programSize();
      outcome =
        size > REGEX_LIMITS.maxProgramSize
          ? `regular expression too large (${size} instructions, at most ${REGEX_LIMITS.maxProgramSize})`
          : new UntrustedRegexp(source, flags, re, size);
    } catch (err) {
      outcome = err instanceof Error ? err.message : String(err);
    } finally {
      chargeCompileTime(performance.now() - started);
    }
    if (compileCache.size >= REGEX_LIMITS.compileCacheSize)
      compileCache.delete(compileCache.keys().next().value!);
    compileCache.set(key, outcome);
    if (typeof outcome === 'string') throw new UntrustedRegexpError(outcome);
    return outcome;
  }

  /** The units a match over `text` costs: program size × (length + 1). */
  unitsFor(text: string): number {
    return this.programSize * (text.length + 1);
  }

  private charge(text: string, limit: number, budget: RegexBudget | undefined): void {
    const units = this.unitsFor(text);
    if (units > limit)
      throw new RegexBudgetError(
        `regular expression /${this.source.slice(0, 40)}${this.source.length > 40 ? '…' : ''}/ over ${text.length} characters would take ${units} steps (at most ${limit})`,
      );
    budget?.spend(units);
  }

  /**
   * Whether the pattern matches anywhere in `text` (GitLab's `regexp.scan(text).present?`: an empty
   * match counts). Linear time.
   * @throws RegexBudgetError when the match would cost more than {@link REGEX_LIMITS.maxMatchUnits} or
   *   than `budget` has left.
   */
  test(text: string, budget?: RegexBudget): boolean {
    this.charge(text, REGEX_LIMITS.maxMatchUnits, budget);
    return this.re.test(text);
  }

  /**
   * GitLab's `scan(text).flatten.last` for one line: the last capture group of the last match (the
   * whole match when the pattern has no group, as UntrustedRegexp#scan wraps it in one), `undefined`
   * when that group did not take part, or null when nothing matches. A boolean pass (cheap DFA) runs
   * first; the capturing scan runs only on a matching text and is charged `captureWeight` times its
   * units.
   * @throws RegexBudgetError when the boolean pass would exceed maxMatchUnits, the capturing scan
   *   maxCaptureUnits, or either what `budget` has left.
   */
  lastMatchLastGroup(text: string, budget?: RegexBudget): string | undefined | null {
    if (!this.test(text, budget)) return null;
    const units = this.unitsFor(text);
    if (units > REGEX_LIMITS.maxCaptureUnits)
      throw new RegexBudgetError(
        `capturing scan over ${text.length} characters would take ${units} steps (at most ${REGEX_LIMITS.maxCaptureUnits})`,
      );
    budget?.spend(units * REGEX_LIMITS.captureWeight);
    let last: RegExpExecArray | null = null;
    for (const m of this.re.matchAll(text)) last = m as RegExpExecArray;
    if (!last) return null;
    return last.length > 1 ? last[last.length - 1] : last[0];
  }

  /** `/source/flags`, as GitLab's `inspect` writes a pattern. */
  toString(): string {
    return `/${this.source}/${this.flags}`;
  }
}

/** The whole-text `/re/flags` form of RubySyntax::PATTERN, split; null when `text` is not in that form. */
export function splitRubySyntax(text: string): { source: string; flags: string } | null {
  // RubySyntax::PATTERN is `^/(?<regexp>.*)/(?<flags>[ismU]*)$`: the greedy `.*` ends at the last `/`,
  // and only `[ismU]` may follow it. A scan, not a RegExp, so the check is linear.
  if (text.length < 2 || text[0] !== '/') return null;
  const end = text.lastIndexOf('/');
  if (end < 1) return null;
  const flags = text.slice(end + 1);
  if (!RUBY_SYNTAX_FLAGS.test(flags)) return null;
  return { source: text.slice(1, end), flags };
}

/**
 * `Gitlab::UntrustedRegexp::RubySyntax`: `/re/flags` text to an {@link UntrustedRegexp}.
 */
export const RubySyntax = Object.freeze({
  /** Whether `text` has the `/re/flags` form (valid or not), as RubySyntax.matches_syntax?. */
  matchesSyntax(text: unknown): boolean {
    return typeof text === 'string' && splitRubySyntax(text) !== null;
  },
  /**
   * RubySyntax.fabricate!: the compiled pattern.
   * @throws UntrustedRegexpError when `text` is not `/re/flags` or the pattern is invalid.
   * @throws RegexBudgetError when this turn's compile time is spent (UntrustedRegexp.compile).
   */
  fabricateOrThrow(text: unknown): UntrustedRegexp {
    if (typeof text !== 'string') throw new UntrustedRegexpError('Pattern is not string!');
    const parts = splitRubySyntax(text);
    if (!parts) throw new UntrustedRegexpError('Invalid regular expression!');
    return UntrustedRegexp.compile(parts.source, parts.flags);
  },
  /**
   * RubySyntax.fabricate: the compiled pattern, or null when `text` is not a valid `/re/flags`.
   * @throws RegexBudgetError when this turn's compile time is spent (UntrustedRegexp.compile).
   */
  fabricate(text: unknown): UntrustedRegexp | null {
    try {
      return RubySyntax.fabricateOrThrow(text);
    } catch (err) {
      if (err instanceof UntrustedRegexpError) return null;
      throw err;
    }
  },
  /** RubySyntax.valid? (false, too, when this turn's compile time is spent). */
  valid(text: unknown): boolean {
    try {
      return RubySyntax.fabricate(text) !== null;
    } catch (err) {
      if (err instanceof RegexBudgetError) return false;
      throw err;
    }
  },
});

/**
 * A literal text as an RE2 pattern that matches exactly that text (RE2's `QuoteMeta`). For building a
 * pattern from data (a branch name, a glob's literal parts) that then runs on {@link UntrustedRegexp}.
 */
export function quoteMeta(text: string): string {
  return text.replace(/[\\.+*?()|[\]{}^$/-]/g, '\\$&');
}

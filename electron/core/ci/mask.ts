/**
 * Masking of secret values in job traces (doc/ci/variables/_index.md "Mask a CI/CD variable"): every
 * occurrence of a masked value prints as `[MASKED]`, also when the value arrives split across output
 * chunks. The masker holds back the shortest tail that could still begin a secret and releases it once
 * the next chunk (or the end) decides. Pure; unit-tested.
 */

export const MASKED = '[MASKED]';

export class TraceMasker {
  private readonly secrets: string[];
  private pending = '';

  /** `secrets`: the values to hide; empty strings and duplicates are ignored. Longer values win. */
  constructor(secrets: readonly string[]) {
    this.secrets = [...new Set(secrets.filter((s) => s.length > 0))].sort((a, b) => b.length - a.length);
  }

  /** Feed text; returns what can be written now (masked). */
  push(text: string): string {
    if (this.secrets.length === 0) return text;
    const all = this.pending + text;
    const masked = this.replaceAll(all);
    const hold = this.heldTailLength(masked);
    this.pending = masked.slice(masked.length - hold);
    return masked.slice(0, masked.length - hold);
  }

  /** The rest, at the end of the output. */
  flush(): string {
    const rest = this.pending;
    this.pending = '';
    return rest;
  }

  /** Mask a complete text at once. */
  maskAll(text: string): string {
    return this.secrets.length === 0 ? text : this.replaceAll(text);
  }

  private replaceAll(text: string): string {
    let out = text;
    for (const s of this.secrets) if (out.includes(s)) out = out.split(s).join(MASKED);
    return out;
  }

  /** Length of the longest suffix of `text` that is a proper prefix of some secret. */
  private heldTailLength(text: string): number {
    let best = 0;
    for (const s of this.secrets) {
      const max = Math.min(s.length - 1, text.length);
      for (let n = max; n > best; n--) {
        if (text.endsWith(s.slice(0, n))) {
          best = n;
          break;
        }
      }
    }
    return best;
  }
}

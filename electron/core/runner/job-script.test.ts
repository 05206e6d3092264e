import { describe, expect, it } from 'vitest';
import { buildScript, shQuote } from './job-script.js';

describe('buildScript', () => {
  it('echoes each command in green, then runs it, failing on the first error', () => {
    const s = buildScript(['echo "hi"', "echo it's", 'if true; then\n  echo multi\nfi']);
    expect(s).toContain('set -eo pipefail');
    expect(s).toContain(`printf '\\033[32;1m$ %s\\033[0;m\\n' 'echo "hi"'\necho "hi"`);
    expect(s).toContain(`'echo it'\\''s'`);
    expect(s).toContain("'if true; then # collapsed multi-line command'");
  });

  it('quotes for bash', () => {
    expect(shQuote("a'b")).toBe(`'a'\\''b'`);
  });
});

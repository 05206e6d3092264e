import { describe, expect, it } from 'vitest';
import { asSentence } from './as-sentence.js';

describe('asSentence', () => {
  it('capitalizes and ends with punctuation', () => {
    expect(asSentence("  '/tmp/x' does not appear to be a git repository ")).toBe(
      "'/tmp/x' does not appear to be a git repository.",
    );
    expect(asSentence('remote hung up')).toBe('Remote hung up.');
    expect(asSentence('Done!')).toBe('Done!');
    expect(asSentence(null)).toBe('');
  });
});

/**
 * Make a message from elsewhere (git, an instance) read as a sentence: trimmed, first letter
 * upper-cased, ending in punctuation. `"'/tmp/x' does not appear to be a git repository"` keeps its
 * quote and gains a period. Returns `''` for blank input.
 */
export function asSentence(text: string | null | undefined): string {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return '';
  const capitalized = /^[a-z]/.test(trimmed) ? trimmed.charAt(0).toUpperCase() + trimmed.slice(1) : trimmed;
  return /[.!?…]$/.test(capitalized) ? capitalized : `${capitalized}.`;
}

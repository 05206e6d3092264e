/**
 * Check the URL of a GitLab instance typed by an administrator. Returns a sentence to show under
 * the field, or null when it is an absolute http(s) URL without query or fragment.
 */
export function validateInstanceUrl(input: string): string | null {
  const text = input.trim();
  if (text === '') return 'Enter the address of the instance, e.g. https://gitlab.example.com.';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'Enter a full address starting with https:// (or http://).';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return 'The address must start with https:// or http://.';
  if (url.search || url.hash) return 'Leave out the query string and #fragment.';
  if (url.username || url.password) return 'Leave credentials out of the address; use the token field.';
  return null;
}

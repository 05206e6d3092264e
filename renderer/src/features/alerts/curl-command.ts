/** Quote a string for a POSIX shell: single quotes, with embedded ones closed and escaped. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The `curl` command that posts `payload` to an alert endpoint with its key, as a monitoring tool
 * would (`Authorization: Bearer <key>`, `Content-Type: application/json`). Pure.
 */
export function curlCommand(url: string, key: string, payload: string): string {
  return [
    `curl -X POST ${shellQuote(url)} \\`,
    `  -H ${shellQuote(`Authorization: Bearer ${key}`)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d ${shellQuote(payload)}`,
  ].join('\n');
}

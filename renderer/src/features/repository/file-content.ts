/** File contents as the files API sends them (base64), made ready for display. */

/** Decoded content: text when it is valid UTF-8 without NUL bytes, else binary. */
export type DecodedContent = { kind: 'text'; text: string } | { kind: 'binary'; size: number };

/** Raw bytes of a base64 string (whitespace ignored). */
export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * Decode the files API's base64 content. A NUL byte in the first 8 KB (git's own test) or invalid
 * UTF-8 makes it binary. A UTF-8 byte-order mark is dropped.
 */
export function decodeContent(base64: string): DecodedContent {
  const bytes = base64ToBytes(base64);
  const probe = bytes.subarray(0, 8000);
  if (probe.includes(0)) return { kind: 'binary', size: bytes.length };
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return { kind: 'text', text };
  } catch {
    return { kind: 'binary', size: bytes.length };
  }
}

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  svg: 'image/svg+xml',
};

/** The image MIME type for a path the file view can show as a picture, else null. */
export function imageTypeForPath(path: string): string | null {
  const extension = path.split('.').pop()?.toLowerCase() ?? '';
  return path.includes('.') ? (IMAGE_TYPES[extension] ?? null) : null;
}

/** "0 B", "512 B", "1.5 KB", "2.3 MB". */
export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = size / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}

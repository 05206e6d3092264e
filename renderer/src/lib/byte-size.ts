/** Binary (IEC) units a size can be entered in, smallest first. */
export type ByteUnit = 'B' | 'KiB' | 'MiB' | 'GiB' | 'TiB';

/** Bytes per unit. */
export const BYTE_UNITS: Readonly<Record<ByteUnit, number>> = {
  B: 1,
  KiB: 1024,
  MiB: 1024 ** 2,
  GiB: 1024 ** 3,
  TiB: 1024 ** 4,
};

/** Units in ascending order. */
export const BYTE_UNIT_ORDER: readonly ByteUnit[] = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

/** A size as an administrator enters it: a number and a unit. */
export interface ByteSizeParts {
  value: number;
  unit: ByteUnit;
}

/**
 * The largest unit that shows `bytes` exactly, as a number of at least 1 with at most two decimals
 * (3221225472 → 3 GiB, 1610612736 → 1.5 GiB, 524288000 → 500 MiB, 1536 → 1.5 KiB, 1000 → 1000 B).
 * Zero shows as `0 MiB` (`fallbackUnit`). Non-integers and negative sizes are returned in bytes.
 */
export function bytesToParts(bytes: number, fallbackUnit: ByteUnit = 'MiB'): ByteSizeParts {
  if (bytes === 0) return { value: 0, unit: fallbackUnit };
  if (!Number.isSafeInteger(bytes) || bytes < 0) return { value: bytes, unit: 'B' };
  for (let index = BYTE_UNIT_ORDER.length - 1; index > 0; index -= 1) {
    const unit = BYTE_UNIT_ORDER[index] as ByteUnit;
    const value = bytes / BYTE_UNITS[unit];
    // Binary fractions are exact in floating point, so `value * 100` is an integer exactly when
    // the size has at most two decimals in this unit.
    if (value >= 1 && Number.isInteger(value * 100)) return { value, unit };
  }
  return { value: bytes, unit: 'B' };
}

/** Why an entered size is not a valid byte count, or null when it is. */
export function checkByteSize(parts: { value: number | string | null; unit: ByteUnit }): string | null {
  const { value, unit } = parts;
  if (value === null || value === '') return 'Enter a size.';
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return 'Enter a number.';
  if (number < 0) return 'The size cannot be negative.';
  const bytes = number * BYTE_UNITS[unit];
  if (!Number.isSafeInteger(Math.round(bytes))) return 'The size is too large.';
  if (Math.abs(bytes - Math.round(bytes)) > 1e-6) {
    return `That is not a whole number of bytes (${formatNumber(bytes)} B).`;
  }
  return null;
}

/**
 * The exact byte count of an entered size, or null when it is not a non-negative whole number of
 * bytes (see {@link checkByteSize}).
 */
export function partsToBytes(parts: { value: number | string | null; unit: ByteUnit }): number | null {
  if (checkByteSize(parts) !== null) return null;
  return Math.round(Number(parts.value) * BYTE_UNITS[parts.unit]);
}

function formatNumber(value: number, maximumFractionDigits = 3): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits }).format(value);
}

/**
 * A size for reading: the largest unit that keeps the number at least 1, with up to two decimals
 * (`3221225472` → `3 GiB`, `524288000` → `500 MiB`, `1536` → `1.5 KiB`, `0` → `0 B`).
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return '—';
  const sign = bytes < 0 ? '-' : '';
  const size = Math.abs(bytes);
  let unit: ByteUnit = 'B';
  for (const candidate of BYTE_UNIT_ORDER) {
    if (size >= BYTE_UNITS[candidate]) unit = candidate;
  }
  return `${sign}${formatNumber(size / BYTE_UNITS[unit], 2)} ${unit}`;
}

/** The exact count with digit grouping: `3221225472` → `3,221,225,472 bytes`. */
export function formatByteCount(bytes: number): string {
  return `${formatNumber(bytes, 0)} ${bytes === 1 ? 'byte' : 'bytes'}`;
}

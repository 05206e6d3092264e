import { describe, expect, it } from 'vitest';
import { bytesToParts, checkByteSize, formatByteCount, formatBytes, partsToBytes } from './byte-size.js';

describe('bytesToParts', () => {
  it('picks the largest unit that shows the size exactly', () => {
    expect(bytesToParts(3221225472)).toEqual({ value: 3, unit: 'GiB' });
    expect(bytesToParts(5368709120)).toEqual({ value: 5, unit: 'GiB' });
    expect(bytesToParts(524288000)).toEqual({ value: 500, unit: 'MiB' });
    expect(bytesToParts(5242880)).toEqual({ value: 5, unit: 'MiB' });
    expect(bytesToParts(1536)).toEqual({ value: 1.5, unit: 'KiB' });
    expect(bytesToParts(1610612736)).toEqual({ value: 1.5, unit: 'GiB' });
    expect(bytesToParts(1000)).toEqual({ value: 1000, unit: 'B' });
    expect(bytesToParts(1288490189)).toEqual({ value: 1288490189, unit: 'B' });
    expect(bytesToParts(2048)).toEqual({ value: 2, unit: 'KiB' });
    expect(bytesToParts(7)).toEqual({ value: 7, unit: 'B' });
  });

  it('shows zero in the fallback unit', () => {
    expect(bytesToParts(0)).toEqual({ value: 0, unit: 'MiB' });
    expect(bytesToParts(0, 'GiB')).toEqual({ value: 0, unit: 'GiB' });
  });
});

describe('partsToBytes and checkByteSize', () => {
  it('converts exact sizes', () => {
    expect(partsToBytes({ value: 3, unit: 'GiB' })).toBe(3221225472);
    expect(partsToBytes({ value: 1.5, unit: 'GiB' })).toBe(1610612736);
    expect(partsToBytes({ value: '500', unit: 'MiB' })).toBe(524288000);
    expect(partsToBytes({ value: 0, unit: 'MiB' })).toBe(0);
  });

  it('rejects negative, empty, fractional-byte and huge sizes with a reason', () => {
    expect(checkByteSize({ value: -1, unit: 'MiB' })).toBe('The size cannot be negative.');
    expect(checkByteSize({ value: '', unit: 'MiB' })).toBe('Enter a size.');
    expect(checkByteSize({ value: null, unit: 'MiB' })).toBe('Enter a size.');
    expect(checkByteSize({ value: 'abc', unit: 'MiB' })).toBe('Enter a number.');
    expect(checkByteSize({ value: 0.3, unit: 'KiB' })).toBe('That is not a whole number of bytes (307.2 B).');
    expect(checkByteSize({ value: 1.5, unit: 'B' })).toMatch(/whole number of bytes/);
    expect(checkByteSize({ value: 1e9, unit: 'TiB' })).toBe('The size is too large.');
    expect(partsToBytes({ value: -1, unit: 'GiB' })).toBeNull();
  });
});

describe('formatBytes', () => {
  it('reads sizes in binary units', () => {
    expect(formatBytes(3221225472)).toBe('3 GiB');
    expect(formatBytes(524288000)).toBe('500 MiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(1000)).toBe('1,000 B');
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1610612736)).toBe('1.5 GiB');
  });

  it('writes exact counts with grouping', () => {
    expect(formatByteCount(3221225472)).toBe('3,221,225,472 bytes');
    expect(formatByteCount(1)).toBe('1 byte');
  });
});
